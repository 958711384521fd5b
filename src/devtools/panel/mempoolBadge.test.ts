import { describe, expect, it } from 'vitest'
import type { PanelConnection, PushMessage as PanelPush } from './connection.js'
import { createController } from './controller.js'
import { createStore } from './store.js'

const SENDER = '0xaaaa000000000000000000000000000000000000'
const pooled = {
  pending: {
    [SENDER.slice(2)]: {
      '0': [
        {
          hash: `0x${'01'.repeat(32)}`,
          from: SENDER,
          nonce: '0x0',
          to: null,
          value: '0x0',
          gasPrice: '0x1',
          gas: '0x5208',
          input: '0x',
        },
      ],
    },
  },
  queued: {},
}

function setup() {
  const store = createStore((run) => run())
  let pool: unknown = pooled
  let push: (message: PanelPush) => void = () => {}
  const connection = {
    request: async (message: { kind: string }) =>
      message.kind === 'getLog' ? [] : { network: 'testnet', head: '0x0' },
    rpc: async (method: string) => (method === 'txpool_content' ? pool : '0x1'),
    onPush: (listener: (message: PanelPush) => void) => {
      push = listener
    },
    onReconnect: () => {},
  } as unknown as PanelConnection
  const controller = createController(store, connection)
  return {
    store,
    controller,
    push: (m: PanelPush) => push(m),
    emptyPool: () => (pool = { pending: {}, queued: {} }),
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the Mempool badge', () => {
  it('drops a transaction once a block mined it, without the Mempool view open', async () => {
    const { store, controller, push, emptyPool } = setup()
    const stop = await controller.start()
    push({
      kind: 'node',
      network: 'testnet',
      event: 'pendingTransaction',
      data: `0x${'01'.repeat(32)}`,
    } as PanelPush)
    await settle()
    expect(store.get().pending).toHaveLength(1)
    emptyPool()
    push({ kind: 'node', network: 'testnet', event: 'block', data: { number: '0x1' } } as PanelPush)
    await settle()
    expect(store.get().pending).toHaveLength(0)
    stop()
  })
})
