/**
 * The relay between the page and the background worker. It runs in the content script's
 * isolated world, so the page cannot touch its state. Rules:
 * - only messages from its own window with our channel tag and protocol version are read;
 * - requests wait until the worker says `ready`, then go over one Port;
 * - when the Port drops (the worker was stopped), requests still unanswered are sent again on a
 *   new Port, marked `replay` (the background answers each id once; see background/replies.ts);
 * - nothing hangs: if the worker cannot be reached for `giveUpAfterMs`, unanswered requests are
 *   rejected with 4900, and the page is told `unavailable` after `unavailableAfterMs`;
 * - it keeps a copy of the page's subscriptions (`subscribed`, `unsubscribed`, and the cursor of
 *   each notification) and, while it holds any or the worker asked to be kept awake
 *   (`keepAlive`), pings the worker and reconnects at once when it is stopped anyway, then hands
 *   the subscriptions back (`resume`) so they carry on under the same ids.
 */
import {
  type BackgroundToRelay,
  PAGE_CHANNEL,
  type PageSubscriptionRecord,
  type PageToRelay,
  PROTOCOL_VERSION,
  type RelayRequest,
  type RelayToBackground,
  type RelayToPage,
} from '../shared/protocol.js'

export interface RelayPort {
  postMessage(message: RelayToBackground): void
  onMessage: { addListener(listener: (message: unknown) => void): void }
  onDisconnect: { addListener(listener: () => void): void }
  disconnect(): void
}

type RelayToPageBody = RelayToPage extends infer M
  ? M extends unknown
    ? Omit<M, 'channel' | 'v' | 'dir'>
    : never
  : never

export interface RelayEnvironment {
  /** Posts to the page's own window with targetOrigin = the page's origin. */
  postToPage(message: RelayToPage): void
  /** Opens a Port to the background (waking the worker); throws once the extension is gone. */
  connect(): RelayPort
  /** Random per page load; makes request ids unique across pages and reloads. */
  session: string
  setTimer(callback: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
}

export interface RelayOptions {
  unavailableAfterMs?: number
  giveUpAfterMs?: number
  readyTimeoutMs?: number
}

export interface Relay {
  /** Greets a provider that loaded first and connects to the worker to learn the state. */
  start(): void
  /** Feed every window `message` event: `fromOwnWindow` is `event.source === window`. */
  onWindowMessage(data: unknown, fromOwnWindow: boolean): void
}

const BACKOFF_MS = [0, 50, 100, 200, 400, 800, 1000]

export function isPageToRelay(data: unknown): data is PageToRelay {
  if (!data || typeof data !== 'object') return false
  const m = data as Record<string, unknown>
  if (m.channel !== PAGE_CHANNEL || m.v !== PROTOCOL_VERSION || m.dir !== 'page-to-relay') return false
  if (m.kind === 'hello') return true
  if (m.kind !== 'request' || typeof m.id !== 'number' || !Number.isSafeInteger(m.id)) return false
  const request = m.request as Record<string, unknown> | null
  return !!request && typeof request === 'object' && typeof request.method === 'string'
}

function isBackgroundMessage(data: unknown): data is BackgroundToRelay {
  if (!data || typeof data !== 'object') return false
  const kind = (data as { kind?: unknown }).kind
  return (
    kind === 'ready' ||
    kind === 'response' ||
    kind === 'event' ||
    kind === 'subscribed' ||
    kind === 'unsubscribed' ||
    kind === 'keepAlive'
  )
}

export function createRelay(env: RelayEnvironment, options: RelayOptions = {}): Relay {
  const unavailableAfterMs = options.unavailableAfterMs ?? 1000
  const giveUpAfterMs = options.giveUpAfterMs ?? 20_000
  const readyTimeoutMs = options.readyTimeoutMs ?? 5000

  let port: RelayPort | null = null
  let ready = false
  let permanentlyGone = false
  /** Unanswered requests by global id, in arrival order. */
  const inflight = new Map<string, { pageId: number; message: RelayRequest }>()
  /** The page's subscriptions the worker serves, by id, in the order they were made. */
  const subscriptions = new Map<string, PageSubscriptionRecord>()
  /** How often to ping while the worker asked to be kept awake; null when it did not. */
  let keepAliveMs: number | null = null
  let pingTimer: unknown = null
  /** Set once a Port was ready: a later `ready` is a reconnection. */
  let wasReady = false
  /** Ids already sent on the current Port. */
  const sentOnPort = new Set<string>()
  let attempt = 0
  let outageStartedAt: number | null = null
  let reconnectTimer: unknown = null
  let readyTimer: unknown = null
  let unavailableTimer: unknown = null
  let toldUnavailable = false

  const toPage = (body: RelayToPageBody) =>
    env.postToPage({
      channel: PAGE_CHANNEL,
      v: PROTOCOL_VERSION,
      dir: 'relay-to-page',
      ...body,
    } as RelayToPage)

  /** Whether the worker must be kept awake, and woken again at once if it is stopped. */
  const live = () => subscriptions.size > 0 || keepAliveMs !== null

  function post(message: RelayToBackground): void {
    try {
      port?.postMessage(message)
    } catch {
      // The Port died between its last event and now: onDisconnect follows.
    }
  }

  function schedulePing(): void {
    env.clearTimer(pingTimer)
    pingTimer = null
    if (keepAliveMs === null || !port || !ready) return
    pingTimer = env.setTimer(() => {
      post({ kind: 'ping' })
      schedulePing()
    }, keepAliveMs)
  }

  function send(id: string, entry: { message: RelayRequest }, replay: boolean): void {
    if (!port || !ready || sentOnPort.has(id)) return
    sentOnPort.add(id)
    try {
      port.postMessage(replay ? { ...entry.message, replay: true } : entry.message)
    } catch {
      // The Port died between its last event and now: onDisconnect will replay.
    }
  }

  function onBackgroundMessage(data: unknown, from: RelayPort): void {
    if (from !== port || !isBackgroundMessage(data)) return
    if (data.kind === 'ready') {
      ready = true
      attempt = 0
      outageStartedAt = null
      toldUnavailable = false
      env.clearTimer(readyTimer)
      env.clearTimer(unavailableTimer)
      unavailableTimer = null
      toPage({ kind: 'ready', state: data.state })
      // A restarted worker knows nothing of the page: its subscriptions first, then the requests.
      if (wasReady && live()) post({ kind: 'resume', subscriptions: [...subscriptions.values()] })
      wasReady = true
      for (const [id, entry] of inflight) send(id, entry, true)
      schedulePing()
    } else if (data.kind === 'response') {
      const entry = inflight.get(data.id)
      if (!entry) return
      inflight.delete(data.id)
      toPage({ kind: 'response', id: entry.pageId, result: data.result, error: data.error })
    } else if (data.kind === 'event') {
      const cursor = data.cursor
      const record = cursor && subscriptions.get(cursor.subscription)
      if (record && cursor)
        record.cursor =
          cursor.logIndex === undefined
            ? { number: cursor.number }
            : { number: cursor.number, logIndex: cursor.logIndex }
      toPage({ kind: 'event', event: data.event })
    } else if (data.kind === 'subscribed') {
      subscriptions.set(data.subscription.id, data.subscription)
    } else if (data.kind === 'unsubscribed') {
      subscriptions.delete(data.id)
    } else {
      keepAliveMs = data.everyMs
      schedulePing()
    }
  }

  function failAll(message: string): void {
    for (const [id, entry] of inflight) {
      inflight.delete(id)
      toPage({ kind: 'response', id: entry.pageId, error: { code: 4900, message } })
    }
  }

  function giveUp(permanent: boolean, message: string): void {
    env.clearTimer(reconnectTimer)
    env.clearTimer(readyTimer)
    env.clearTimer(unavailableTimer)
    failAll(message)
    toldUnavailable = true
    toPage({ kind: 'unavailable', permanent, message })
    outageStartedAt = null
  }

  function connect(): void {
    reconnectTimer = null
    if (port || permanentlyGone) return
    let next: RelayPort
    try {
      next = env.connect()
    } catch {
      permanentlyGone = true
      giveUp(true, 'Disconnected: the RSK Devnode extension was reloaded or removed; reload the page.')
      return
    }
    port = next
    ready = false
    sentOnPort.clear()
    next.onMessage.addListener((message) => onBackgroundMessage(message, next))
    next.onDisconnect.addListener(() => onDisconnect(next))
    env.clearTimer(readyTimer)
    readyTimer = env.setTimer(() => {
      // Connected but never told ready: treat the Port as dead and try again.
      if (port === next && !ready) {
        next.disconnect()
        onDisconnect(next)
      }
    }, readyTimeoutMs)
  }

  function onDisconnect(dead: RelayPort): void {
    if (port !== dead) return
    port = null
    ready = false
    sentOnPort.clear()
    env.clearTimer(readyTimer)
    env.clearTimer(pingTimer)
    pingTimer = null
    // Reconnect at once only if something waits for an answer, or the chain must stay live (the
    // worker was stopped anyway: by the browser, or from outside). An idle page reconnects on its
    // next request, so a sleeping worker is not woken for nothing.
    if (inflight.size > 0 || live()) scheduleReconnect()
  }

  function scheduleReconnect(): void {
    if (reconnectTimer !== null || port || permanentlyGone) return
    const now = Date.now()
    outageStartedAt ??= now
    if (now - outageStartedAt >= giveUpAfterMs) {
      giveUp(false, 'Disconnected: the RSK Devnode worker did not come back; try again.')
      return
    }
    if (unavailableTimer === null && !toldUnavailable) {
      unavailableTimer = env.setTimer(() => {
        unavailableTimer = null
        if (!ready && !toldUnavailable) {
          toldUnavailable = true
          toPage({ kind: 'unavailable', permanent: false, message: 'The RSK Devnode worker is restarting.' })
        }
      }, unavailableAfterMs)
    }
    const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 1000
    attempt++
    reconnectTimer = env.setTimer(() => {
      reconnectTimer = null
      connect()
      // A failed connect leaves no Port; keep trying until the deadline.
      if (!port && !permanentlyGone) scheduleReconnect()
    }, delay)
  }

  return {
    start() {
      toPage({ kind: 'hello' })
      connect()
    },
    onWindowMessage(data, fromOwnWindow) {
      if (!fromOwnWindow || !isPageToRelay(data)) return
      if (data.kind === 'hello') {
        toPage({ kind: 'hello' })
        if (!port) connect()
        return
      }
      const id = `${env.session}:${data.id}`
      if (inflight.has(id)) return
      if (permanentlyGone) {
        toPage({
          kind: 'response',
          id: data.id,
          error: { code: 4900, message: 'Disconnected: reload the page.' },
        })
        return
      }
      const entry = {
        pageId: data.id,
        message: {
          kind: 'request',
          id,
          request: { method: data.request.method, params: data.request.params },
        },
      } satisfies { pageId: number; message: RelayRequest }
      inflight.set(id, entry)
      if (!port) connect()
      send(id, entry, false)
    },
  }
}
