// One scale measurement of our in-process node over the memory store, in a process of its own:
//   node --expose-gc bench/scale/memoryWorker.mjs <size> <out.json> [--transfers=N --token-transfers=N]
// The memory store holds the chain by design, so there is nothing to reuse between runs: the
// chain is built here (~0.15 ms an empty block), measured, and dropped with the process.
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { jsonRpcObjectClient } from '../lib/rpc.mjs'
import { OUR_LIB, OUR_NETWORK } from '../lib/targets.mjs'
import { buildChain } from './build.mjs'
import { measureReads, measureWrites } from './measure.mjs'
import { countingStore, perBlock } from './recordBytes.mjs'
import { memoryNow, option } from './workerCommon.mjs'

const [sizeArg, outPath] = process.argv.slice(2)
const size = Number(sizeArg)
const transfers = Number(option('transfers') ?? 500)
const tokenTransfers = Number(option('token-transfers') ?? 300)
const rounds = Number(option('rounds') ?? 3)
const log = (message) => console.error(`[scale memory ${size}] ${message}`)

const lib = await import(pathToFileURL(OUR_LIB).href)
const counting = countingStore(lib.createMemoryStore())
const openStarted = performance.now()
const node = await lib.createNode({ network: OUR_NETWORK, storage: counting.store })
const client = jsonRpcObjectClient(node)
await client.request({ method: 'eth_blockNumber' })
const openMs = performance.now() - openStarted
const memoryAtOpen = memoryNow()

const built = await buildChain(client, size, { onProgress: (head) => log(`head ${head}`) })
log(`built in ${built.buildMs} ms`)
counting.take()
const memoryBuilt = memoryNow()
const reads = await measureReads(client, { size, contracts: built.contracts })
const memoryAfterReads = memoryNow()

// What one empty block and one transfer block write, by kind of record.
const head = Number(await client.request({ method: 'eth_blockNumber' }))
await client.request({ method: 'anvil_mine', params: ['0x3e8'] })
const emptyBlock = perBlock(counting.take(), 1000)
const writes = await measureWrites(client, built, { transfers, tokenTransfers, rounds })
const written = counting.take()
const afterW4W5 = Number(await client.request({ method: 'eth_blockNumber' }))
const memoryEnd = memoryNow()
await node.close()

const result = {
  store: 'memory',
  size,
  buildMs: built.buildMs,
  openMs: Math.round(openMs),
  reads,
  ...writes,
  bytesPerEmptyBlock: emptyBlock,
  bytesPerW4W5Block: perBlock(written, afterW4W5 - head - 1000),
  memory: { atOpen: memoryAtOpen, built: memoryBuilt, afterReads: memoryAfterReads, end: memoryEnd },
  chainBytesPerBlock: Math.round(
    (memoryBuilt.heapUsed + memoryBuilt.arrayBuffers - memoryAtOpen.heapUsed - memoryAtOpen.arrayBuffers) /
      size,
  ),
}
writeFileSync(outPath, JSON.stringify(result, null, 2))
