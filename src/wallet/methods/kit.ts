/**
 * What a wallet method file gets: the page's context and the wallet's parts. One method per file
 * in this folder (named exactly as the method), listed in `index.ts`; wallet.ts dispatches to them.
 * Errors are the classes of ../errors.ts, each with its static code.
 */
import type { Hex } from '../../core/util/hex.js'
import type { ApprovalDisplay, NetworkId } from '../../shared/protocol.js'
import type { Approvals } from '../approvals.js'
import type { Keyring, KeyringAccount } from '../keyring.js'
import type { Permissions } from '../permissions.js'
import type { WalletStore } from '../store.js'
import type { CallNode } from '../transactions.js'

/** Who asks: the page's origin, and the relay's request id for a replayed request. */
export interface WalletContext {
  /** The page's origin as the browser reported it (never as the page claimed it). */
  origin: string
  /** The relay's request id, to send a replayed eth_sendTransaction once only. */
  requestId?: string
  replay?: boolean
}

export interface WalletKit {
  ctx: WalletContext
  store: WalletStore
  keyring: Keyring
  permissions: Permissions
  approvals: Approvals
  callNode: CallNode
  /** The node of another network than the selected one. */
  callNodeOn(network: NetworkId): CallNode
  now(): number
  newId(): string
  network(): Promise<NetworkId>
  /** The active chain's id and its currency symbol. */
  chain(): Promise<{ chainId: number; symbol: string }>
  /** The origin's granted account with this address (any case), or 4100. */
  authorizedAccount(address: unknown): Promise<KeyringAccount>
  /** Waits for approval (or rejects with 4001) showing `display`. */
  approve(method: string, params: unknown, display?: ApprovalDisplay): Promise<void>
  /**
   * Signs and sends one transaction for this origin through the wallet's one-at-a-time queue,
   * as eth_sendTransaction does (filled, approved unless `approved`); answers its hash.
   */
  sendTransaction(request: unknown, options?: { approved?: boolean }): Promise<Hex>
  onStateChanged?(): void
}

export type WalletMethod = (kit: WalletKit, params: unknown[], raw: unknown) => Promise<unknown>
