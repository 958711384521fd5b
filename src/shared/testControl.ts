/**
 * The messages of the test-control entry (`globalThis.rskDevnodeControl` in the extension's
 * worker, src/background/testControl.ts), which the Playwright fixture (src/playwright) sends over
 * the DevTools protocol. Shared here so the fixture knows the extension only through src/shared.
 */
import type { PanelExtraRequest } from './panelProtocol.js'
import type { NetworkId, PanelToBackground, RpcErrorPayload } from './protocol.js'

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never

export type ControlMessage =
  | WithoutId<PanelToBackground>
  | WithoutId<Exclude<PanelExtraRequest, { kind: 'watchChain' }>>
  | { kind: 'nodeRequest'; method: string; params?: unknown[]; network?: NetworkId }
  | { kind: 'accounts' }
  | { kind: 'selectAccount'; address: string }
  | { kind: 'revokeAll' }

export interface ControlReply {
  result?: unknown
  error?: RpcErrorPayload
}

export type ControlEntry = (message: ControlMessage) => Promise<ControlReply>

/** The global's name (the fixture evaluates `globalThis[CONTROL_GLOBAL]`). */
export const CONTROL_GLOBAL = 'rskDevnodeControl'
