// idb checks instanceof IDBRequest etc. against globals: install fake-indexeddb's, then use a fresh factory per test.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { idbServiceDependencies } from '../../test/background/idbService.js'
import type { BackgroundToRelay, PageSubscriptionRecord, RelayRequest } from '../shared/protocol.js'
import { createBackgroundService } from './service.js'

/** A worker's service with real timers and clock over `factory` (one "worker lifetime"). */
async function worker(factory: IDBFactory) {
  const service = createBackgroundService({
    ...(await idbServiceDependencies(factory)),
    timers: { set: (callback, ms) => setTimeout(callback, ms), clear: (h) => clearTimeout(h as number) },
  })
  let n = 0
  const page = async (origin = 'http://127.0.0.1:1') => {
    const received: BackgroundToRelay[] = []
    const connection = { origin, send: (m: BackgroundToRelay) => received.push(m) }
    await service.connectPage(connection)
    const call = async (method: string, params?: unknown[]) => {
      const message: RelayRequest = { kind: 'request', id: `${origin}:${++n}`, request: { method, params } }
      await service.handlePageRequest(connection, message)
      const answer = [...received].reverse().find((m) => m.kind === 'response' && m.id === message.id)
      if (answer?.kind !== 'response' || answer.error) throw new Error(JSON.stringify(answer))
      return answer.result
    }
    const notifications = () =>
      received.flatMap((m) =>
        m.kind === 'event' && m.event.type === 'message'
          ? [m.event.message.data as { subscription: string; result?: { number: string }; error?: unknown }]
          : [],
      )
    return { connection, received, call, notifications }
  }
  return { service, page }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

describe('a live chain in the worker', () => {
  it('mines interval blocks on time and pushes them to a silent subscribed page, asking it to keep the worker awake', async () => {
    const { service, page } = await worker(new IDBFactory())
    const a = await page()
    await a.call('evm_setIntervalMining', [200])
    const id = await a.call('eth_subscribe', ['newHeads'])
    expect(a.received).toContainEqual({ kind: 'keepAlive', everyMs: 20_000 })
    await sleep(1300)
    const heads = a.notifications().map((d) => Number(d.result!.number))
    expect(heads.length).toBeGreaterThanOrEqual(3)
    expect(heads).toEqual(heads.map((_, i) => heads[0]! + i))
    expect(a.notifications().every((d) => d.subscription === id)).toBe(true)
    // The relay keeps a copy of the subscription and where it stands.
    expect(a.received).toContainEqual({
      kind: 'subscribed',
      subscription: { id, network: 'testnet', params: ['newHeads'], cursor: { number: '0x0' } },
    })
    const last = [...a.received].reverse().find((m) => m.kind === 'event')
    expect(last).toMatchObject({ cursor: { subscription: id, number: `0x${heads.at(-1)!.toString(16)}` } })
    await a.call('eth_unsubscribe', [id])
    await a.call('evm_setIntervalMining', [0])
    expect(a.received.at(-2)).toEqual({ kind: 'keepAlive', everyMs: null })
    service.disconnectPage(a.connection)
  })

  it('schedules nothing while no page or panel is connected: the chain catches up on the next request', async () => {
    const { service, page } = await worker(new IDBFactory())
    const a = await page()
    await a.call('evm_setIntervalMining', [100])
    service.disconnectPage(a.connection)
    const engine = (await service.nodes.get('testnet')) as unknown as {
      engine: { head: { header: { number: bigint } } }
    }
    const before = engine.engine.head.header.number
    await sleep(600)
    expect(engine.engine.head.header.number).toBe(before)
    const b = await page()
    expect(Number(await b.call('eth_blockNumber'))).toBeGreaterThanOrEqual(Number(before) + 4)
    await b.call('evm_setIntervalMining', [0])
    service.disconnectPage(b.connection)
  })

  it('a restarted worker makes a page’s subscription again under its id, with the heads mined meanwhile first', async () => {
    const factory = new IDBFactory()
    const first = await worker(factory)
    const a = await first.page()
    const id = await a.call('eth_subscribe', ['newHeads'])
    await a.call('evm_mine')
    await a.call('evm_mine')
    // What the relay kept: the subscription, and the cursor of the last head it passed on.
    const record = a.received.find((m) => m.kind === 'subscribed')!
    if (record.kind !== 'subscribed') throw new Error('no record')
    const cursorEvent = [...a.received].reverse().find((m) => m.kind === 'event')
    const cursor = cursorEvent?.kind === 'event' ? cursorEvent.cursor : undefined
    const kept: PageSubscriptionRecord = { ...record.subscription, cursor: { number: cursor!.number } }
    expect(kept.cursor).toEqual({ number: '0x2' })

    // The worker is stopped; another page wakes the new one and mines before the relay is back.
    const second = await worker(factory)
    const other = await second.page('http://127.0.0.1:2')
    for (let i = 0; i < 3; i++) await other.call('evm_mine')
    const back = await second.page()
    await second.service.resumePage(back.connection, [kept])
    await back.call('evm_mine')
    await sleep(50)
    expect(back.notifications().map((d) => [d.subscription, Number(d.result!.number)])).toEqual([
      [id, 3],
      [id, 4],
      [id, 5],
      [id, 6],
    ])
    expect(other.notifications()).toEqual([])
    expect(await back.call('eth_unsubscribe', [id])).toBe(true)
  })

  it('a subscription that cannot be made again ends with an error notification, never in silence', async () => {
    const { service, page } = await worker(new IDBFactory())
    const a = await page()
    const id = `0x${'ab'.repeat(16)}`
    await service.resumePage(a.connection, [
      { id, network: 'testnet', params: ['nope'], cursor: { number: '0x0' } },
    ])
    expect(a.notifications()).toEqual([
      {
        subscription: id,
        error: {
          code: -32602,
          message: expect.stringMatching(
            /^subscription 0xab.* could not be restored: invalid argument 0: unknown subscription type "nope"/,
          ),
        },
      },
    ])
    expect(a.received.at(-1)).toEqual({ kind: 'unsubscribed', id })
  })
})
