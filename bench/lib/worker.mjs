// One target, measured in its own process so its memory is attributable:
//   node bench/lib/worker.mjs <target> <scale> <result.json>
// Writes the result as JSON; the orchestrator (bench/run.mjs) reads it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { round } from './stats.mjs'
import { peakRssOfPid, TARGETS } from './targets.mjs'
import {
  countsFor,
  deployContracts,
  fitCapsToBudget,
  prepareChain,
  useTxPath,
  w1BlockNumber,
  w2GetBalance,
  w3CallBalanceOf,
  w4ValueTransfers,
  w5TokenTransfers,
  w6GetLogs,
} from './workloads.mjs'

const [targetName, scaleArg, outFile, budgetArg] = process.argv.slice(2)
const target = TARGETS[targetName]
if (!target || !outFile) {
  console.error('usage: worker.mjs <target> <scale> <result.json> [budget ms]')
  process.exit(2)
}
const scale = Number(scaleArg)
const counts = countsFor(scale)
const capFactor = budgetArg ? fitCapsToBudget(Number(budgetArg)) : 1
const mib = (bytes) => round(bytes / 1024 / 1024)
/** BENCH_WORKLOADS=W3,W4,W5 (run.mjs --workloads=) runs only those; W7 (start-up) is always measured. */
const only = process.env.BENCH_WORKLOADS?.split(',')
const wanted = (name) => !only || only.includes(name)

const result = {
  target: targetName,
  label: target.label,
  runtime: process.version,
  scale,
  counts,
  capFactor,
  errors: {},
}
if (target.notes) result.notes = target.notes.join(' ')
if (target.txPath) useTxPath(target.txPath)
const tmpDir = mkdtempSync(join(tmpdir(), `bench-${targetName}-`))
// The harness itself (viem, the fixtures) before the target is loaded: subtract it to attribute memory.
result.harnessRssMiB = mib(process.memoryUsage().rss)

async function step(name, fn) {
  try {
    result[name] = await fn()
  } catch (error) {
    result.errors[name] = String(error?.stack ?? error).slice(0, 800)
  }
}

let started
try {
  const t0 = performance.now()
  started = await target.start({ tmpDir })
  await started.client.request({ method: 'eth_blockNumber' })
  result.W7 = { startupMs: round(performance.now() - t0) }
  const { client } = started
  const chain = await prepareChain(client)
  result.chainId = chain.chainId
  let contracts = {}
  await step('setup', async () => {
    contracts = await deployContracts(client, chain)
    return contracts
  })
  if (wanted('W1')) await step('W1', () => w1BlockNumber(client, counts))
  if (wanted('W2')) await step('W2', () => w2GetBalance(client, counts))
  if (contracts.token && wanted('W3'))
    await step('W3', () => w3CallBalanceOf(client, counts, contracts.token))
  if (wanted('W4')) await step('W4', () => w4ValueTransfers(client, counts, chain))
  if (contracts.token && wanted('W5'))
    await step('W5', () => w5TokenTransfers(client, counts, chain, contracts.token))
  if (contracts.emitter && wanted('W6'))
    await step('W6', () => w6GetLogs(client, counts, chain, contracts.emitter))
} catch (error) {
  result.errors.start = String(error?.stack ?? error).slice(0, 800)
}

// ru_maxrss is in KiB on Linux: the peak of this process, harness included.
result.W7 = { ...result.W7, peakRssMiB: round(process.resourceUsage().maxRSS / 1024) }
if (started?.serverPid) result.W7.serverPeakRssMiB = round(peakRssOfPid(started.serverPid) ?? Number.NaN)
try {
  await started?.close()
} catch (error) {
  result.errors.close = String(error).slice(0, 300)
}
rmSync(tmpDir, { recursive: true, force: true })
writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`)
// Some peers keep timers or sockets alive after close; the measurement is done.
process.exit(0)
