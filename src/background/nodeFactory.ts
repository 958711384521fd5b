/**
 * Opens the node of one network inside the worker: one chain per network, each in its own store,
 * served with the profile the developer chose for it (rpc-api or rskj).
 */

import type { TinySecp256k1Like } from '../core/chain/secp256k1.js'
import { createNode } from '../core/createNode.js'
import { createFetchTransport } from '../core/fork/fetchTransport.js'
import type { Platform } from '../core/rpc/context.js'
import { createIndexedDbStore } from '../core/storage/indexedDbStore.js'
import type { KeyValueStore } from '../core/storage/types.js'
import type { NetworkId } from '../shared/protocol.js'
import { forkViewOf, watchedTransport } from './forks.js'
import type { DevnodeNode, OpenNode, OpenNodeOptions } from './nodeHandle.js'
import { quietScheduler } from './quietScheduler.js'

/** A macrotask turn between chunks of a long run (anvil_mine of many blocks): port messages get through. */
const yieldToHost = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Blocks kept only in the journal (and in memory, ~3 KB each) before a burst must stop for
 * compaction; a worker that restarts with a full backlog reads it back in one request.
 */
export const COMPACTION_BACKLOG = 512

export type OpenChainStore = (network: NetworkId) => Promise<KeyValueStore>

export const chainDatabaseName = (network: NetworkId): string => `rsk-devnode/${network}`

/**
 * Deletes a network's whole database (its node must be closed): the way to free space when the
 * storage is full, where a reset, which writes a record of what it deletes, could be refused.
 */
export function deleteChainStore(factory: IDBFactory): (network: NetworkId) => Promise<void> {
  return (network) =>
    new Promise((resolve, reject) => {
      const request = factory.deleteDatabase(chainDatabaseName(network))
      // A connection still open delays it (`blocked`) until it closes; the caller closed its own.
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error)
    })
}

/**
 * Each network's chain in its own IndexedDB database, `rsk-devnode/<network>`. Writes use
 * 'relaxed' durability: IndexedDB lives in the browser process, so a commit that completed
 * survives the worker being stopped or killed (the resilience and restart e2e tests check this);
 * only an OS crash could drop the newest blocks, never leave a half-written one. It roughly
 * doubles persisted transactions per second with several in flight (bench/extension).
 */
export function indexedDbChainStores(factory: IDBFactory): OpenChainStore {
  return (network) =>
    createIndexedDbStore({
      indexedDB: factory,
      name: chainDatabaseName(network),
      durability: 'relaxed',
      // A block is acknowledged by one journal record (src/core/storage/batchJournal.ts); its ~12
      // puts into the key-value store wait for a pause in the writes, and go 32 blocks to a
      // transaction, where keys every block rewrites (head, state root, the sender's account) are
      // written once. Only a backlog of COMPACTION_BACKLOG blocks compacts during a burst: each
      // put costs the browser about as much as a whole journal record, so compacting while
      // transactions arrive would halve their rate (bench/README.md).
      scheduleCompaction: quietScheduler({
        quietMs: 25,
        maxDelayMs: 60_000,
        maxWaiting: COMPACTION_BACKLOG,
      }),
    })
}

/**
 * `secp256k1` loads libsecp256k1 (WASM) for sender recovery (wasmLoaders.ts); the worker cannot
 * use createNode's default `import()`. createNode starts it once the node is open: instantiating
 * it and seeding its context take ~15 ms of the worker's thread, which the first answer after a
 * wake-up does not need (bench/extension/coldProfile.mjs).
 */
export function createNodeOpener(
  platform: Platform,
  openStore: OpenChainStore,
  secp256k1?: () => Promise<TinySecp256k1Like>,
  /** Start-up marks (index.ts markStart): the node asked for, the chain store and the node opened. */
  mark: (name: string) => void = () => {},
): OpenNode {
  return async (
    network: NetworkId,
    { profile, fork, onUpstreamActivity }: OpenNodeOptions,
  ): Promise<DevnodeNode> => {
    mark('node-opening')
    const storage = await openStore(network)
    mark('chain-store-open')
    // A fork reaches its upstream through the platform's fetch, counted for the panels' progress.
    const upstream = fork && watchedTransport(createFetchTransport(fork.url), () => onUpstreamActivity?.())
    const node = await createNode({
      network,
      storage,
      platform,
      profile,
      secp256k1,
      yieldToHost,
      ...(fork && upstream && { fork: { ...fork, transport: upstream.transport } }),
    })
    mark('node-open')
    return {
      request: (json) => node.request(json),
      on: (event, listener) => node.on(event as 'message', listener as (payload: unknown) => void),
      close: () => node.close(),
      restoreSubscription: (id, params, after) => node.restoreSubscription(id, params, after),
      storage,
      // Read by the DevTools panel's queries (panel/panelQueries.ts): filters and the event feed.
      engine: node.engine,
      // anvil_reset may make a local chain a fork: read the engine's fork at each call.
      fork: () => forkViewOf(node.engine.fork, upstream?.inFlight() ?? 0),
    } as DevnodeNode
  }
}

/** `os` and `runtime` for web3_clientVersion, read from the worker's navigator. */
export function browserPlatform(nav: { userAgent: string; platform?: string }): Platform {
  const chrome = /Chrom(?:e|ium)\/(\d+)/.exec(nav.userAgent)
  const firefox = /Firefox\/(\d+)/.exec(nav.userAgent)
  const runtime = chrome ? `chrome-${chrome[1]}` : firefox ? `firefox-${firefox[1]}` : 'browser'
  const p = (nav.platform ?? '').toLowerCase()
  const os = p.includes('linux')
    ? 'linux'
    : p.includes('mac')
      ? 'darwin'
      : p.includes('win')
        ? 'win32'
        : 'browser'
  return { os, runtime, build: 'extension' }
}
