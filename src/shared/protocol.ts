/**
 * Every message that crosses a context boundary of the extension, as discriminated unions.
 *
 *   page (MAIN world) ──window.postMessage──▶ relay (ISOLATED world) ──Port 'rsk:page'──▶ background
 *   DevTools panel ──Port 'rsk:devtools'──▶ background
 *
 * This file holds types and plain constants only: the MAIN-world provider imports it, and
 * nothing here may pull code into that script.
 */

/** Tag on every window message of ours; the relay ignores anything else. */
export const PAGE_CHANNEL = 'rsk-devnode:provider'
export const PROTOCOL_VERSION = 1
export const PAGE_PORT_NAME = 'rsk:page'
export const DEVTOOLS_PORT_NAME = 'rsk:devtools'

export type NetworkId = 'mainnet' | 'testnet' | 'regtest'

export interface RpcErrorPayload {
  code: number
  message: string
  data?: unknown
}

export interface RpcRequestPayload {
  method: string
  params?: unknown
}

/** What the page learns when the worker is (again) ready to answer. */
export interface ProviderState {
  chainId: `0x${string}`
  networkVersion: string
  /** Accounts the page's origin is allowed to see (empty until granted). */
  accounts: string[]
  /** Whether the provider says `isMetaMask: true` (the wallet setting; on unless turned off). */
  isMetaMask?: boolean
}

// ── page ⇄ relay (window.postMessage, same window, targetOrigin = location.origin) ───────────

export type PageToRelay = {
  channel: typeof PAGE_CHANNEL
  v: typeof PROTOCOL_VERSION
  dir: 'page-to-relay'
} /**
 * Both scripts run at document_start in different worlds and either may load first: each
 * says hello on load and answers the other's hello, so neither misses the other.
 */ & (
  | { kind: 'hello' }
  | {
      kind: 'request'
      /** Unique within the page load; the relay prefixes it with its session to make it global. */
      id: number
      request: RpcRequestPayload
    }
)

export type RelayToPage = {
  channel: typeof PAGE_CHANNEL
  v: typeof PROTOCOL_VERSION
  dir: 'relay-to-page'
} & (
  | { kind: 'hello' }
  | { kind: 'response'; id: number; result?: unknown; error?: RpcErrorPayload }
  | { kind: 'ready'; state: ProviderState }
  /** The worker cannot answer right now (it is restarting); requests wait and are replayed. */
  | { kind: 'unavailable'; permanent: boolean; message: string }
  | { kind: 'event'; event: ProviderEvent }
)

export type ProviderEvent =
  | { type: 'chainChanged'; chainId: `0x${string}`; networkVersion: string }
  | { type: 'accountsChanged'; accounts: string[] }
  /** An `eth_subscribe` notification, forwarded as EIP-1193 `message`. */
  | { type: 'message'; message: { type: string; data: unknown } }
  /** The wallet's settings a page's provider reflects changed (`isMetaMask`). */
  | { type: 'walletSettings'; isMetaMask: boolean }

// ── relay ⇄ background (Port named PAGE_PORT_NAME) ──────────────────────────────────────────

/**
 * A page's `eth_subscribe` subscription as its relay keeps it, so that a restarted worker can make
 * it again under the same id. `cursor` is the last notification delivered (its block number in
 * hex, and its log index for logs), or the head when the page subscribed; the worker fills it in.
 */
export interface PageSubscriptionRecord {
  id: string
  network: NetworkId
  params: unknown[]
  cursor?: { number: string; logIndex?: number }
}

export type RelayToBackground =
  | {
      kind: 'request'
      /** `<relay session>:<page id>`: a replayed request carries the same id and is answered once. */
      id: string
      request: RpcRequestPayload
      /** Set when the request is sent again after the worker restarted before answering it. */
      replay?: boolean
    }
  /** After reconnecting to a worker that was told to stay awake: the page's subscriptions to make again. */
  | { kind: 'resume'; subscriptions: PageSubscriptionRecord[] }
  /** Traffic that keeps the worker from being stopped as idle while `keepAlive` is on. */
  | { kind: 'ping' }

export type RelayRequest = Extract<RelayToBackground, { kind: 'request' }>

export type BackgroundToRelay =
  | { kind: 'ready'; state: ProviderState }
  | { kind: 'response'; id: string; result?: unknown; error?: RpcErrorPayload }
  /** `cursor` (subscription notifications): where the page's subscription now stands. */
  | {
      kind: 'event'
      event: ProviderEvent
      cursor?: { subscription: string; number: string; logIndex?: number }
    }
  /** A subscription the page made (sent before its `eth_subscribe` answer) or that ended. */
  | { kind: 'subscribed'; subscription: PageSubscriptionRecord }
  | { kind: 'unsubscribed'; id: string }
  /**
   * Whether the worker needs to stay awake (interval mining, subscriptions): while `everyMs` is a
   * number the relay pings that often, and reconnects at once if the worker is stopped anyway.
   */
  | { kind: 'keepAlive'; everyMs: number | null }

// ── DevTools panel ⇄ background (Port named DEVTOOLS_PORT_NAME) ─────────────────────────────

/** One logged page request. `id` is assigned by the log; newest entries have the highest ids. */
export interface RequestLogEntry {
  id?: number
  /** Milliseconds since the epoch when the request arrived. */
  time: number
  origin: string
  network: NetworkId
  method: string
  params: unknown
  result?: unknown
  error?: RpcErrorPayload
  durationMs: number
}

export interface WalletSettings {
  /** When on, account, signing, sending and chain requests wait for approval. */
  requireApproval: boolean
  /** When on, the next approvable request is rejected with 4001 and the switch turns itself off. */
  rejectNext: boolean
  /**
   * When on (the default), the page's provider says `isMetaMask: true`, as dApps built for
   * MetaMask require before they enable their wallet features; `isRskDevnode` is always true.
   */
  isMetaMask: boolean
}

/** What an approval shows of the request: decoded, in sections of label/value rows. */
export interface ApprovalDisplay {
  /** One line: "Send 0.001 RBTC to 0x…", "Sign typed data: Mail", "Sign a message". */
  summary: string
  sections: Array<{ heading: string; rows: Array<{ label: string; value: string }> }>
}

/** An asset a page asked the wallet to watch (`wallet_watchAsset`, EIP-747). */
export interface WatchedAsset {
  type: 'ERC20' | 'ERC721' | 'ERC1155'
  /** Lowercase contract address. */
  address: string
  network: NetworkId
  /** The account it is watched for (lowercase). */
  account: string
  symbol?: string
  decimals?: number
  image?: string
  tokenId?: string
  origin: string
  time: number
}

/** A watched asset with its balance for its account, as the popup and panel list them. */
export interface WatchedAssetView extends WatchedAsset {
  /** Decimal integer (ERC-20 in its smallest unit, NFTs a count); null when the call failed. */
  balance: string | null
  /** The ERC-20 balance in whole tokens (with its decimals), when known. */
  formatted?: string
}

export interface PendingApproval {
  id: string
  origin: string
  method: string
  params: unknown
  time: number
  /** What is signed or sent, decoded for the approval (absent for account and chain requests). */
  display?: ApprovalDisplay
}

export interface PanelState {
  network: NetworkId
  chainId: `0x${string}`
  settings: WalletSettings
  accounts: string[]
  /** origin → granted accounts. */
  permissions: Record<string, string[]>
  approvals: PendingApproval[]
}

export type PanelToBackground =
  /** Run a JSON-RPC method on the selected network's node (or the wallet), as the panel. */
  | { kind: 'rpc'; id: number; request: RpcRequestPayload }
  | { kind: 'getState'; id: number }
  | { kind: 'getLog'; id: number; limit?: number; beforeId?: number }
  | { kind: 'clearLog'; id: number }
  | { kind: 'setNetwork'; id: number; network: NetworkId }
  | { kind: 'setSettings'; id: number; settings: Partial<WalletSettings> }
  | { kind: 'resolveApproval'; id: number; approvalId: string; approved: boolean }
  | { kind: 'importKey'; id: number; privateKey: string }
  | { kind: 'revokeOrigin'; id: number; origin: string }
  /** The watched assets of the selected network, with balances (WatchedAssetView[]). */
  | { kind: 'getWatchedAssets'; id: number }
  | { kind: 'removeWatchedAsset'; id: number; address: string; tokenId?: string; account: string }

export type BackgroundToPanel =
  | { kind: 'reply'; id: number; result?: unknown; error?: RpcErrorPayload }
  /** Pushed to every connected panel as things happen. */
  | { kind: 'log'; entry: RequestLogEntry }
  | { kind: 'state'; state: PanelState }
  /** A node event (new block, pending transaction, …) of the selected network. */
  | { kind: 'node'; network: NetworkId; event: string; data: unknown }
