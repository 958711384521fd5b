// One scale measurement of our HTTP server over LevelDB, its chain kept in a data directory:
//   node bench/scale/serverWorker.mjs <size> <data-root> <out.json> [--transfers=N --token-transfers=N]
// The chain is built once (through the server's own JSON-RPC) into <data-root>/leveldb-<size> and
// reused by later runs; W4/W5 add their blocks at its head, so a kept chain grows a little with
// every run (its head is reported).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../lib/freePort.mjs'
import { httpClient } from '../lib/rpc.mjs'
import { OUR_NETWORK, OUR_SERVER_BUNDLE } from '../lib/targets.mjs'
import { buildChain } from './build.mjs'
import { measureReads, measureWrites } from './measure.mjs'
import { PLAN_VERSION } from './plan.mjs'
import { diskBytes, option, serveArgs, untilServerAnswers } from './workerCommon.mjs'

const [sizeArg, dataRoot, outPath] = process.argv.slice(2)
const size = Number(sizeArg)
const transfers = Number(option('transfers') ?? 500)
const tokenTransfers = Number(option('token-transfers') ?? 300)
const rounds = Number(option('rounds') ?? 3)
const coldStarts = Number(option('cold-starts') ?? 3)
const log = (message) => console.error(`[scale leveldb ${size}] ${message}`)
const dataDir = join(dataRoot, `leveldb-${size}`)
const markerPath = join(dataDir, 'scale-chain.json')
const memoryOut = join(dataRoot, `leveldb-${size}.memory.json`)
const LAUNCHER = new URL('./serverLauncher.mjs', import.meta.url).pathname

/** Servers this worker started and has not stopped: stopped if the worker fails. */
const running = new Set()
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM')
})

/** Starts the server on the data directory; resolves at its first eth_blockNumber answer. */
async function startServer(apiKey) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--expose-gc', ...serveArgs(OUR_SERVER_BUNDLE, port, dataDir)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SCALE_MEMORY_OUT: memoryOut },
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000)
  })
  const client = httpClient(`http://127.0.0.1:${port}/${OUR_NETWORK}/${apiKey}`)
  await untilServerAnswers(child, client, { started, pollMs: 2, detail: () => stderr })
  const firstAnswerMs = performance.now() - started
  return {
    client,
    firstAnswerMs,
    async memory() {
      rmSync(memoryOut, { force: true })
      child.kill('SIGUSR2')
      for (let i = 0; i < 500 && !existsSync(memoryOut); i++) await new Promise((r) => setTimeout(r, 10))
      const { rss, heapUsed, arrayBuffers } = JSON.parse(readFileSync(memoryOut, 'utf8'))
      const mib = (n) => Math.round((n / 1048576) * 10) / 10
      return { rssMiB: mib(rss), heapUsedMiB: mib(heapUsed), arrayBuffersMiB: mib(arrayBuffers) }
    },
    async stop() {
      client.close()
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))
    },
  }
}

let marker = existsSync(markerPath) ? JSON.parse(readFileSync(markerPath, 'utf8')) : undefined
if (marker && marker.plan !== PLAN_VERSION) {
  log(`kept chain was built by plan ${marker.plan}: building again`)
  rmSync(dataDir, { recursive: true, force: true })
  marker = undefined
}
// A partial chain that was measured (--measure-only) has the measurement's blocks at its head,
// where the plan has transactions of its own (a chain completed from there lacked 10 of its 2,000
// spread logs): it is built again rather than completed.
if (marker && !marker.complete && marker.builtTo !== undefined && !process.argv.includes('--measure-only')) {
  log(`kept chain was measured at ${marker.builtTo} before it was complete: building again`)
  rmSync(dataDir, { recursive: true, force: true })
  marker = undefined
}
let buildMs
// --measure-only: measure the kept chain as far as it was built (a build stopped for time).
const measureOnly = process.argv.includes('--measure-only')
if (measureOnly && !marker?.contracts) throw new Error(`--measure-only needs a recorded chain in ${dataDir}`)
if (!marker?.complete && !measureOnly) {
  mkdirSync(dataDir, { recursive: true })
  let apiKey = marker?.apiKey
  if (!apiKey) {
    const created = spawnSync(
      process.execPath,
      [
        LAUNCHER,
        OUR_SERVER_BUNDLE,
        'apps',
        'create',
        '--name',
        'scale',
        '--use-case',
        'other',
        '--data-dir',
        dataDir,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    )
    apiKey = /API key:\s*(\S+)/.exec(created.stdout ?? '')?.[1]
    if (!apiKey) throw new Error(`apps create gave no API key: ${created.stdout} ${created.stderr}`)
  }
  const server = await startServer(apiKey)
  // Written before the build and once the contracts exist: an interrupted build is completed by
  // the next run.
  marker = { plan: PLAN_VERSION, size, apiKey, contracts: marker?.contracts }
  writeFileSync(markerPath, JSON.stringify(marker, null, 2))
  const built = await buildChain(server.client, size, {
    contracts: marker.contracts,
    onDeployed: (contracts) => {
      marker = { ...marker, contracts }
      writeFileSync(markerPath, JSON.stringify(marker, null, 2))
    },
    onProgress: (head) => log(`head ${head}`),
  }).catch(async (error) => {
    await server.stop()
    throw error
  })
  buildMs = built.buildMs
  marker = { ...marker, contracts: built.contracts, complete: true }
  writeFileSync(markerPath, JSON.stringify(marker, null, 2))
  await server.stop()
  log(`built in ${buildMs} ms`)
}
// A partial chain is measured as far as its build went; later measurements add blocks at its head.
if (measureOnly && !marker.complete && marker.builtTo === undefined) {
  const server = await startServer(marker.apiKey)
  marker.builtTo = Number(await server.client.request({ method: 'eth_blockNumber' }))
  await server.stop()
  writeFileSync(markerPath, JSON.stringify(marker, null, 2))
}
const { apiKey, contracts, builtTo } = marker

const cold = []
let memoryAtOpen
for (let i = 0; i < coldStarts; i++) {
  const server = await startServer(apiKey)
  cold.push(server.firstAnswerMs)
  if (i === coldStarts - 1) memoryAtOpen = await server.memory()
  await server.stop()
}
const diskAtStart = diskBytes(dataDir)

let server = await startServer(apiKey)
const reads = await measureReads(server.client, { size, contracts, builtTo })
const memoryAfterReads = await server.memory()
await server.client.request({ method: 'anvil_mine', params: ['0x7d0'] })
await server.stop()
const diskAfterEmpty = diskBytes(dataDir)

server = await startServer(apiKey)
const writes = await measureWrites(server.client, { contracts }, { transfers, tokenTransfers, rounds })
const memoryEnd = await server.memory()
const head = Number(await server.client.request({ method: 'eth_blockNumber' }))
await server.stop()
const diskEnd = diskBytes(dataDir)

const sorted = [...cold].sort((a, b) => a - b)
writeFileSync(
  outPath,
  JSON.stringify(
    {
      store: 'leveldb',
      // A partial chain is reported at the size it reached, with the size it was planned for.
      size: marker.complete ? size : builtTo,
      ...(marker.complete ? {} : { plannedSize: size }),
      buildMs,
      headAtEnd: head,
      coldStartMs: { median: Math.round(sorted[Math.floor(sorted.length / 2)]), all: cold.map(Math.round) },
      reads,
      ...writes,
      disk: {
        totalMiB: Math.round((diskEnd / 1048576) * 10) / 10,
        bytesPerBlockOverall: Math.round(diskAtStart / reads.head),
        bytesPerEmptyBlock: Math.round((diskAfterEmpty - diskAtStart) / 2000),
        bytesPerW4W5Block: Math.round((diskEnd - diskAfterEmpty) / (writes.W4.count + writes.W5.count)),
      },
      memory: { atOpen: memoryAtOpen, afterReads: memoryAfterReads, end: memoryEnd },
    },
    null,
    2,
  ),
)
