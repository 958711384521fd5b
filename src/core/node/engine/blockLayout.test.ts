import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../../accounts/devAccounts.js'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { FLAT_ROOT_KEY } from '../../state/keys.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import type { KeyValueStore, KvOperation } from '../../storage/types.js'
import { encodeBlockRecord, packBloom } from './blockCodec.js'
import { packedBloomOfBlockRecord } from './blockLogViews.js'
import type { Engine } from './engine.js'
import { readHeadBlock } from './headBlock.js'
import { keys } from './keys.js'

/** A memory store that keeps every batch it is asked to write. */
function recordingStore() {
  const inner = createMemoryStore()
  const batches: KvOperation[][] = []
  const store: KeyValueStore = {
    get: (key) => inner.get(key),
    getSync: (key) => inner.getSync!(key),
    put: (key, value) => inner.put(key, value),
    delete: (key) => inner.delete(key),
    range: (range) => inner.range(range),
    batch: (ops) => {
      batches.push(ops)
      return inner.batch(ops)
    },
    close: () => inner.close(),
  }
  return { store, batches }
}

async function chain() {
  const { store, batches } = recordingStore()
  const node = await createNode({
    network: 'regtest',
    storage: store,
    clock: createManualClock(1_700_000_000_000),
  })
  let id = 0
  const call = async (method: string, params: unknown[] = []) => {
    const response = (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: unknown
      error?: { message: string }
    }
    if (response.error) throw new Error(`${method}: ${response.error.message}`)
    return response.result
  }
  const from = DEV_ACCOUNTS[0]!.address
  const transfer = () => call('eth_sendTransaction', [{ from, to: `0x${'11'.repeat(20)}`, value: '0x1' }])
  return { node, engine: node.engine as Engine, store, batches, call, transfer }
}

const keysOf = (ops: KvOperation[]) => ops.map((op) => op.key.replace(/:.*/, ':'))

describe('what a block writes', () => {
  it('an empty block is three records: the block (header with its bloom), its hash and its REMASC transaction', async () => {
    const { batches, call } = await chain()
    await call('evm_mine')
    expect(keysOf(batches.at(-1)!).sort()).toEqual(['b:', 'bh:', 'tx:'])
  })

  it('a transfer block is five records: the block, its hash, two transactions and its state in one', async () => {
    const { batches, transfer } = await chain()
    await transfer()
    await transfer()
    const written = keysOf(batches.at(-1)!)
    // The state's trie nodes, roots included, and its flat changes: one packed record (`tn:`).
    expect([...written].sort()).toEqual(['b:', 'bh:', 'tn:', 'tx:', 'tx:'])
    expect(written).not.toContain(FLAT_ROOT_KEY)
    expect(written).not.toContain('meta:')
    expect(written).not.toContain('lb:')
  })

  it("the highest block record is the head, and a revert's batch makes the target the highest", async () => {
    const { engine, store, call } = await chain()
    const snapshot = await call('evm_snapshot')
    await call('anvil_mine', ['0x5'])
    expect((await readHeadBlock(store))?.header.number).toBe(5n)
    await call('evm_revert', [snapshot])
    const head = await readHeadBlock(store)
    expect(head?.header.number).toBe(0n)
    expect(head?.hash).toEqual(engine.head.hash)
  })

  it('a dev edit records its root until the next block, whose header then names the state', async () => {
    const { batches, store, call } = await chain()
    await call('anvil_setBalance', [`0x${'22'.repeat(20)}`, '0x5'])
    expect(keysOf(batches.at(-1)!)).toContain(FLAT_ROOT_KEY)
    expect(await store.get(FLAT_ROOT_KEY)).toBeDefined()
    await call('evm_mine')
    expect(batches.at(-1)!.find((op) => op.key === FLAT_ROOT_KEY)?.type).toBe('delete')
    expect(await store.get(FLAT_ROOT_KEY)).toBeUndefined()
    // Reopened, the flat state is the head's, edit included.
    const reopened = await createNode({
      network: 'regtest',
      storage: store,
      clock: createManualClock(1_700_000_000_000),
    })
    const balance = await reopened.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getBalance',
      params: [`0x${'22'.repeat(20)}`, 'latest'],
    })
    expect(balance).toMatchObject({ result: '0x5' })
  })

  it("reads a block's bloom in place from its record, as decoding the record would give it", async () => {
    const { engine, store, call } = await chain()
    await call('evm_mine')
    const record = (await store.get(keys.block(1n)))!
    expect(packedBloomOfBlockRecord(record)).toEqual(packBloom(engine.head.header.logsBloom))
    expect(packedBloomOfBlockRecord(record).length).toBe(0)
    // A block with logs: its 256 bytes, from a record of any size (receipts with logs make it long).
    const logsBloom = new Uint8Array(256).map((_, i) => (i * 37) & 0xff)
    const withLogs = { ...engine.head, header: { ...engine.head.header, logsBloom } }
    expect(packedBloomOfBlockRecord(encodeBlockRecord(withLogs))).toEqual(logsBloom)
  })
})
