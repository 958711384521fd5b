#!/usr/bin/env node
// CPU profile of the scale suite's address query (eth_getLogs over the whole chain for the
// emitter's spread logs) on a memory-store chain of the suite's plan, summarised like
// bench/profile.mjs: where a warm query's time goes at a given size.
//   node bench/scale/profileLogs.mjs <size> [--queries=20] [--top=25]
import { Session } from 'node:inspector/promises'
import { pathToFileURL } from 'node:url'
import { COUNTED_TOPIC } from '../lib/chain.mjs'
import { jsonRpcObjectClient } from '../lib/rpc.mjs'
import { originalFrame } from '../lib/sourceMaps.mjs'
import { OUR_LIB, OUR_NETWORK } from '../lib/targets.mjs'
import { buildChain } from './build.mjs'
import { logsFor } from './plan.mjs'
import { option } from './workerCommon.mjs'

const size = Number(process.argv[2])
const queries = Number(option('queries') ?? 20)
const top = Number(option('top') ?? 25)
const lib = await import(pathToFileURL(OUR_LIB).href)
const node = await lib.createNode({ network: OUR_NETWORK, storage: lib.createMemoryStore() })
const client = jsonRpcObjectClient(node)
const built = await buildChain(client, size)
console.log(`built ${size} blocks in ${built.buildMs} ms`)
const head = await client.request({ method: 'eth_blockNumber' })
const query = () =>
  client.request({
    method: 'eth_getLogs',
    params: [{ fromBlock: '0x0', toBlock: head, address: built.contracts.emitter, topics: [COUNTED_TOPIC] }],
  })
const t0 = performance.now()
const first = await query()
console.log(`first query ${(performance.now() - t0).toFixed(1)} ms, ${first.length} logs`)
if (first.length !== logsFor(size)) throw new Error(`expected ${logsFor(size)} logs`)

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.setSamplingInterval', { interval: 100 })
await session.post('Profiler.start')
const times = []
for (let i = 0; i < queries; i++) {
  const started = performance.now()
  await query()
  times.push(performance.now() - started)
}
const { profile } = await session.post('Profiler.stop')
session.disconnect()
await node.close()
times.sort((a, b) => a - b)
console.log(`warm queries: median ${times[times.length >> 1].toFixed(2)} ms, min ${times[0].toFixed(2)} ms`)

const describe = (callFrame) => {
  const original = originalFrame(callFrame)
  if (original) return `${original.name || '(anonymous)'}  ${original.file}:${original.line}`
  return `${callFrame.functionName || '(anonymous)'}  ${callFrame.url.split('/').pop() || '(native)'}`
}
const totalMs = (profile.endTime - profile.startTime) / 1000
const msPerSample = totalMs / profile.samples.length
const hits = new Map()
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1)
const self = new Map()
const inclusive = new Map()
const parentOf = new Map()
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n)
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
for (const [id, samples] of hits) {
  const key = describe(byId.get(id).callFrame)
  self.set(key, (self.get(key) ?? 0) + samples * msPerSample)
  const seen = new Set()
  for (let n = byId.get(id); n; n = parentOf.get(n.id)) {
    const k = describe(n.callFrame)
    if (seen.has(k)) continue
    seen.add(k)
    inclusive.set(k, (inclusive.get(k) ?? 0) + samples * msPerSample)
  }
}
const print = (title, map) => {
  console.log(`\n${title} (of ${totalMs.toFixed(0)} ms)`)
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(1).padStart(9)} ms  ${key}`)
}
print('self time', self)
print('inclusive time', inclusive)
process.exit(0)
