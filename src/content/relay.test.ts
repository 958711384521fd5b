import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RelayToBackground, RelayToPage } from '../shared/protocol.js'
import { createRelay, type RelayPort } from './relay.js'

class FakePort implements RelayPort {
  sent: RelayToBackground[] = []
  #onMessage: Array<(m: unknown) => void> = []
  #onDisconnect: Array<() => void> = []
  onMessage = { addListener: (l: (m: unknown) => void) => this.#onMessage.push(l) }
  onDisconnect = { addListener: (l: () => void) => this.#onDisconnect.push(l) }
  postMessage(m: RelayToBackground) {
    this.sent.push(m)
  }
  disconnect() {}
  deliver(m: unknown) {
    for (const l of this.#onMessage) l(m)
  }
  drop() {
    for (const l of this.#onDisconnect) l()
  }
}

const READY = { kind: 'ready', state: { chainId: '0x1f', networkVersion: '31', accounts: [] } }
const req = (id: number, method = 'eth_chainId') => ({
  channel: 'rsk-devnode:provider',
  v: 1,
  dir: 'page-to-relay',
  kind: 'request',
  id,
  request: { method },
})

function setup(options: { failConnect?: boolean } = {}) {
  const toPage: RelayToPage[] = []
  const ports: FakePort[] = []
  let failConnect = options.failConnect ?? false
  const relay = createRelay(
    {
      postToPage: (m) => toPage.push(m),
      connect: () => {
        if (failConnect) throw new Error('Extension context invalidated.')
        const port = new FakePort()
        ports.push(port)
        return port
      },
      session: 's1',
      setTimer: (cb, ms) => setTimeout(cb, ms),
      clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
    { unavailableAfterMs: 1000, giveUpAfterMs: 5000, readyTimeoutMs: 3000 },
  )
  const responses = () => toPage.filter((m) => m.kind === 'response')
  return { relay, toPage, ports, responses, setFailConnect: (v: boolean) => (failConnect = v) }
}

describe('createRelay', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('ignores messages from other windows, other channels and malformed requests', () => {
    const { relay, ports } = setup()
    relay.onWindowMessage(req(1), false)
    relay.onWindowMessage({ ...req(2), channel: 'someone-else' }, true)
    relay.onWindowMessage({ ...req(3), v: 2 }, true)
    relay.onWindowMessage({ ...req(4), id: '4' }, true)
    relay.onWindowMessage({ ...req(5), dir: 'relay-to-page' }, true)
    relay.onWindowMessage({ ...req(6), request: { method: 42 } }, true)
    relay.onWindowMessage('eth_chainId', true)
    expect(ports).toHaveLength(0)
  })

  it('queues requests until the worker is ready, then sends them with session-scoped ids', () => {
    const { relay, ports } = setup()
    relay.onWindowMessage(req(1), true)
    expect(ports).toHaveLength(1)
    expect(ports[0]!.sent).toHaveLength(0)
    ports[0]!.deliver(READY)
    expect(ports[0]!.sent.map((m) => (m.kind === 'request' ? m.id : m.kind))).toEqual(['s1:1'])
  })

  it('passes the response back under the page id and the ready state to the page', () => {
    const { relay, ports, toPage, responses } = setup()
    relay.onWindowMessage(req(9), true)
    ports[0]!.deliver(READY)
    ports[0]!.deliver({ kind: 'response', id: 's1:9', result: '0x1f' })
    expect(toPage.some((m) => m.kind === 'ready')).toBe(true)
    expect(responses()).toMatchObject([{ kind: 'response', id: 9, result: '0x1f' }])
  })

  it('replays unanswered requests on a new Port after the worker stops, marked as replays', async () => {
    const { relay, ports, responses } = setup()
    relay.onWindowMessage(req(1), true)
    relay.onWindowMessage(req(2), true)
    ports[0]!.deliver(READY)
    ports[0]!.deliver({ kind: 'response', id: 's1:1', result: 'a' })
    ports[0]!.drop()
    await vi.advanceTimersByTimeAsync(0)
    expect(ports).toHaveLength(2)
    ports[1]!.deliver(READY)
    expect(ports[1]!.sent).toEqual([
      { kind: 'request', id: 's1:2', request: { method: 'eth_chainId' }, replay: true },
    ])
    ports[1]!.deliver({ kind: 'response', id: 's1:2', result: 'b' })
    expect(responses().map((r) => (r as { result: unknown }).result)).toEqual(['a', 'b'])
  })

  it('ignores messages from a Port it has already replaced', async () => {
    const { relay, ports, responses } = setup()
    relay.onWindowMessage(req(1), true)
    ports[0]!.deliver(READY)
    ports[0]!.drop()
    await vi.advanceTimersByTimeAsync(0)
    ports[0]!.deliver({ kind: 'response', id: 's1:1', result: 'stale' })
    expect(responses()).toHaveLength(0)
  })

  it('does not reconnect an idle page when the worker stops, only on its next request', async () => {
    const { relay, ports } = setup()
    relay.start()
    ports[0]!.deliver(READY)
    ports[0]!.drop()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(ports).toHaveLength(1)
    relay.onWindowMessage(req(1), true)
    expect(ports).toHaveLength(2)
  })

  it('tells the page unavailable after a second without the worker, and rejects with 4900 at the deadline', async () => {
    const { relay, ports, toPage, responses } = setup()
    relay.onWindowMessage(req(1), true)
    ports[0]!.deliver(READY)
    ports[0]!.drop()
    // Every new Port stays silent: the worker never becomes ready.
    await vi.advanceTimersByTimeAsync(1100)
    expect(toPage.filter((m) => m.kind === 'unavailable')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(responses()).toMatchObject([{ id: 1, error: { code: 4900 } }])
  })

  it('tells the page unavailable again in a second outage', async () => {
    const { relay, ports, toPage } = setup()
    relay.onWindowMessage(req(1), true)
    ports[0]!.deliver(READY)
    ports[0]!.drop()
    await vi.advanceTimersByTimeAsync(1100)
    ports.at(-1)!.deliver(READY)
    relay.onWindowMessage(req(2), true)
    ports.at(-1)!.drop()
    await vi.advanceTimersByTimeAsync(1100)
    expect(toPage.filter((m) => m.kind === 'unavailable')).toHaveLength(2)
  })

  it('rejects everything with 4900 and reports a permanent disconnect when the extension is gone', async () => {
    const { relay, ports, toPage, responses, setFailConnect } = setup()
    relay.onWindowMessage(req(1), true)
    ports[0]!.deliver(READY)
    setFailConnect(true)
    ports[0]!.drop()
    await vi.advanceTimersByTimeAsync(0)
    expect(responses()).toMatchObject([{ id: 1, error: { code: 4900 } }])
    expect(toPage.at(-1)).toMatchObject({ kind: 'unavailable', permanent: true })
    relay.onWindowMessage(req(2), true)
    expect(responses()).toMatchObject([{ id: 1 }, { id: 2, error: { code: 4900 } }])
  })

  it('answers a provider hello with hello', () => {
    const { relay, toPage } = setup()
    relay.onWindowMessage(
      { channel: 'rsk-devnode:provider', v: 1, dir: 'page-to-relay', kind: 'hello' },
      true,
    )
    expect(toPage[0]).toMatchObject({ kind: 'hello', dir: 'relay-to-page' })
  })

  describe('a live chain (subscriptions, keep-alive)', () => {
    const HEADS = { id: '0xaa', network: 'regtest', params: ['newHeads'], cursor: { number: '0x5' } }
    const head = (n: number) => ({
      kind: 'event',
      event: {
        type: 'message',
        message: { type: 'eth_subscription', data: { subscription: '0xaa', result: {} } },
      },
      cursor: { subscription: '0xaa', number: `0x${n.toString(16)}` },
    })

    it('pings while the worker asks to be kept awake, and stops when it no longer does', async () => {
      const { relay, ports } = setup()
      relay.start()
      ports[0]!.deliver(READY)
      ports[0]!.deliver({ kind: 'keepAlive', everyMs: 20_000 })
      await vi.advanceTimersByTimeAsync(61_000)
      expect(ports[0]!.sent.filter((m) => m.kind === 'ping')).toHaveLength(3)
      ports[0]!.deliver({ kind: 'keepAlive', everyMs: null })
      await vi.advanceTimersByTimeAsync(61_000)
      expect(ports[0]!.sent.filter((m) => m.kind === 'ping')).toHaveLength(3)
    })

    it('reconnects at once when the worker is stopped while the page holds a subscription, and hands it back with its cursor', async () => {
      const { relay, ports, toPage } = setup()
      relay.start()
      ports[0]!.deliver(READY)
      ports[0]!.deliver({ kind: 'subscribed', subscription: HEADS })
      ports[0]!.deliver(head(6))
      ports[0]!.deliver(head(7))
      expect(toPage.filter((m) => m.kind === 'event')).toHaveLength(2)
      ports[0]!.drop()
      await vi.advanceTimersByTimeAsync(0)
      expect(ports).toHaveLength(2)
      ports[1]!.deliver(READY)
      expect(ports[1]!.sent[0]).toEqual({
        kind: 'resume',
        subscriptions: [{ ...HEADS, cursor: { number: '0x7' } }],
      })
    })

    it('forgets an ended subscription: an idle page then lets a stopped worker sleep', async () => {
      const { relay, ports } = setup()
      relay.start()
      ports[0]!.deliver(READY)
      ports[0]!.deliver({ kind: 'subscribed', subscription: HEADS })
      ports[0]!.deliver({ kind: 'unsubscribed', id: '0xaa' })
      ports[0]!.drop()
      await vi.advanceTimersByTimeAsync(5_000)
      expect(ports).toHaveLength(1)
    })

    it('a first connection sends no resume; a log cursor keeps its index', async () => {
      const { relay, ports } = setup()
      relay.start()
      ports[0]!.deliver(READY)
      expect(ports[0]!.sent).toEqual([])
      const LOGS = { id: '0xbb', network: 'regtest', params: ['logs', {}], cursor: { number: '0x1' } }
      ports[0]!.deliver({ kind: 'subscribed', subscription: LOGS })
      ports[0]!.deliver({
        kind: 'event',
        event: {},
        cursor: { subscription: '0xbb', number: '0x3', logIndex: 2 },
      })
      ports[0]!.drop()
      await vi.advanceTimersByTimeAsync(0)
      ports[1]!.deliver(READY)
      expect(ports[1]!.sent[0]).toEqual({
        kind: 'resume',
        subscriptions: [{ ...LOGS, cursor: { number: '0x3', logIndex: 2 } }],
      })
    })
  })
})
