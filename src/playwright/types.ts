/**
 * The public types of `rsk-devnode/playwright`. Plain data only: quantities are bigints, addresses
 * and data lowercase (or as the page sent them, in `params`), JSON-RPC results as the node answers.
 */
import type { BrowserContext } from '@playwright/test'

export type NetworkName = 'regtest' | 'testnet' | 'mainnet'

/** `test.use({ devnodeOptions: { … } })`: every field optional. */
export interface DevnodeSettings {
  /** The network each test starts on (default `'regtest'`). */
  network?: NetworkName
  /** Each test starts from the chain the worker started with (default `true`). */
  snapshotPerTest?: boolean
  /** Each test starts with "require approval" on (default `false`). */
  requireApproval?: boolean
  /** Default: Playwright's own `headless` option (true unless `--headed`). */
  headless?: boolean
  /** The Chromium to run; default `CHROMIUM_PATH`, Playwright's Chromium, then `/usr/bin/chromium`. */
  chromiumPath?: string
  /** The unpacked extension; default the package's `dist/extension/chromium/`. */
  extensionPath?: string
}

/** One request a page sent, as the request log (and the DevTools panel) shows it. */
export interface RequestLogEntry {
  id?: number
  /** Milliseconds since the epoch when the request arrived. */
  time: number
  origin: string
  network: NetworkName
  method: string
  params: unknown
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
  durationMs: number
}

/** A transaction request as the page sent it, read into bigints (fields it left out are absent). */
export interface DecodedTransaction {
  kind: 'transaction'
  from: string
  to: string | null
  value: bigint
  gas?: bigint
  gasPrice?: bigint
  nonce?: bigint
  data: string
}

/** personal_sign / eth_sign: the message as text when it is UTF-8, else its hex. */
export interface DecodedMessage {
  kind: 'message'
  address: string
  message: string
  /** The message bytes as hex. */
  raw: string
}

export interface DecodedTypedData {
  kind: 'typedData'
  address: string
  domain: Record<string, unknown>
  primaryType: string
  message: Record<string, unknown>
  types: Record<string, Array<{ name: string; type: string }>>
}

/** eth_requestAccounts / wallet_requestPermissions: the page asks to connect. */
export interface DecodedConnect {
  kind: 'connect'
}

/** wallet_switchEthereumChain / wallet_addEthereumChain. */
export interface DecodedChainSwitch {
  kind: 'switchChain'
  chainId: string
  network: NetworkName | null
}

export type DecodedRequest =
  | DecodedTransaction
  | DecodedMessage
  | DecodedTypedData
  | DecodedConnect
  | DecodedChainSwitch
  | { kind: 'other' }

/** A request waiting for approval in the wallet. */
export interface PendingRequest {
  id: string
  method: string
  origin: string
  params: unknown
  /** When it started waiting (milliseconds since the epoch). */
  time: number
  decoded: DecodedRequest
}

export interface TransactionReceipt {
  transactionHash: string
  blockNumber: bigint
  blockHash: string
  from: string
  to: string | null
  contractAddress: string | null
  /** 1 success, 0 failure. */
  status: number
  gasUsed: bigint
  cumulativeGasUsed: bigint
  logs: Array<{ address: string; topics: string[]; data: string; logIndex: string }>
  /** The receipt as the node answered it (hex quantities). */
  raw: Record<string, unknown>
}

/** debug_traceTransaction with the callTracer. */
export interface CallTrace {
  type: string
  from: string
  to?: string
  value?: string
  gas?: string
  gasUsed?: string
  input?: string
  output?: string
  error?: string
  revertReason?: string
  calls?: CallTrace[]
}

export interface MinedTransaction {
  hash: string
  /** eth_getTransactionByHash's answer. */
  transaction: Record<string, unknown>
  receipt: TransactionReceipt
  trace: CallTrace | null
}

export interface ForkInfo {
  /** The upstream's address with any key in it replaced by `***`. */
  upstream: string
  blockNumber: bigint
  blockHash: string
  chainId: number
}

export interface Devnode {
  /** The selected network. */
  network(): Promise<NetworkName>
  /** Selects a network, as the popup's selector does (pages get `chainChanged`). */
  selectNetwork(network: NetworkName): Promise<void>
  /**
   * One JSON-RPC request to the selected network's node (not through the wallet, not logged).
   * Rejects with a {@link DevnodeRpcError} carrying the node's `code` and `data`.
   */
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>
  /** Mines `blocks` blocks (default 1); answers the new head's number. */
  mine(blocks?: number | bigint): Promise<bigint>
  setAutomine(on: boolean): Promise<void>
  /** Moves the clock `seconds` forward; answers the new offset from the wall clock, in seconds. */
  increaseTime(seconds: number | bigint): Promise<bigint>
  /** The next block's timestamp, in seconds. */
  setNextBlockTimestamp(timestamp: number | bigint): Promise<void>
  /** evm_snapshot: answers its id. */
  snapshot(): Promise<string>
  /** evm_revert: false for an unknown id (reverting drops that snapshot and later ones). */
  revert(id: string): Promise<boolean>
  setBalance(address: string, wei: bigint): Promise<void>
  setCode(address: string, code: string): Promise<void>
  setNonce(address: string, nonce: number | bigint): Promise<void>
  /** `slot` and `value`: a bigint or hex, written as 32 bytes. */
  setStorageAt(address: string, slot: bigint | string, value: bigint | string): Promise<void>
  impersonate(address: string): Promise<void>
  stopImpersonating(address: string): Promise<void>
  /** The selected network becomes a fork of `url` (at `blockNumber`, or the upstream's latest minus 6). */
  fork(options: { url: string; blockNumber?: number | bigint }): Promise<ForkInfo>
  /** The selected network becomes a fresh local chain (fork or not). */
  reset(): Promise<void>
  /** The request log: what pages asked this test, oldest first. */
  requests(filter?: { method?: string; origin?: string }): Promise<RequestLogEntry[]>
  /** The latest mined transaction of the selected network (REMASC's left out), or null. */
  lastTransaction(): Promise<MinedTransaction | null>
  blockNumber(): Promise<bigint>
}

export interface Wallet {
  /** The wallet's accounts, lowercase, the selected one first. */
  accounts(): Promise<string[]>
  /**
   * The account sites connecting from now on get: an address, or an index in the wallet's fixed
   * order (RSKj's cow accounts 0–9, then the dev mnemonic's 10–19, then imported keys).
   */
  selectAccount(account: string | number): Promise<void>
  requireApproval(on?: boolean): Promise<void>
  /** Waits for a request to need approval (default timeout 5 s); answers it without resolving it. */
  waitForRequest(options?: { method?: string; timeout?: number }): Promise<PendingRequest>
  /** Approves `request`, or (without one) the oldest pending, waiting for one if none is. */
  approve(request?: PendingRequest): Promise<void>
  reject(request?: PendingRequest): Promise<void>
  pendingRequests(): Promise<PendingRequest[]>
  /** The next account, signing, sending or chain request answers 4001. */
  rejectNext(): Promise<void>
}

/** `test`'s test-scoped fixtures. */
export interface DevnodeFixtures {
  devnode: Devnode
  wallet: Wallet
  /** The worker's browser context (the extension loaded); shared by the worker's tests. */
  context: BrowserContext
}

/** `test`'s option (worker-scoped: set it in the config or at the top of a file). */
export interface DevnodeOptions {
  devnodeOptions: DevnodeSettings
}

export interface DevnodeWorkerFixtures {
  /** The persistent context with the extension, one per Playwright worker. */
  extensionContext: BrowserContext
  extensionId: string
}

/** A JSON-RPC error answer: the node's (or the wallet's) message, `code` and `data`. */
export class DevnodeRpcError extends Error {
  readonly code: number
  readonly data?: unknown
  /** The method (or control request) that was answered with it. */
  readonly method: string
  constructor(method: string, error: { code: number; message: string; data?: unknown }) {
    super(error.message)
    this.name = 'DevnodeRpcError'
    this.method = method
    this.code = error.code
    if (error.data !== undefined) this.data = error.data
  }
}
