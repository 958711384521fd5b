/**
 * What a method handler sees of the node. Everything is injected by `createNode`, so handlers
 * stay pure and testable: no globals, no clocks of their own.
 */
import type { Clock } from '../clock/clock.js'
import type { NetworkConfig } from '../network/networks.js'
import type { Profile } from '../network/profiles.js'
import type { ChainEngine } from '../node/engineApi.js'
import type { Address } from '../util/hex.js'

export type { Clock }

/** Where the node runs, for `web3_clientVersion`; core cannot read `process` or `navigator` itself. */
export interface Platform {
  /** Operating system, e.g. `linux`, `darwin`, `win32`, `browser`. */
  os: string
  /** Runtime and version, e.g. `node-20.20`, `chrome-131`. */
  runtime: string
  /** Build flavour, e.g. `dev` or a commit hash. */
  build?: string
}

export interface ClientInfo {
  name: string
  version: string
  platform: Platform
  /** `anvil/rsk-devnode/0.1.0/linux/node-20.20/dev` (or without `anvil/`: see `ClientVersionStyle`) */
  clientVersion: string
}

export interface MethodContext {
  network: NetworkConfig
  profile: Profile
  clock: Clock
  client: ClientInfo
  /** The served namespaces (`rpc_modules`); the registry itself is built from the methods. */
  registry: { modules(): Record<string, string> }
  /** The node's own accounts (`eth_accounts` in the `rskj` profile); `[]` until a wallet is wired. */
  accounts(): Promise<readonly Address[]>
  /** The chain engine; methods that need no chain never touch it. */
  engine: ChainEngine
  /**
   * Resolves once the host had a turn (its I/O, other requests); long work (mining many blocks)
   * awaits it between chunks. Core has no timers, so the host provides it.
   */
  yieldToHost(): Promise<void>
  /**
   * Set when the request's sender can stop waiting (an HTTP client that disconnects): long work
   * (mining many blocks) stops between chunks once it is aborted, keeping what it finished.
   */
  signal?: CancelSignal
}

/** What a request's `AbortSignal` is to core: whether its sender stopped waiting. */
export interface CancelSignal {
  readonly aborted: boolean
}
