import { describe, expect, it } from 'vitest'
import type { PushMessage } from '../connection.js'
import { createBtcController, heightRuns, outpointKey } from './btcController.js'
import { fakeBtcNode, hashOf } from './btcFixtures.js'
import { blockCount, createBtcStore } from './btcStore.js'
import type { BtcTransaction } from './types.js'

function setup(options?: Parameters<typeof fakeBtcNode>[0], active = { now: true }) {
  const node = fakeBtcNode(options)
  const store = createBtcStore((run) => run())
  const controller = createBtcController(store, node.rpc, () => active.now)
  return { node, store, controller, active }
}

const block = (number: number): PushMessage => ({
  kind: 'node',
  network: 'regtest',
  event: 'block',
  data: { number: `0x${number.toString(16)}` },
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the Bitcoin view controller', () => {
  it('reads the chain, the federation, the pegs and the dev keys', async () => {
    const { store, controller } = setup({ blocks: 5 })
    await controller.refresh()
    const data = store.get()
    expect(data.info?.blocks).toBe(4)
    expect(data.info?.federation.threshold).toBe(2)
    expect(data.pegs).toEqual({ pegins: [], pegouts: [] })
    expect(data.addresses).toHaveLength(1)
    expect(data.error).toBeNull()
  })

  it('loads the rows in view in one request per run of heights, and cached ones never again', async () => {
    const { node, store, controller } = setup({ blocks: 300 })
    await controller.refresh()
    await controller.ensureBlocks([299, 298, 297, 250, 249])
    expect(node.callsOf('btc_getBlocks').map((c) => c.params[0])).toEqual([
      { count: 3, before: 300 },
      { count: 2, before: 251 },
    ])
    expect(store.blocks.get(249)?.hash).toBe(hashOf(249))
    await controller.ensureBlocks([299, 249])
    expect(node.callsOf('btc_getBlocks')).toHaveLength(2)
  })

  it('learns where the chain starts from a short page (a checkpoint height, not 0)', async () => {
    const { store, controller } = setup({ genesisHeight: 838_000, blocks: 3 })
    await controller.refresh()
    expect(blockCount(store.get())).toBe(838_003)
    await controller.ensureBlocks([838_002, 838_001, 838_000, 837_999, 837_998])
    expect(store.get().genesisHeight).toBe(838_000)
    expect(blockCount(store.get())).toBe(3)
  })

  it('drops cached blocks of a chain that is gone (another tip at the same height, or a lower one)', async () => {
    const { node, store, controller } = setup({ blocks: 10 })
    await controller.refresh()
    await controller.ensureBlocks([9, 8, 7])
    node.reorg(6, 3) // back to 6, then 7', 8', 9'
    await controller.refresh()
    expect(store.blocks.size).toBe(0)
    await controller.ensureBlocks([9])
    expect(store.blocks.get(9)?.hash).toBe(hashOf(9, 1))
  })

  it('reads again on each RSK block while the view is shown, and not while it is hidden', async () => {
    const active = { now: false }
    const { node, controller } = setup({ blocks: 1 }, active)
    controller.onPush(block(1))
    await settle()
    expect(node.callsOf('btc_getInfo')).toHaveLength(0)
    active.now = true
    controller.onPush(block(2))
    await settle()
    expect(node.callsOf('btc_getInfo')).toHaveLength(1)
  })

  it('folds reads asked for while one runs into one more, so a burst of blocks costs two', async () => {
    const { node, store, controller } = setup({ blocks: 1 })
    const reads = [controller.refresh(), controller.refresh(), controller.refresh(), controller.refresh()]
    await Promise.all(reads)
    expect(node.callsOf('btc_getInfo')).toHaveLength(2)
    expect(store.get().info?.blocks).toBe(0)
  })

  it('forgets cached blocks on an RSK revert or reset (the Bitcoin chain lives in the RSK state)', async () => {
    const { store, controller } = setup({ blocks: 4 })
    await controller.refresh()
    await controller.ensureBlocks([3, 2])
    controller.onPush({ kind: 'node', network: 'regtest', event: 'removedBlocks', data: null })
    expect(store.blocks.size).toBe(0)
  })

  it('starts over on another network', async () => {
    const { store, controller } = setup({ blocks: 4 })
    const state = (network: 'regtest' | 'testnet') =>
      ({ kind: 'state', state: { network } }) as unknown as PushMessage
    controller.onPush(state('regtest'))
    await controller.refresh()
    store.set({ account: '0xabc' })
    controller.onPush(state('testnet'))
    expect(store.get().account).toBeNull()
    await settle()
    expect(store.get().info?.blocks).toBe(3)
  })

  it('mines, funds and pegs in through the dev methods, then reads the new state', async () => {
    const { node, store, controller } = setup({ blocks: 1 })
    await controller.refresh()
    await controller.mine(1)
    expect(node.callsOf('btc_mine')[0]?.params).toEqual([1])
    expect(store.get().info?.blocks).toBe(1)
    await controller.fund('mzRmuBWomNPKFHaPzd3WCTS6DiuoZ5tVUb', 150_000_000n)
    expect(node.callsOf('btc_fund')[0]?.params).toEqual(['mzRmuBWomNPKFHaPzd3WCTS6DiuoZ5tVUb', '150000000'])
    expect(store.get().info?.blocks).toBe(2)
    const from = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
    expect(await controller.pegIn(from, 100_000_000n)).toMatchObject({ recipient: from })
    expect(node.callsOf('btc_pegIn')[0]?.params).toEqual([{ from, value: '100000000' }])
  })

  it('reads what inputs spend from the spent transactions, each read once', async () => {
    const { node, controller } = setup()
    const out = (n: number, address: string, value: number) => ({
      n,
      value,
      scriptPubKey: { hex: '00', address },
    })
    node.transactions.set('aa', {
      txid: 'aa',
      vin: [{ coinbase: '00', sequence: 0 }],
      vout: [out(0, 'mA', 50), out(1, 'mB', 1.5)],
    })
    const spender: BtcTransaction = {
      txid: 'bb',
      vin: [
        { txid: 'aa', vout: 0, sequence: 0 },
        { txid: 'aa', vout: 1, sequence: 0 },
        {
          txid: 'cc',
          vout: 0,
          sequence: 0,
          prevout: { value: 2, scriptPubKey: { hex: '00', address: 'mC' } },
        },
        { txid: 'dd', vout: 3, sequence: 0 },
      ],
      vout: [],
    }
    const spent = await controller.spentOutputs(spender)
    expect(spent.get(outpointKey('aa', 0))?.scriptPubKey.address).toBe('mA')
    expect(spent.get(outpointKey('aa', 1))?.value).toBe(1.5)
    expect(spent.get(outpointKey('cc', 0))?.scriptPubKey.address).toBe('mC')
    expect(spent.has(outpointKey('dd', 3))).toBe(false)
    await controller.spentOutputs(spender)
    expect(node.callsOf('btc_getTransaction').filter((c) => c.params[0] === 'aa')).toHaveLength(1)
  })

  it('says so when the node has no Bitcoin chain', async () => {
    const { node, store, controller } = setup()
    node.remove('btc_getInfo')
    await controller.refresh()
    expect(store.get().error).toMatch(/^No Bitcoin chain on this node \(btc_getInfo: The method btc_getInfo/)
  })
})

describe('runs of heights', () => {
  it('groups contiguous heights, highest first, at most a page each', () => {
    expect(heightRuns([5, 3, 4, 10, 1])).toEqual([
      { top: 10, count: 1 },
      { top: 5, count: 3 },
      { top: 1, count: 1 },
    ])
    const many = Array.from({ length: 250 }, (_, i) => i)
    expect(heightRuns(many).map((r) => r.count)).toEqual([100, 100, 50])
  })
})
