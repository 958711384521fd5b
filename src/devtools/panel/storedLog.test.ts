import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../shared/protocol.js'
import type { PanelConnection } from './connection.js'
import { createController } from './controller.js'
import { loggedEntry } from './requestLogFixtures.js'
import { createStore } from './store.js'

const logged = loggedEntry

/** A worker holding entries 1…stored, answering getLog as requestLog.list does (newest first). */
function setup(stored: number) {
  const asked: Array<{ limit?: number; beforeId?: number }> = []
  const connection = {
    request: async (message: { kind: string; limit?: number; beforeId?: number }) => {
      if (message.kind !== 'getLog') return { network: 'regtest', head: '0x0' }
      asked.push({ limit: message.limit, beforeId: message.beforeId })
      const top = Math.min(stored, (message.beforeId ?? stored + 1) - 1)
      const out: RequestLogEntry[] = []
      for (let id = top; id >= 1 && out.length < (message.limit ?? 200); id--) out.push(logged(id))
      return out
    },
    rpc: async () => '0x0',
    onPush: () => {},
    onReconnect: () => {},
  } as unknown as PanelConnection
  const store = createStore((run) => run())
  return { store, controller: createController(store, connection), asked }
}

describe('the stored request log read when the panel opens', () => {
  it('reads the newest 5,000 entries in pages of 500, oldest first in the store', async () => {
    const { store, controller, asked } = setup(6_234)
    const stop = await controller.start()
    stop()
    const requests = store.get().requests
    expect(requests).toHaveLength(5_000)
    expect(requests[0]?.id).toBe(1_235)
    expect(requests.at(-1)?.id).toBe(6_234)
    expect(
      requests.every((e, i) => i === 0 || (e.id as number) === (requests[i - 1]?.id as number) + 1),
    ).toBe(true)
    expect(asked).toHaveLength(10)
    expect(asked.every((a) => (a.limit ?? 0) <= 500)).toBe(true)
  })

  it('stops at a short page: a log shorter than a page is one request', async () => {
    const { store, controller, asked } = setup(321)
    ;(await controller.start())()
    expect(store.get().requests.map((e) => e.id)).toEqual(Array.from({ length: 321 }, (_, i) => i + 1))
    expect(asked).toHaveLength(1)
  })
})
