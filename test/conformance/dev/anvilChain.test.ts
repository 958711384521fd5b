import { describe, expect, test } from 'vitest'
import { createMemoryStore } from '../../../src/core/storage/memoryStore.js'
import { HOST_KEY_PREFIX, type KeyValueStore } from '../../../src/core/storage/types.js'
import { hexToBytes } from '../../../src/core/util/hex.js'
import { createDevChain, json } from './devChain.js'

const to = `0x${'ab'.repeat(20)}` as const
type Block = {
  number: string
  timestamp: string
  gasLimit: string
  miner: string
  minimumGasPrice: string
  hash: string
}
const latest = (call: Awaited<ReturnType<typeof createDevChain>>['call']) =>
  call<Block>('eth_getBlockByNumber', ['latest', false])

describe('mining control', () => {
  test('anvil_mine mines n blocks; with an interval their timestamps are that far apart', async () => {
    const { call } = await createDevChain()
    expect(await call('anvil_mine', ['0x3'])).toBeNull()
    expect(await call('eth_blockNumber')).toBe('0x3')
    const before = BigInt((await latest(call)).timestamp)
    await call('hardhat_mine', ['0x3', '0x3c'])
    const stamps = await Promise.all(
      [4, 5, 6].map(async (n) =>
        BigInt((await call<Block>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])).timestamp),
      ),
    )
    expect(stamps[0]! > before).toBe(true)
    expect([stamps[1]! - stamps[0]!, stamps[2]! - stamps[1]!]).toEqual([60n, 60n])
    expect(await call('anvil_mine')).toBeNull()
    expect(await call('eth_blockNumber')).toBe('0x7')
  })

  // Runs longer than a storage batch of empty blocks (512): pooled transactions still go first,
  // and every block of the run keeps the interval, across batches.
  test('a long anvil_mine puts pooled transactions in its first block and keeps the interval', async () => {
    const { call, send } = await createDevChain()
    await call('evm_setAutomine', [false])
    const hash = await send({ to, value: 1n })
    await call('anvil_mine', ['0x4b0', '0xc'])
    expect(await call('eth_blockNumber')).toBe('0x4b0')
    const receipt = await call<{ blockNumber: string }>('eth_getTransactionReceipt', [hash])
    expect(receipt.blockNumber).toBe('0x1')
    const stamp = async (n: number) =>
      BigInt((await call<Block>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])).timestamp)
    for (const n of [2, 512, 513, 514, 1025, 1200]) expect((await stamp(n)) - (await stamp(n - 1))).toBe(12n)
  })

  test('automine off keeps transactions pooled until a block is mined; getAutomine reports it', async () => {
    const { call, send } = await createDevChain()
    expect(await call('anvil_getAutomine')).toBe(true)
    expect(await call('evm_setAutomine', [false])).toBeNull()
    expect(await call('hardhat_getAutomine')).toBe(false)
    const hash = await send({ to, value: 1n })
    expect(await call('eth_getTransactionReceipt', [hash])).toBeNull()
    await call('anvil_mine')
    expect(await call('eth_getTransactionReceipt', [hash])).not.toBeNull()
  })

  test('anvil_setIntervalMining mines the blocks owed by the clock on the next request; 0 turns it off', async () => {
    const { call, clock } = await createDevChain()
    expect(await call('anvil_setIntervalMining', [5])).toBeNull()
    expect(await call('anvil_getAutomine')).toBe(false)
    clock.advance(12_000)
    expect(await call('eth_blockNumber')).toBe('0x2')
    expect(await call('anvil_setIntervalMining', [0])).toBeNull()
    clock.advance(60_000)
    expect(await call('eth_blockNumber')).toBe('0x2')
  })

  test('anvil_dropTransaction removes a pooled transaction: its hash, then null (hardhat_: false)', async () => {
    const { call, send } = await createDevChain()
    await call('anvil_setAutomine', [false])
    const hash = await send({ to, value: 1n })
    expect(await call('anvil_dropTransaction', [hash])).toBe(hash)
    expect(await call('anvil_dropTransaction', [hash])).toBeNull()
    expect(await call('hardhat_dropTransaction', [hash])).toBe(false)
    await call('anvil_mine')
    expect(await call('eth_getTransactionReceipt', [hash])).toBeNull()
  })
})

describe('time', () => {
  test('anvil_setNextBlockTimestamp pins the next block; a time not after the head is -32602', async () => {
    const { call, rpc } = await createDevChain()
    const head = BigInt((await latest(call)).timestamp)
    expect(await call('evm_setNextBlockTimestamp', [Number(head + 1000n)])).toBeNull()
    await call('evm_mine')
    expect(BigInt((await latest(call)).timestamp)).toBe(head + 1000n)
    expect(json(await rpc('anvil_setNextBlockTimestamp', [Number(head)]))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 5,
        "error": {
          "code": -32602,
          "message": "timestamp 0 must be greater than the latest block's timestamp 1000"
        }
      }"
    `)
  })

  test('anvil_setTime moves the clock: later blocks follow it; answers the offset in seconds', async () => {
    const { call, clock } = await createDevChain()
    const now = Math.floor(clock.now() / 1000)
    expect(await call('anvil_setTime', [now + 3600])).toBe('0xe10')
    await call('evm_mine')
    expect(BigInt((await latest(call)).timestamp)).toBe(BigInt(now + 3600))
  })
})

describe('block overrides', () => {
  test('anvil_setBlockGasLimit, anvil_setCoinbase and anvil_setMinGasPrice shape the next block', async () => {
    const { call, rpc } = await createDevChain()
    const coinbase = `0x${'c0'.repeat(20)}`
    expect(await call('evm_setBlockGasLimit', ['0x1c9c380'])).toBe(true)
    expect(await call('hardhat_setCoinbase', [coinbase])).toBe(true)
    expect(await call('anvil_setMinGasPrice', ['0x3b9aca00'])).toBeNull()
    await call('evm_mine')
    const block = await latest(call)
    expect([block.gasLimit, block.miner, block.minimumGasPrice]).toEqual([
      '0x1c9c380',
      coinbase,
      '0x3b9aca00',
    ])
    expect(json(await rpc('anvil_setBlockGasLimit', ['0x0']))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 6,
        "error": {
          "code": -32602,
          "message": "invalid argument 0: gasLimit must be between 21000 and 9223372036854775807, got 0"
        }
      }"
    `)
  })
})

describe('whole-chain dump and load', () => {
  test('anvil_loadState brings back every block and the state at head, replacing the chain', async () => {
    const source = await createDevChain()
    await source.send({ to, value: 5n })
    await source.call('anvil_setBalance', [`0x${'cd'.repeat(20)}`, '0x99'])
    await source.call('anvil_mine', ['0x2'])
    const dump = await source.call<string>('anvil_dumpState')
    expect(dump).toMatch(/^0x[0-9a-f]+$/)
    const blocks = await Promise.all(
      [0, 1, 2, 3].map((n) => source.call<Block>('eth_getBlockByNumber', [`0x${n}`, true])),
    )

    const target = await createDevChain()
    await target.call('anvil_mine', ['0x6'])
    expect(await target.call('anvil_loadState', [dump])).toBe(true)
    expect(await target.call('eth_blockNumber')).toBe('0x3')
    for (const [n, block] of blocks.entries())
      expect(await target.call('eth_getBlockByNumber', [`0x${n}`, true])).toEqual(block)
    expect(await target.call('eth_getBlockByNumber', ['0x4', false])).toBeNull()
    expect(await target.call('eth_getBalance', [to, 'latest'])).toBe('0x5')
    expect(await target.call('eth_getBalance', [`0x${'cd'.repeat(20)}`, 'latest'])).toBe('0x99')
    // The loaded chain keeps growing from its head.
    await target.send({ to, value: 1n, from: 1 })
    expect(await target.call('eth_blockNumber')).toBe('0x4')
  })

  test('a dump of another chain id or a malformed blob is -32602', async () => {
    const regtest = await createDevChain()
    const testnet = await createDevChain({ network: 'testnet' })
    const dump = await regtest.call<string>('anvil_dumpState')
    expect(json(await testnet.rpc('anvil_loadState', [dump]))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
          "code": -32602,
          "message": "invalid state: the dump is of chain id 33, this node is 31"
        }
      }"
    `)
    expect(json(await testnet.rpc('anvil_loadState', ['0x1234']))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 2,
        "error": {
          "code": -32602,
          "message": "invalid state: the hex string does not encode a JSON chain dump"
        }
      }"
    `)
  })
})

describe('metadata and reset', () => {
  test('anvil_metadata in Anvil shape; reset gives a new genesis hash and a new instance id', async () => {
    const { call, rpc } = await createDevChain()
    await call('evm_snapshot')
    expect(json(await rpc('anvil_metadata'))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 2,
        "result": {
          "clientVersion": "anvil/rsk-devnode/0.1.0/unknown/unknown/dev",
          "chainId": 33,
          "instanceId": "0x1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e",
          "latestBlockNumber": 0,
          "latestBlockHash": "0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355",
          "forkedNetwork": null,
          "snapshots": {
            "0x1": [
              0,
              "0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355"
            ]
          }
        }
      }"
    `)
    const genesis = await call<Block>('eth_getBlockByNumber', ['0x0', false])
    const before = await call<{ instanceId: string }>('hardhat_metadata')
    expect(await call('anvil_reset')).toBeNull()
    const after = await call<{ instanceId: string; snapshots: object }>('anvil_metadata')
    expect(after.instanceId).not.toBe(before.instanceId)
    expect(after.snapshots).toEqual({})
    expect((await call<Block>('eth_getBlockByNumber', ['0x0', false])).hash).not.toBe(genesis.hash)
    expect(
      json(await rpc('anvil_reset', [{ forking: { jsonRpcUrl: 'ftp://127.0.0.1:1' } }])),
    ).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 8,
        "error": {
          "code": -32602,
          "message": "invalid forking.jsonRpcUrl: expected an http(s) address"
        }
      }"
    `)
  })

  test('anvil_nodeInfo describes head, network, mining and block environment', async () => {
    const { rpc, call } = await createDevChain()
    await call('anvil_setIntervalMining', [2])
    expect(json(await rpc('anvil_nodeInfo'))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 2,
        "result": {
          "currentBlockNumber": "0x0",
          "currentBlockTimestamp": 0,
          "currentBlockHash": "0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355",
          "network": "regtest",
          "profile": "rpc-api",
          "mining": {
            "mode": "interval",
            "seconds": 2
          },
          "transactionOrder": "fees",
          "environment": {
            "chainId": "0x21",
            "gasLimit": "0x989680",
            "minimumGasPrice": "0x0",
            "coinbase": "0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d"
          },
          "forkConfig": {}
        }
      }"
    `)
  })
})

describe('what a block writes to the store', () => {
  /** The memory store, recording the keys of every batch. */
  function recordingStore() {
    const store = createMemoryStore()
    const batches: string[][] = []
    const recording: KeyValueStore = {
      get: (key) => store.get(key),
      put: (key, value) => store.put(key, value),
      delete: (key) => store.delete(key),
      range: (range) => store.range(range),
      batch: (operations) => {
        batches.push(operations.map((op) => `${op.type} ${op.key}`))
        return store.batch(operations)
      },
      close: () => store.close(),
    }
    return { store: recording, batches }
  }

  test('an automined transaction has no pool record, so its block deletes none', async () => {
    const { store, batches } = recordingStore()
    const chain = await createDevChain({ storage: store })
    await chain.send({ to, value: 1n })
    expect(await store.range({ gte: 'p:', lt: 'p;' })).toEqual([])
    expect(batches.at(-1)?.filter((op) => op.includes(' p:'))).toEqual([])
  })

  test('a transaction pooled under manual mining loses its pool record with the block that mines it', async () => {
    const { store, batches } = recordingStore()
    const chain = await createDevChain({ storage: store })
    await chain.call('evm_setAutomine', [false])
    const hash = await chain.send({ to, value: 1n })
    expect((await store.range({ gte: 'p:', lt: 'p;' })).map(([key]) => key)).toEqual([`p:${hash.slice(2)}`])
    await chain.call('evm_mine')
    expect(await store.range({ gte: 'p:', lt: 'p;' })).toEqual([])
    expect(batches.at(-1)?.filter((op) => op.includes(' p:'))).toEqual([`delete p:${hash.slice(2)}`])
  })

  test("the host's records stay out of dumps and survive a load and a reset", async () => {
    const storage = createMemoryStore()
    const chain = await createDevChain({ storage })
    await storage.put(`${HOST_KEY_PREFIX}wallet-intent:1`, Uint8Array.of(1))
    const dump = await chain.call<string>('anvil_dumpState')
    const text = new TextDecoder().decode(hexToBytes(dump as `0x${string}`))
    expect(text).toContain('"b:000000000000"')
    expect(text).not.toContain(HOST_KEY_PREFIX)
    await chain.send({ to, value: 1n })
    expect(await chain.call('anvil_loadState', [dump])).toBe(true)
    expect(await storage.get(`${HOST_KEY_PREFIX}wallet-intent:1`)).toEqual(Uint8Array.of(1))
    await chain.call('anvil_reset')
    expect(await storage.get(`${HOST_KEY_PREFIX}wallet-intent:1`)).toEqual(Uint8Array.of(1))
  })
})
