import { describe, expect, it } from 'vitest'
import type { ForkView } from '../../shared/panelProtocol.js'
import type { PanelConnection } from './connection.js'
import { createController } from './controller.js'
import { forkProgressText } from './lib/fork.js'
import { createStore } from './store.js'

const fork = (blockNumber: string, upstreamRequests: number): ForkView => ({
  upstream: 'https://rpc.testnet.rootstock.io/***',
  blockNumber,
  blockHash: `0x${'ab'.repeat(32)}`,
  chainId: 31,
  progress: {
    upstreamRequests,
    upstreamBatches: 1,
    accountsFetched: 2,
    slotsFetched: 3,
    cacheHits: 4,
    inFlight: 0,
  },
})

function setup() {
  const store = createStore((run) => run())
  const asked: string[] = []
  const connection = {
    request: async (message: { kind: string }) => {
      asked.push(message.kind)
      return message.kind === 'getNodeSettings' ? store.get().node : { network: 'testnet', head: '0x0' }
    },
    rpc: async (method: string) => {
      asked.push(method)
      return '0x10'
    },
    onPush: () => {},
    onReconnect: () => {},
  } as unknown as PanelConnection
  const controller = createController(store, connection)
  store.set({ node: { network: 'testnet', profile: 'rpc-api', mining: { type: 'auto' } } })
  store.putBlocks([{ number: 3, hash: '0x03', timestamp: 0, transactions: 0, gasUsed: 0n, miner: '0x' }])
  return { store, controller, asked }
}

describe('the panel following a fork', () => {
  it('keeps its blocks while a fork only makes progress, and drops them for another chain', async () => {
    const { store, controller, asked } = setup()
    controller.forkChanged(fork('16', 1))
    expect(store.get().node?.fork?.blockNumber).toBe('16')
    expect(store.blocks.size).toBe(0)
    store.putBlocks([{ number: 17, hash: '0x11', timestamp: 0, transactions: 0, gasUsed: 0n, miner: '0x' }])
    asked.length = 0
    controller.forkChanged(fork('16', 9))
    expect(store.get().node?.fork?.progress.upstreamRequests).toBe(9)
    expect(store.blocks.size).toBe(1)
    expect(asked).toEqual([])
    controller.forkChanged(null)
    expect(store.get().node?.fork).toBeUndefined()
    expect(store.blocks.size).toBe(0)
  })

  it('writes the progress the toolbar shows', () => {
    expect(forkProgressText(fork('1', 11).progress)).toBe(
      '11 upstream requests · 2 accounts · 3 slots fetched · 4 cache hits',
    )
    expect(forkProgressText({ ...fork('1', 11).progress, inFlight: 2 })).toMatch(/ · fetching…$/)
  })
})
