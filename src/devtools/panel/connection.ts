/**
 * The panel's Port to the background. Requests carry numeric ids answered by `reply`; pushes
 * (`log`, `state`, `node`) go to listeners. The worker may stop at any time: a closed Port is
 * reopened on the next request and `onReconnect` listeners re-arm their subscriptions.
 */

import { browser, type Runtime } from '../../shared/extensionApi.js'
import type { PanelExtraRequest } from '../../shared/panelProtocol.js'
import {
  type BackgroundToPanel,
  DEVTOOLS_PORT_NAME,
  type PanelToBackground,
  type RpcErrorPayload,
} from '../../shared/protocol.js'

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never
export type PanelRequest = WithoutId<PanelToBackground | PanelExtraRequest>
export type PushMessage = Exclude<BackgroundToPanel, { kind: 'reply' }>

export class PanelRequestError extends Error {
  static readonly code = -32000
  readonly code: number
  readonly data?: unknown
  constructor(payload: RpcErrorPayload) {
    super(payload.message)
    this.name = 'PanelRequestError'
    this.code = payload.code
    this.data = payload.data
  }
}

export interface PanelConnection {
  request<T = unknown>(message: PanelRequest): Promise<T>
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  onPush(listener: (message: PushMessage) => void): void
  onReconnect(listener: () => void): void
}

export function connectToBackground(): PanelConnection {
  let port: Runtime.Port | null = null
  let nextId = 1
  let connectedOnce = false
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>()
  const pushListeners = new Set<(message: PushMessage) => void>()
  const reconnectListeners = new Set<() => void>()

  function open(): Runtime.Port {
    if (port) return port
    const p = browser.runtime.connect({ name: DEVTOOLS_PORT_NAME })
    p.onMessage.addListener((received: unknown) => {
      const message = received as BackgroundToPanel // only the background posts on this Port
      if (message.kind !== 'reply') {
        for (const listener of pushListeners) listener(message)
        return
      }
      const waiter = pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id)
      if (message.error) waiter.reject(new PanelRequestError(message.error))
      else waiter.resolve(message.result)
    })
    p.onDisconnect.addListener(() => {
      if (port === p) port = null
      for (const waiter of pending.values())
        waiter.reject(new PanelRequestError({ code: 4900, message: 'The background restarted; try again' }))
      pending.clear()
      // Reopen at once so pushes keep flowing after a worker restart.
      setTimeout(() => {
        open()
        for (const listener of reconnectListeners) listener()
      }, 100)
    })
    port = p
    if (connectedOnce) return p
    connectedOnce = true
    return p
  }

  const connection: PanelConnection = {
    request<T>(message: PanelRequest): Promise<T> {
      const id = nextId++
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
        try {
          open().postMessage({ ...message, id })
        } catch {
          port = null
          open().postMessage({ ...message, id })
        }
      })
    },
    rpc<T>(method: string, params: unknown[] = []): Promise<T> {
      return connection.request<T>({ kind: 'rpc', request: { method, params } })
    },
    onPush(listener) {
      pushListeners.add(listener)
      open()
    },
    onReconnect(listener) {
      reconnectListeners.add(listener)
    },
  }
  return connection
}
