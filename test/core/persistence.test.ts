import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { signTransaction } from '../../src/core/chain/transaction.js'
import { createManualClock } from '../../src/core/clock/clock.js'
import { createNode } from '../../src/core/createNode.js'
import { createIndexedDbStore } from '../../src/core/storage/indexedDbStore.js'
import { type Address, bytesToHex, hexToBytes } from '../../src/core/util/hex.js'

const key = hexToBytes(COW_ACCOUNTS[0]!.privateKey)
const recipients = Array.from(
  { length: 7 },
  (_, i) => `0x${(0xb0 + i).toString(16).padStart(40, '0')}` as Address,
)

async function open(
  factory: IDBFactory,
  clock = createManualClock(),
  scheduleCompaction?: (run: () => void) => void,
) {
  const storage = await createIndexedDbStore({
    indexedDB: factory,
    name: 'chain-testnet',
    keyRange: IDBKeyRange,
    scheduleCompaction,
  })
  const node = await createNode({ network: 'testnet', storage, clock })
  let id = 0
  const rpc = async (method: string, params: unknown[] = []) =>
    (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: unknown
      error?: { code: number; message: string }
    }
  return { node, rpc }
}

function transfer(nonce: number, chainId: number, gasPrice: bigint): string {
  const tx = signTransaction(
    {
      nonce: BigInt(nonce),
      gasPrice,
      gasLimit: 21_000n,
      to: recipients[nonce % recipients.length],
      value: BigInt(nonce + 1),
      data: new Uint8Array(0),
    },
    key,
    chainId,
  )
  return bytesToHex(tx.raw)
}

/**
 * Runs `run` with the `nth` put into object store `name` throwing, as a worker dying mid-write
 * would; returns what `run` gave and how many puts into that store were attempted.
 */
async function withFailingPut<T>(name: string, nth: number, run: () => Promise<T>) {
  const put = IDBObjectStore.prototype.put
  let puts = 0
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
    if (this.name === name && ++puts === nth)
      throw new DOMException(`simulated crash writing to ${name}`, 'UnknownError')
    return put.apply(this, args)
  }
  try {
    return { result: await run(), puts }
  } finally {
    IDBObjectStore.prototype.put = put
  }
}

/** Everything a dApp can observe about the chain, as wire JSON. */
async function observe(rpc: Awaited<ReturnType<typeof open>>['rpc'], hashes: string[]) {
  const head = (await rpc('eth_blockNumber')).result
  const blocks = []
  for (const n of ['0x0', '0x1', '0x2a', '0x1f4', head])
    blocks.push((await rpc('eth_getBlockByNumber', [n, true])).result)
  const receipts = []
  for (const h of [hashes[0], hashes[500], hashes[hashes.length - 1]])
    receipts.push((await rpc('eth_getTransactionReceipt', [h])).result)
  const balances = []
  for (const a of [...recipients, COW_ACCOUNTS[0]!.address])
    balances.push((await rpc('eth_getBalance', [a, 'latest'])).result)
  const oldBalance = (await rpc('eth_getBalance', [recipients[1], '0x64'])).result
  return { head, blocks, receipts, balances, oldBalance }
}

describe('persistence on IndexedDB', () => {
  test('a node reopened after 1,000 blocks returns identical blocks, receipts, balances and head', async () => {
    const factory = new IDBFactory()
    const first = await open(factory)
    const hashes: string[] = []
    for (let i = 0; i < 1000; i++) {
      const r = await first.rpc('eth_sendRawTransaction', [
        transfer(i, 31, first.node.network.minimumGasPrice),
      ])
      expect(r.error).toBeUndefined()
      hashes.push(r.result as string)
    }
    const before = await observe(first.rpc, hashes)
    expect(before.head).toBe('0x3e8')
    await first.node.close()

    const second = await open(factory)
    expect(await observe(second.rpc, hashes)).toEqual(before)
    // And the chain goes on from where it was.
    const next = await second.rpc('eth_sendRawTransaction', [
      transfer(1000, 31, second.node.network.minimumGasPrice),
    ])
    expect(next.error).toBeUndefined()
    expect((await second.rpc('eth_blockNumber')).result).toBe('0x3e9')
    await second.node.close()
  }, 120_000)

  test('a commit aborted midway leaves the previous head, in memory and after reopening', async () => {
    const factory = new IDBFactory()
    const first = await open(factory)
    for (let i = 0; i < 3; i++)
      await first.rpc('eth_sendRawTransaction', [transfer(i, 31, first.node.network.minimumGasPrice)])
    const headBefore = (await first.rpc('eth_getBlockByNumber', ['latest', false])).result as { hash: string }
    const balanceBefore = (await first.rpc('eth_getBalance', [recipients[3], 'latest'])).result

    // The record that acknowledges the next block fails, as if the worker died mid-commit.
    const { result: failed, puts } = await withFailingPut('journal', 1, () =>
      first.rpc('eth_sendRawTransaction', [transfer(3, 31, first.node.network.minimumGasPrice)]),
    )
    expect(puts).toBe(1)
    expect(failed.error).toBeDefined()
    expect((await first.rpc('eth_getBlockByNumber', ['latest', false])).result).toEqual(headBefore)
    expect((await first.rpc('eth_getBalance', [recipients[3], 'latest'])).result).toBe(balanceBefore)
    await first.node.close()

    const second = await open(factory)
    expect((await second.rpc('eth_getBlockByNumber', ['latest', false])).result).toEqual(headBefore)
    expect((await second.rpc('eth_getBalance', [recipients[3], 'latest'])).result).toBe(balanceBefore)
    // The aborted transaction was never acknowledged; sending it again works.
    const retry = await second.rpc('eth_sendRawTransaction', [
      transfer(3, 31, second.node.network.minimumGasPrice),
    ])
    expect(retry.error).toBeUndefined()
    await second.node.close()
  })

  test('blocks acknowledged but never compacted are there after the worker is killed', async () => {
    const factory = new IDBFactory()
    // Compaction never runs: every block lives only in the journal when the worker "dies".
    const first = await open(factory, createManualClock(), () => {})
    for (let i = 0; i < 5; i++)
      await first.rpc('eth_sendRawTransaction', [transfer(i, 31, first.node.network.minimumGasPrice)])
    const head = (await first.rpc('eth_getBlockByNumber', ['latest', false])).result as { number: string }
    const balance = (await first.rpc('eth_getBalance', [recipients[4], 'latest'])).result
    expect(head.number).toBe('0x5')
    // No close(): the first connection is abandoned, as a killed worker's is.
    const second = await open(factory)
    expect((await second.rpc('eth_getBlockByNumber', ['latest', false])).result).toEqual(head)
    expect((await second.rpc('eth_getBalance', [recipients[4], 'latest'])).result).toBe(balance)
    await second.node.close()
  })

  test('a compaction that fails midway loses nothing: reads, the next blocks and a reopen see every block', async () => {
    const factory = new IDBFactory()
    const pending: Array<() => void> = []
    const first = await open(factory, createManualClock(), (run) => pending.push(run))
    await first.rpc('eth_sendRawTransaction', [transfer(0, 31, first.node.network.minimumGasPrice)])
    const { puts } = await withFailingPut('kv', 5, async () => {
      for (const run of pending.splice(0)) run()
      await new Promise((done) => setTimeout(done, 20))
    })
    expect(puts).toBe(5)
    for (let i = 1; i < 3; i++)
      await first.rpc('eth_sendRawTransaction', [transfer(i, 31, first.node.network.minimumGasPrice)])
    const head = (await first.rpc('eth_getBlockByNumber', ['latest', false])).result as { number: string }
    expect(head.number).toBe('0x3')
    const balances = []
    for (const r of recipients.slice(0, 3))
      balances.push((await first.rpc('eth_getBalance', [r, 'latest'])).result)
    expect(balances).toEqual(['0x1', '0x2', '0x3'])
    // Killed before any further compaction: the journal still holds all three blocks.
    const second = await open(factory)
    expect((await second.rpc('eth_getBlockByNumber', ['latest', false])).result).toEqual(head)
    const reopened = []
    for (const r of recipients.slice(0, 3))
      reopened.push((await second.rpc('eth_getBalance', [r, 'latest'])).result)
    expect(reopened).toEqual(balances)
    await second.node.close()
  })

  test('a pooled impersonated transaction is restored with its sender after the worker is killed, and mined', async () => {
    const factory = new IDBFactory()
    const first = await open(factory, createManualClock(), () => {})
    const holder = '0x00000000000000000000000000000000000d00d2'
    await first.rpc('anvil_impersonateAccount', [holder])
    await first.rpc('anvil_setBalance', [holder, '0xde0b6b3a7640000'])
    await first.rpc('evm_setAutomine', [false])
    const gasPrice = `0x${first.node.network.minimumGasPrice.toString(16)}`
    const sent = await first.rpc('eth_sendTransaction', [
      { from: holder, to: recipients[0], value: '0x7', gasPrice },
    ])
    const hash = sent.result as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // No close(): the worker "dies" with the transaction only in the pool.
    const second = await open(factory)
    expect((await second.rpc('eth_getTransactionByHash', [hash])).result).toMatchObject({
      from: holder,
      blockNumber: null,
    })
    expect((await second.rpc('txpool_content')).result).toMatchObject({
      pending: { [holder.slice(2)]: { '0': [{ hash }] } },
    })
    await second.rpc('evm_mine')
    expect((await second.rpc('eth_getTransactionReceipt', [hash])).result).toMatchObject({
      from: holder,
      status: '0x1',
    })
    expect((await second.rpc('eth_getBalance', [recipients[0], 'latest'])).result).toBe('0x7')
    await second.node.close()
  })

  test('a pending-transaction filter reports after a restart what arrived before it and what arrives after', async () => {
    const factory = new IDBFactory()
    const first = await open(factory, createManualClock(), () => {})
    const price = first.node.network.minimumGasPrice
    const filter = (await first.rpc('eth_newPendingTransactionFilter')).result as string
    const sent: string[] = []
    for (let i = 0; i < 3; i++)
      sent.push((await first.rpc('eth_sendRawTransaction', [transfer(i, 31, price)])).result as string)
    expect((await first.rpc('eth_getFilterChanges', [filter])).result).toEqual([sent[0], sent[1], sent[2]])
    // Mined under automine before the filter's next poll, then the worker dies.
    for (let i = 3; i < 5; i++)
      sent.push((await first.rpc('eth_sendRawTransaction', [transfer(i, 31, price)])).result as string)
    const second = await open(factory)
    expect((await second.rpc('eth_getFilterChanges', [filter])).result).toEqual([sent[3], sent[4]])
    const after = (await second.rpc('eth_sendRawTransaction', [transfer(5, 31, price)])).result as string
    expect((await second.rpc('eth_getFilterChanges', [filter])).result).toEqual([after])
    await second.node.close()
  })
})
