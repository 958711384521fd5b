/**
 * `createNode` — the node every transport adapts: the extension's background, the HTTP server,
 * the library's EIP-1193 provider. Storage and clock are injected (core has no globals).
 *
 * The composition root: it opens the engine (`node`) and puts the JSON-RPC front (`rpc`) on it,
 * so it sits above both, at the top of src/core, and every import inside src/core points down.
 */

import { loadRecoveryBackend, type TinySecp256k1Like } from './chain/secp256k1.js'
import { type Clock, systemClock } from './clock/clock.js'
import { type ForkOptions, openFork } from './fork/openFork.js'
import { createLateLoads } from './lateLoads.js'
import { NETWORKS, type NetworkConfig, type NetworkName } from './network/networks.js'
import { DEFAULT_PROFILE, PROFILES, type Profile, type ProfileName } from './network/profiles.js'
import { Engine } from './node/engine/engine.js'
import { readHeadRecord } from './node/engine/headBlock.js'
import type { ChainEngine } from './node/engineApi.js'
import { createRskPrecompiles } from './node/precompiles/index.js'
import { RecentBlocks } from './node/precompiles/recentBlocks.js'
import { createBitcoindRpc } from './rpc/bitcoind/dispatch.js'
import { type ClientVersionStyle, createClientInfo } from './rpc/clientVersion.js'
import type { MethodContext, Platform } from './rpc/context.js'
import { createDispatcher, type DispatchOptions, type RequestRecord } from './rpc/dispatch.js'
import { toQuantity } from './rpc/encode.js'
import { type DispatchResult, failure } from './rpc/envelope.js'
import { DisconnectedError } from './rpc/errors/provider.js'
import { createRegistry, type MethodRegistry } from './rpc/registry.js'
import { subscriptionsOf } from './rpc/subscriptions/subscriptionHub.js'
import { restoreSubscription, type SubscriptionCursor } from './rpc/subscriptions/subscriptionRequest.js'
import type { KeyValueStore } from './storage/types.js'
import { type Address, bytesToHex, type Hex } from './util/hex.js'

/** Events a node emits. Extended as the engine grows (blocks, subscriptions…). */
export interface NodeEventMap {
  /** Every handled request, with timing: the request log and the panel read this. */
  request: RequestRecord
  /** Something threw that is not an RPC error: a bug. It was answered with -32603. */
  internalError: unknown
  /** EIP-1193 `message` payloads (`eth_subscription` notifications). */
  message: { type: string; data: unknown }
  /** A block was committed (the DevTools panel's live views). */
  block: { number: Hex; hash: Hex; transactions: number }
  /** A transaction entered the pool. */
  pendingTransaction: { hash: Hex }
  /** Blocks were removed by a snapshot revert, newest first. */
  removedBlocks: { numbers: Hex[] }
  /** The chain was reset to a new genesis. */
  reset: null
  close: undefined
}

export type NodeEventName = keyof NodeEventMap
export type NodeEventListener<E extends NodeEventName> = (payload: NodeEventMap[E]) => void

export interface CreateNodeParameters {
  /** Network name or config; default `testnet` (chain id 31). */
  network?: NetworkName | NetworkConfig
  /** This network's store; the node owns it from now on and closes it on `close()`. */
  storage: KeyValueStore
  /** Default: the system clock. */
  clock?: Clock
  /** Default: `rpc-api`. */
  profile?: ProfileName
  /** For `web3_clientVersion` (core cannot read `process` or `navigator`). */
  platform?: Platform
  /**
   * `anvil` (default): `web3_clientVersion` starts with `anvil/`, so test tooling that checks for a
   * dev node (Hardhat's network helpers) accepts this one; `rskj`: the RSKj-shaped string.
   */
  clientVersion?: ClientVersionStyle
  /**
   * Leave the REMASC transaction out of new blocks (default: every block ends with it, as on
   * Rootstock). For test suites whose assertions expect a block to hold only the transaction
   * under test (hardhat-chai-matchers' `changeEtherBalance`, `changeTokenBalance`). Shown in
   * `anvil_nodeInfo`.
   */
  omitRemascTransaction?: boolean
  /** The node's own accounts, for `eth_accounts` in the `rskj` profile. Default: none. */
  accounts?: () => Promise<readonly Address[]>
  /**
   * Loads libsecp256k1 (WASM) for sender recovery, the hot path of every transaction. Default: a
   * dynamic import, which works in Node and pages; a service worker passes its static import.
   * Without it (or if WASM is blocked) recovery stays on the pure-JS backend.
   */
  secp256k1?: () => Promise<TinySecp256k1Like>
  /** Random bytes (filter ids). Default: the platform's Web Crypto. */
  random?: (length: number) => Uint8Array
  /**
   * Resolves after the host's event loop had a turn (`setImmediate`, a zero timeout): long runs
   * of work, such as mining many blocks, await it between chunks so the host keeps answering.
   * Default: a resolved promise (requests queued on the node still interleave).
   */
  yieldToHost?: () => Promise<void>
  /**
   * Continue a live network (any JSON-RPC upstream serving this network's chain id) from one of
   * its blocks instead of starting a local chain: see `src/core/fork`.
   */
  fork?: ForkOptions
}

function defaultRandom(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length))
}

export interface DevNode {
  readonly network: NetworkConfig
  readonly profile: Profile
  readonly registry: MethodRegistry
  /** The chain engine behind the RPC surface (for the wallet, the panel and tests). */
  readonly engine: ChainEngine
  /**
   * One JSON-RPC request object, a batch array, or JSON text. Resolves to the response, an array
   * for a batch, or `undefined` for notifications. Never rejects: failures are error responses.
   */
  request(input: unknown, options?: DispatchOptions): Promise<DispatchResult>
  on<E extends NodeEventName>(event: E, listener: NodeEventListener<E>): void
  off<E extends NodeEventName>(event: E, listener: NodeEventListener<E>): void
  /**
   * Makes an `eth_subscribe` subscription again under the id its client knows, after the host
   * restarted (the extension's worker): the notifications of the blocks after `after` come first,
   * in order, as `message` events, then live ones (subscriptionRequest.ts).
   */
  restoreSubscription(id: string, params: readonly unknown[], after?: SubscriptionCursor): Promise<void>
  /**
   * The simulated Bitcoin chain's bitcoind-compatible JSON-RPC (docs/bridge.md): a request object,
   * a batch or JSON text, answered as Bitcoin Core answers. Never rejects.
   */
  bitcoinRequest(input: unknown): Promise<unknown>
  /** Stops serving (requests then answer 4900) and closes the storage. */
  close(): Promise<void>
}

export type CreateNodeReturnType = DevNode

function resolveNetwork(network: NetworkName | NetworkConfig | undefined): NetworkConfig {
  if (network === undefined) return NETWORKS.testnet
  if (typeof network !== 'string') return network
  const config = NETWORKS[network]
  if (!config) throw new Error(`unknown network "${network}": use mainnet, testnet or regtest`)
  return config
}

export async function createNode({
  network,
  storage,
  clock = systemClock,
  profile = DEFAULT_PROFILE,
  platform,
  clientVersion,
  omitRemascTransaction,
  accounts = async () => [],
  random,
  secp256k1,
  yieldToHost = () => Promise.resolve(),
  fork,
}: CreateNodeParameters): Promise<CreateNodeReturnType> {
  const networkConfig = resolveNetwork(network)
  const profileConfig = PROFILES[profile]
  if (!profileConfig) throw new Error(`unknown profile "${profile}": use rpc-api or rskj`)
  const listeners = new Map<NodeEventName, Set<(payload: never) => void>>()
  const emit = <E extends NodeEventName>(event: E, payload: NodeEventMap[E]) => {
    for (const listener of listeners.get(event) ?? []) (listener as NodeEventListener<E>)(payload)
  }
  const registry = createRegistry()
  // Rootstock's native contracts; the block header contract reads the chain's recent blocks.
  const recentBlocks = new RecentBlocks()
  // A fork is fixed (and checked against the upstream) before the chain opens on it.
  const forkState = fork
    ? await openFork(fork, storage, networkConfig, (await readHeadRecord(storage)) !== undefined)
    : undefined
  // Opens the chain in this store (genesis on first use); the host's randomness seeds filter ids.
  const engine: ChainEngine = await Engine.open({
    network: networkConfig,
    storage,
    clock,
    random: random ?? defaultRandom,
    precompiles: createRskPrecompiles({ network: networkConfig, blocks: recentBlocks }),
    omitRemascTransaction,
    fork: forkState,
  })
  recentBlocks.attach(engine)
  // eth_subscribe notifications leave the node as its EIP-1193 `message` event.
  subscriptionsOf(engine).onMessage((message) => emit('message', message))
  // Chain events for hosts (the extension's panel): small JSON-safe summaries, not engine objects.
  engine.on((event) => {
    if (event.type === 'block')
      emit('block', {
        number: toQuantity(event.block.header.number),
        hash: bytesToHex(event.block.hash),
        transactions: event.block.transactions.length,
      })
    else if (event.type === 'pendingTransaction') emit('pendingTransaction', { hash: bytesToHex(event.hash) })
    else if (event.type === 'removedBlocks')
      emit('removedBlocks', { numbers: event.blocks.map((b) => toQuantity(b.header.number)) })
    else if (event.type === 'reset') emit('reset', null)
  })
  const context: MethodContext = {
    network: networkConfig,
    profile: profileConfig,
    clock,
    client: createClientInfo(platform, clientVersion),
    registry,
    accounts,
    engine,
    yieldToHost,
  }
  // Started one host task after the node is ready (below), or by the first request that needs them.
  const lateLoads = createLateLoads(engine.stateReady)
  const dispatcher = createDispatcher({
    registry,
    context,
    onRequest: (record) => emit('request', record),
    // Requests that may need the curves, SHA-256 or keccak wait for them: they load once the node is ready.
    waitBefore: (method) => lateLoads.waitBefore(method),
    // Over a fork, a handler that stopped at upstream state not fetched yet runs again once it is.
    // The engine's fork is read at each call: `anvil_reset` can turn a local chain into a fork.
    runHandler: (call) => (engine.fork ? engine.fork.runHandler(call) : call()),
    onInternalError: (error) => {
      // A -32603 is a bug: it must reach someone. Hosts that keep their own log subscribe.
      if ((listeners.get('internalError')?.size ?? 0) === 0)
        console.error('rsk-devnode internal error:', error)
      emit('internalError', error)
    },
  })
  let closed = false
  const bitcoind = createBitcoindRpc({ engine }, { onInternalError: (error) => emit('internalError', error) })
  // Sender recovery switches to native libsecp256k1 in Node, else WASM, once loaded: pure JS until
  // then, and nothing before the first transaction needs it. Started last, so that its loading
  // (file reads, compiling, a check against the pure-JS result) runs after the node is ready
  // instead of between the steps of opening it.
  void loadRecoveryBackend(secp256k1)
  void yieldToHost().then(lateLoads.start)

  return {
    network: networkConfig,
    profile: profileConfig,
    registry,
    engine,
    async request(input, options) {
      if (closed) return failure(null, new DisconnectedError('The node is closed.').toJSON())
      // Interval mining has no timer in core: blocks owed since the last call are mined first.
      if (engine.settings.mining.type === 'interval') await engine.tick()
      return dispatcher.dispatch(input, options)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: never) => void)
      listeners.set(event, set)
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void)
    },
    bitcoinRequest(input) {
      if (closed)
        return Promise.resolve({
          result: null,
          error: { code: -28, message: 'The node is closed.' },
          id: null,
        })
      // The simulated Bitcoin chain's wallet and peg read the state: it may still be loading.
      return engine.stateReady.then(() => bitcoind.request(input))
    },
    restoreSubscription: (id, params, after) => restoreSubscription(engine, id, params, after),
    async close() {
      if (closed) return
      closed = true
      // Let a block being committed finish before the store goes away.
      await engine.mutex.run(async () => undefined)
      await storage.close()
      emit('close', undefined)
    },
  }
}
