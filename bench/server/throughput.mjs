#!/usr/bin/env node
// Throughput of our HTTP server for eth_blockNumber with 64 requests in flight over keep-alive,
// next to a do-nothing Node HTTP server measured in the same run (goal: ≥ 0.9×), and next to a
// minimal JSON echo server (parse + stringify, the least any JSON-RPC server does). Each server
// runs in its own process on 127.0.0.1; rounds rotate between them so drift on a shared machine
// hits all alike. Bounded: `--rounds` × 3 × `--seconds`, plus start-up.
//   node bench/server/throughput.mjs [--seconds=3] [--rounds=5] [--in-flight=64] [--network=regtest]
// Needs the server bundle: npm run build:server.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../lib/freePort.mjs'
import { runLoad } from './loadClient.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const seconds = Number(option('seconds', '3'))
const rounds = Number(option('rounds', '5'))
const inFlight = Number(option('in-flight', '64'))
const network = option('network', 'regtest')
const body = '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}'

const bundle = join(ROOT, 'dist/server/rsk-devnode-server.js')
if (!existsSync(bundle)) {
  console.error('dist/server is missing: run `npm run build:server` first')
  process.exit(1)
}

/** Spawns a server and waits for a stdout line matching `ready`; returns the match and the child. */
function launch(args, ready) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`no start within 30 s: ${output}`)), 30_000)
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = ready.exec(output)
      if (match) {
        clearTimeout(timer)
        child.stdout.resume()
        resolve({ child, match })
      }
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)))
  })
}

/**
 * CPU time (user + system, ms) a process has used, from /proc: on a shared machine whose other
 * work steals cycles, CPU per call is steadier than calls per second, and tells the same story.
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime and stime are fields 14 and 15 of the stat line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}

const dataDir = mkdtempSync(join(tmpdir(), 'rsk-devnode-bench-'))
const [nullPort, jsonPort, ourPort] = [await freePort(), await freePort(), await freePort()]
const nullServer = join(ROOT, 'bench/server/nullServer.mjs')
const baseline = await launch([nullServer, String(nullPort)], /ready/)
const jsonBaseline = await launch([nullServer, String(jsonPort), '--json'], /ready/)
const ours = await launch(
  [join(ROOT, 'bin/rsk-devnode.mjs'), 'serve', '--port', String(ourPort), '--data-dir', dataDir],
  /Its API key: ([0-9a-f]+)/,
)
const apiKey = ours.match[1]

/** baseline: answers without reading the JSON; json: parses and stringifies, nothing else. */
const targets = {
  baseline: { port: nullPort, path: '/', pid: baseline.child.pid },
  json: { port: jsonPort, path: '/', pid: jsonBaseline.child.pid },
  ours: { port: ourPort, path: `/${network}/${apiKey}`, pid: ours.child.pid },
}
const names = Object.keys(targets)

try {
  // Warm-up: JIT, socket buffers (our chains open at start; give them a moment).
  await new Promise((resolve) => setTimeout(resolve, 1500))
  for (const target of Object.values(targets)) await runLoad({ ...target, body, inFlight, durationMs: 1000 })
  const results = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no target always runs first or last in a round.
    const order = names.map((_, i) => names[(i + round) % names.length])
    for (const name of order) {
      const cpuBefore = cpuMs(targets[name].pid)
      const result = await runLoad({ ...targets[name], body, inFlight, durationMs: seconds * 1000 })
      result.cpuMicrosPerCall = ((cpuMs(targets[name].pid) - cpuBefore) * 1000) / result.completed
      results[name].push(result)
      console.error(
        `round ${round + 1} ${name.padEnd(8)} ${Math.round(result.callsPerSecond)} calls/s, ` +
          `${result.cpuMicrosPerCall.toFixed(1)} µs server CPU per call`,
      )
    }
  }
  const ourSample = results.ours[0].sample
  if (!/"result":"0x[0-9a-f]+"/.test(ourSample) || Object.keys(results.ours[0].statuses).join() !== '200') {
    throw new Error(`our server did not answer eth_blockNumber: ${JSON.stringify(results.ours[0])}`)
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const callsPerSecond = (name) => results[name].map((r) => Math.round(r.callsPerSecond))
  const cpu = (name) => results[name].map((r) => Number(r.cpuMicrosPerCall.toFixed(1)))
  const round3 = (value) => Number(value.toFixed(3))
  /**
   * Ours ÷ a baseline. Throughput: per-round ratios (same round, so the same machine load), their
   * median, and peak ÷ peak. CPU per call (theirs ÷ ours, so 0.9 means ours costs 1/0.9 as much):
   * per-round ratios and their median, and best ÷ best. On a shared machine the CPU figures are
   * the steadier ones: other work steals calls per second, much less CPU per call.
   */
  const versus = (name) => {
    const ratios = results.ours.map((r, i) => r.callsPerSecond / results[name][i].callsPerSecond)
    const cpuRatios = results.ours.map((r, i) => results[name][i].cpuMicrosPerCall / r.cpuMicrosPerCall)
    return {
      ratioPerRound: ratios.map(round3),
      medianRatio: round3(median(ratios)),
      bestRatio: round3(Math.max(...callsPerSecond('ours')) / Math.max(...callsPerSecond(name))),
      cpuRatioPerRound: cpuRatios.map(round3),
      medianCpuRatio: round3(median(cpuRatios)),
      cpuRatio: round3(Math.min(...cpu(name)) / Math.min(...cpu('ours'))),
    }
  }
  const summary = {
    benchmark: 'server eth_blockNumber throughput, 64 in flight, keep-alive',
    date: new Date().toISOString(),
    inFlight,
    secondsPerRound: seconds,
    rounds,
    callsPerSecond: Object.fromEntries(names.map((name) => [name, callsPerSecond(name)])),
    serverCpuMicrosPerCall: Object.fromEntries(names.map((name) => [name, cpu(name)])),
    medianServerCpuMicrosPerCall: Object.fromEntries(names.map((name) => [name, median(cpu(name))])),
    oursVersusDoNothing: versus('baseline'),
    oursVersusJsonEcho: versus('json'),
    goal: '≥ 0.9 × the do-nothing server',
    loadAverage: loadavg().map((value) => Number(value.toFixed(1))),
  }
  // More runnable work than cores: other processes decide who gets the CPU from one round to the
  // next, so calls/s ratios swing both ways; CPU per call is the figure that still compares.
  if (loadavg()[0] > availableParallelism()) {
    summary.note = `load average ${summary.loadAverage[0]} on ${availableParallelism()} cores: calls/s ratios are unreliable, compare the CPU ratios`
  }
  console.log(JSON.stringify(summary, null, 2))
  const outDir = join(ROOT, 'bench/results')
  mkdirSync(outDir, { recursive: true })
  writeFileSync(join(outDir, 'server-throughput-latest.json'), `${JSON.stringify(summary, null, 2)}\n`)
} finally {
  await stop(ours.child)
  await stop(baseline.child)
  await stop(jsonBaseline.child)
  rmSync(dataDir, { recursive: true, force: true })
}
