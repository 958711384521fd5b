import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import type { Log } from '../../evm/types.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import type { Address } from '../../util/hex.js'
import { decodeBlockRecord, encodeBlockRecord } from './blockCodec.js'
import { decodeBlockLogViews } from './blockLogViews.js'
import type { StoredBlock } from './blockRecord.js'
import { blockLogs } from './chainReader.js'
import type { Engine } from './engine.js'

const log = (address: string, topicCount: number, dataLength: number): Log => ({
  address: address as Address,
  topics: Array.from({ length: topicCount }, (_, i) => new Uint8Array(32).fill(i + 1)),
  data: new Uint8Array(dataLength).fill(0xab),
})

/** A stored block of three real transactions whose receipts carry 2, 0 and 1 logs. */
async function blockWithLogs(): Promise<StoredBlock> {
  const node = await createNode({
    network: 'regtest',
    storage: createMemoryStore(),
    clock: createManualClock(1_700_000_000_000),
  })
  const engine = node.engine as Engine
  await engine.mineBlocks(3)
  const blocks = await Promise.all([1n, 2n, 3n].map(async (n) => (await engine.reader.blockByNumber(n))!))
  const logsPerTx = [
    [
      log('0x00000000000000000000000000000000000000aa', 2, 0),
      log('0x00000000000000000000000000000000000000bb', 4, 100),
    ],
    [],
    [log('0x00000000000000000000000000000000000000cc', 0, 70)],
  ]
  const first = blocks[0]!
  return {
    ...first,
    transactions: blocks.map((b) => b.transactions[0]!),
    senders: blocks.map((b) => b.senders[0]!),
    receipts: blocks.map((b, i) => ({ ...b.receipts[0]!, logs: logsPerTx[i]! })),
  }
}

describe('log views read from a stored block record', () => {
  it('equal the log views of the fully decoded block: indexes, hashes, addresses, topics, data', async () => {
    const block = await blockWithLogs()
    const raw = encodeBlockRecord(block)
    const views = decodeBlockLogViews(raw, block.header.number)
    expect(views).toEqual(blockLogs(decodeBlockRecord(raw)))
    expect(views.map((v) => [v.logIndex, v.transactionIndex, v.topics.length])).toEqual([
      [0, 0, 2],
      [1, 0, 4],
      [2, 2, 0],
    ])
    expect(views[2]!.transactionHash).toEqual(block.transactions[2]!.hash)
  })

  it('refuses a truncated record instead of reading past it', async () => {
    const raw = encodeBlockRecord(await blockWithLogs())
    expect(() => decodeBlockLogViews(raw.subarray(0, raw.length - 40), 1n)).toThrow(/corrupt block record/)
  })
})
