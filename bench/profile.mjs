#!/usr/bin/env node
// CPU profile of one workload on one in-process target, summarised by self time per function and
// per source file: where the time goes when a goal is missed.
//   node bench/profile.mjs --workload=W4 [--target=ours] [--count=300] [--top=25] [--focus=file]
//                          [--save=file.cpuprofile]
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { originalFrame } from './lib/sourceMaps.mjs'
import { OUR_LIB, TARGETS } from './lib/targets.mjs'
import {
  deployContracts,
  onTimedPhase,
  prepareChain,
  w1BlockNumber,
  w2GetBalance,
  w3CallBalanceOf,
  w4ValueTransfers,
  w5TokenTransfers,
  w6GetLogs,
} from './lib/workloads.mjs'

const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const workload = option('workload', 'W4')
const targetName = option('target', 'ours')
const count = Number(option('count', 300))
const top = Number(option('top', 25))
const target = TARGETS[targetName]
if (target?.runtime !== 'node' || targetName.endsWith('http')) {
  console.error('profile needs an in-process target that runs on this Node (ours, ganache, tevm)')
  process.exit(2)
}

const counts = { calls: count, transfers: count, tokenTransfers: count, eventBlocks: count, logQueries: 10 }
const { client, close } = await target.start({})
const chain = await prepareChain(client)
const contracts = await deployContracts(client, chain)
// W6 profiles the queries, so its blocks are filled before the profiler starts.
const run = {
  W1: () => w1BlockNumber(client, counts),
  W2: () => w2GetBalance(client, counts),
  W3: () => w3CallBalanceOf(client, counts, contracts.token),
  W4: () => w4ValueTransfers(client, counts, chain),
  W5: () => w5TokenTransfers(client, counts, chain, contracts.token),
  W6: () => w6GetLogs(client, counts, chain, contracts.emitter),
}[workload]
if (!run) throw new Error(`unknown workload ${workload}`)

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 200 })
// W4–W6 start the profiler themselves once signing and block filling are done; W1–W3 have no
// untimed preparation worth excluding.
let profiling = false
const startProfiler = async () => {
  if (profiling) return
  profiling = true
  await session.post('Profiler.start')
}
onTimedPhase(startProfiler)
if (['W1', 'W2', 'W3'].includes(workload)) await startProfiler()
const result = await run()
const { profile } = await session.post('Profiler.stop')
session.disconnect()
await close()
if (option('save')) writeFileSync(option('save'), JSON.stringify(profile))

/** A frame as its source file and function (mapped through the bundle's source map if it has one). */
function describeFrame(callFrame) {
  const original = originalFrame(callFrame)
  if (original)
    return {
      file: original.file,
      fnKey: `${original.name || '(anonymous)'}  ${original.file}:${original.line}`,
    }
  const { functionName, url, lineNumber } = callFrame
  const file = url ? url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '') : '(native/idle)'
  return { file, fnKey: `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}` }
}

// Self time per node = its sample count × the mean sampling interval.
const totalMs = (profile.endTime - profile.startTime) / 1000
const hits = new Map()
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1)
const msPerSample = totalMs / profile.samples.length
const byFunction = new Map()
const byFile = new Map()
for (const node of profile.nodes) {
  const ms = (hits.get(node.id) ?? 0) * msPerSample
  if (ms === 0) continue
  const { file, fnKey } = describeFrame(node.callFrame)
  byFunction.set(fnKey, (byFunction.get(fnKey) ?? 0) + ms)
  byFile.set(file, (byFile.get(file) ?? 0) + ms)
}
const print = (title, map) => {
  console.log(`\n${title}`)
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(1).padStart(9)} ms ${((ms / totalMs) * 100).toFixed(1).padStart(5)}%  ${key}`)
  }
}
// Inclusive time of the functions in the files named by --focus (default: our library bundle):
// which of our functions the self time above is spent under.
const focus = option('focus', targetName === 'ours' ? OUR_LIB.split('/').pop() : '')
const parentOf = new Map()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node)
const nodeById = new Map(profile.nodes.map((node) => [node.id, node]))
const inclusive = new Map()
if (focus) {
  for (const [id, samples] of hits) {
    const seen = new Set()
    for (let node = nodeById.get(id); node; node = parentOf.get(node.id)) {
      if (!node.callFrame.url.includes(focus)) continue
      const key = describeFrame(node.callFrame).fnKey
      if (seen.has(key)) continue
      seen.add(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + samples * msPerSample)
    }
  }
}

console.log(`${targetName} ${workload} ×${count}: ${JSON.stringify(result)}`)
console.log(`profiled ${totalMs.toFixed(0)} ms`)
print('self time by file', byFile)
print('self time by function', byFunction)
if (focus) print(`inclusive time of functions in ${focus}`, inclusive)
process.exit(0)
