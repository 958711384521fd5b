/**
 * The background's logic, free of `chrome.*` so that it runs in Node tests: answers page
 * requests (wallet first, then the selected network's node), logs each one, pushes provider
 * events to pages and state to DevTools panels. index.ts binds it to runtime Ports.
 */
import { DEFAULT_PROFILE, isProfileName, type ProfileName } from '../core/network/profiles.js'
import { asStorageError, StorageFullError } from '../core/storage/storageErrors.js'
import type { Address } from '../core/util/hex.js'
import { hostAccessPattern } from '../shared/hostAccess.js'
import type { ForkView } from '../shared/panelProtocol.js'
import type {
  BackgroundToPanel,
  BackgroundToRelay,
  NetworkId,
  PageSubscriptionRecord,
  PanelState,
  ProviderState,
  RelayRequest,
  RequestLogEntry,
  RpcErrorPayload,
  WatchedAssetView,
} from '../shared/protocol.js'
import { watchedAssetViews } from '../wallet/assets.js'
import { chainIdHex, chainIdNumber } from '../wallet/chains.js'
import { NodeRpcError } from '../wallet/errors.js'
import { chainStoreIntents, walletStoreIntents } from '../wallet/sendIntents.js'
import type { WalletStore } from '../wallet/store.js'
import { createWallet, type Wallet } from '../wallet/wallet.js'
import { FILTER_INSTALLERS, recordFilterOrigin } from './filterOrigins.js'
import {
  createForkRecords,
  forkUrlOf,
  parseForkRequest,
  RESET_METHODS,
  redactLoggedParams,
  UpstreamAccessError,
} from './forks.js'
import type { InjectionControl } from './injection.js'
import { createLiveChain, type IntervalSchedule, KEEP_ALIVE_MS } from './liveChain.js'
import { createNodeRegistry, type JsonRpcResponse, type OpenNode } from './nodeHandle.js'
import { createPageSubscriptions } from './pageSubscriptions.js'
import { LOG_KEPT_WHEN_FULL, type RequestLog } from './requestLog.js'
import type { SubscriptionOwner } from './subscriptions.js'

export interface PageConnection {
  /** The origin the browser reported for the Port's sender frame. */
  origin: string
  send(message: BackgroundToRelay): void
}

export interface PanelConnection {
  send(message: BackgroundToPanel): void
}

export interface ServiceDependencies {
  openNode: OpenNode
  store: WalletStore
  log: RequestLog
  /** Wall-clock milliseconds (log timestamps). */
  now(): number
  /** Monotonic milliseconds (durations). */
  elapsed(): number
  newId(): string
  /** Opens the approval popup when "require approval" is on. */
  showApprovalUi?(): void
  /** The allow list of origins the provider is injected into (the extension's; absent in Node tests). */
  injection?: InjectionControl
  /**
   * Timers for live chains (liveChain.ts): interval blocks mined on time and the keep-alive
   * requests to pages. Without them (Node tests) blocks are mined on the next request only.
   */
  timers?: {
    set(callback: () => void, ms: number): unknown
    clear(handle: unknown): void
  }
  /**
   * When to write answered requests to the log: called after each answer with the number of
   * entries waiting. The worker waits for a pause (quietScheduler.ts); without it, at once.
   */
  scheduleLogWrite?: (write: () => void, waiting: number) => void
  /**
   * Whether the extension may fetch from hosts matching a match pattern (`chrome.permissions.contains`).
   * Absent (Node tests): every host is reachable.
   */
  hostAccess?: (pattern: string) => Promise<boolean>
  /**
   * Registers or removes the content script that tells pages' providers, at their first script,
   * that the `isMetaMask` setting is off (providerFlags.ts). Absent in Node tests.
   */
  syncProviderFlags?: (isMetaMask: boolean) => Promise<void>
  /** Deletes a network's stored chain (its node closed first): wipeNetwork. Absent in Node tests. */
  deleteChain?: (network: NetworkId) => Promise<void>
}

/** The node's answer when its storage refused a write (StorageFullError on the wire). */
export function isStorageFullAnswer(error: RpcErrorPayload | undefined): boolean {
  return error?.code === StorageFullError.code && error.message.startsWith('storage full')
}

/**
 * Remembered answers, so a replayed id is answered without running twice in one worker lifetime:
 * the last 250–500 ids, in two generations. When the newer one fills it becomes the older and a
 * fresh map starts: no delete per request, which would make V8 rehash a long-lived map in the old
 * generation and keep the dropped answers alive until a full collection (see HeightRing).
 */
const ANSWER_GENERATION = 250
/** Answered by the worker itself, without the node: measures page→worker→page messaging. */
export const PING_METHOD = 'rskdevnode_ping'
/** Where each network's profile is kept (network → rpc-api | rskj), in the extension database. */
export const PROFILES_KEY = 'nodeProfiles'
/** Node events streamed to DevTools panels as `{ kind: 'node' }` messages. */
const PANEL_NODE_EVENTS = ['block', 'pendingTransaction', 'reset', 'internalError'] as const

/** Ports carry JSON: bigints become hex quantities, bytes become hex, errors their message. */
export function jsonSafe(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (_key, v) => {
      if (typeof v === 'bigint') return `0x${v.toString(16)}`
      if (v instanceof Uint8Array)
        return `0x${Array.from(v, (b) => b.toString(16).padStart(2, '0')).join('')}`
      if (v instanceof Error) return { name: v.name, message: v.message }
      return v
    }),
  )
}

export function toErrorPayload(error: unknown): RpcErrorPayload {
  // IndexedDB full under a wallet or log write: the node's own answer for it (-32000 "storage
  // full"), not the DOMException's legacy numeric code (22), which is no JSON-RPC code.
  const storage = asStorageError(error)
  if (storage instanceof StorageFullError) return { code: StorageFullError.code, message: storage.message }
  if (error instanceof DOMException) return { code: -32603, message: `${error.name}: ${error.message}` }
  if (error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'number') {
    const e = error as { code: number; message?: unknown; data?: unknown }
    const payload: RpcErrorPayload = { code: e.code, message: String(e.message ?? 'Error') }
    if (e.data !== undefined) payload.data = e.data
    return payload
  }
  // A bug of ours, not a property of the request: the one case for -32603.
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}

/** What the worker reads of a node's engine (the node opener exposes it; fakes may not). */
interface EngineView extends IntervalSchedule {
  head: { header: { number: bigint } }
}

function engineView(node: unknown): EngineView | undefined {
  const engine = (node as { engine?: Partial<EngineView> }).engine
  return engine?.head && typeof engine.nextIntervalBlockAt === 'function' ? (engine as EngineView) : undefined
}

export function createBackgroundService(deps: ServiceDependencies) {
  let profiles: Promise<Partial<Record<NetworkId, ProfileName>>> | null = null
  const storedProfiles = () => {
    profiles ??= deps.store.get<Partial<Record<NetworkId, ProfileName>>>(PROFILES_KEY).then((p) => p ?? {})
    profiles.catch(() => {
      profiles = null
    })
    return profiles
  }
  async function profileOf(network: NetworkId): Promise<ProfileName> {
    const stored = (await storedProfiles())[network]
    return isProfileName(stored) ? stored : DEFAULT_PROFILE
  }

  const forks = createForkRecords(deps.store)

  const nodes = createNodeRegistry(async (network) => {
    const stored = await forks.get(network)
    const node = await deps.openNode(network, {
      profile: await profileOf(network),
      ...(stored && { fork: { url: stored.url, blockNumber: BigInt(stored.blockNumber) } }),
      onUpstreamActivity: () => forkActivity(network),
    })
    // A reopened node (another profile) takes over the pages' subscriptions before serving anyone.
    await subscriptions.restore(
      network,
      async (method, params) =>
        (await node.request({ jsonrpc: '2.0', id: nextNodeId++, method, params })) as JsonRpcResponse,
    )
    node.on?.('message', (message) => subscriptions.routeNodeMessage(message))
    // Any request may change the mining mode; the next interval block is scheduled from it.
    const engine = engineView(node)
    if (engine) {
      engines.set(network, engine)
      live?.watch(network, engine)
      node.on?.('request', () => live?.refresh())
    }
    // Every request on a fork may have fetched state or hit the cache: panels see the counts move.
    node.on?.('request', () => {
      if (node.fork?.()) forkActivity(network)
    })
    // Node events the panel shows live; payloads are made JSON-safe for the Port.
    for (const event of PANEL_NODE_EVENTS) {
      node.on?.(event, (data) => {
        for (const panel of panels) panel.send({ kind: 'node', network, event, data: jsonSafe(data) })
      })
    }
    return node
  })
  const pages = new Set<PageConnection>()
  const panels = new Set<PanelConnection>()
  /** What the worker reads of each open node's engine: its head and interval schedule. */
  const engines = new Map<NetworkId, EngineView>()
  const timers = deps.timers
  const live = timers
    ? createLiveChain({
        now: deps.now,
        setTimer: timers.set,
        clearTimer: timers.clear,
        wake: async (network) => {
          await (await nodes.get(network)).request({
            jsonrpc: '2.0',
            id: nextNodeId++,
            method: 'eth_blockNumber',
          })
        },
        onKeepAliveChange: (wanted) => {
          for (const page of pages) page.send(keepAliveMessage(wanted))
        },
      })
    : null
  const keepAliveMessage = (wanted: boolean): BackgroundToRelay => ({
    kind: 'keepAlive',
    everyMs: wanted ? KEEP_ALIVE_MS : null,
  })
  /** Networks whose fork progress is due to be pushed to panels (at most one push per 150 ms). */
  const forkPushDue = new Set<NetworkId>()
  function forkActivity(network: NetworkId): void {
    if (panels.size === 0 || forkPushDue.has(network)) return
    forkPushDue.add(network)
    const push = () => {
      forkPushDue.delete(network)
      void pushFork(network)
    }
    if (timers) timers.set(push, 150)
    else queueMicrotask(push)
  }
  async function pushFork(network: NetworkId): Promise<ForkView | null> {
    const data = (await nodes.get(network)).fork?.() ?? null
    for (const panel of panels) panel.send({ kind: 'node', network, event: 'fork', data })
    return data
  }

  /**
   * After `anvil_reset` / `hardhat_reset` answered: the chain is now the fork its parameters
   * asked for, or a local one. The choice is stored, so the worker reopens the chain as it is, and
   * a new fork's node is reopened at once over the fork point the reset recorded, reaching the
   * upstream through the worker's own transport (the panels' progress).
   */
  async function afterReset(network: NetworkId, params: unknown): Promise<ForkView | null> {
    const url = forkUrlOf(params)
    const made = url ? (await nodes.get(network)).fork?.() : null
    await forks.set(network, url && made ? { url, blockNumber: made.blockNumber } : undefined)
    if (url && made) await nodes.reopen(network)
    return pushFork(network)
  }

  const updateAudience = () => live?.setAudience(pages.size + panels.size, subscriptions.nativeCount())
  let answers = new Map<string, Promise<BackgroundToRelay>>()
  let olderAnswers = new Map<string, Promise<BackgroundToRelay>>()
  let nextNodeId = 1
  /** Answered requests not yet in the log; written together by the one flush in progress. */
  let unlogged: RequestLogEntry[] = []
  let logFlush: Promise<void> | null = null

  async function callNodeOn(network: NetworkId, method: string, params: unknown[]): Promise<unknown> {
    const node = await nodes.get(network)
    const response = (await node.request({
      jsonrpc: '2.0',
      id: nextNodeId++,
      method,
      params,
    })) as JsonRpcResponse
    if (response.error) throw new NodeRpcError(response.error)
    return response.result
  }

  const subscriptions = createPageSubscriptions({
    rawRequest: async (network, method, params) =>
      (await (
        await nodes.get(network)
      ).request({ jsonrpc: '2.0', id: nextNodeId++, method, params })) as JsonRpcResponse,
    headOf: (network) => engines.get(network)?.head.header.number,
    restore: async (network, id, params, after) => {
      const node = await nodes.get(network)
      if (!node.restoreSubscription)
        throw Object.assign(new Error('this node cannot restore subscriptions'), { code: 4900 })
      await node.restoreSubscription(id, params, after)
    },
  })
  const owners = new WeakMap<PageConnection, SubscriptionOwner>()
  const ownerOf = (page: PageConnection): SubscriptionOwner => {
    let owner = owners.get(page)
    if (!owner) {
      owner = {
        notify: (message, cursor) =>
          page.send({ kind: 'event', event: { type: 'message', message }, ...(cursor && { cursor }) }),
        subscribed: (subscription) => {
          page.send({ kind: 'subscribed', subscription })
          updateAudience()
        },
        unsubscribed: (id) => {
          page.send({ kind: 'unsubscribed', id })
          updateAudience()
        },
      }
      owners.set(page, owner)
    }
    return owner
  }

  const wallet: Wallet = createWallet({
    store: deps.store,
    intents: chainStoreIntents(
      async (network) => (await nodes.get(network)).storage,
      walletStoreIntents(deps.store),
    ),
    callNode: async (method, params) => callNodeOn(await wallet.network(), method, params),
    callNodeOn,
    onChainChanged: async (network) => {
      const event = {
        type: 'chainChanged' as const,
        chainId: chainIdHex(network),
        networkVersion: String(chainIdNumber(network)),
      }
      for (const page of pages) page.send({ kind: 'event', event })
    },
    onAccountsChanged: (origin, accounts) => {
      for (const page of pages)
        if (page.origin === origin) page.send({ kind: 'event', event: { type: 'accountsChanged', accounts } })
    },
    onApprovalPending: () => deps.showApprovalUi?.(),
    onStateChanged: () => {
      void broadcastState()
      void pushPageSettings()
    },
    now: deps.now,
    newId: deps.newId,
  })

  async function providerState(origin: string): Promise<ProviderState> {
    const network = await wallet.network()
    return {
      chainId: chainIdHex(network),
      networkVersion: String(chainIdNumber(network)),
      accounts: await wallet.accountsFor(origin),
      isMetaMask: (await wallet.settings()).isMetaMask,
    }
  }

  /** The setting pages' providers reflect (`isMetaMask`): pushed to every page when it changes. */
  let pagesIsMetaMask: boolean | undefined
  async function pushPageSettings(): Promise<void> {
    const { isMetaMask } = await wallet.settings()
    if (pagesIsMetaMask === undefined) pagesIsMetaMask = isMetaMask
    if (isMetaMask === pagesIsMetaMask) return
    pagesIsMetaMask = isMetaMask
    for (const page of pages) page.send({ kind: 'event', event: { type: 'walletSettings', isMetaMask } })
    await deps
      .syncProviderFlags?.(isMetaMask)
      .catch((error: unknown) =>
        console.error('RSK Devnode: registering the isMetaMask setting failed', error),
      )
  }

  /** Runs one request as `origin`: the wallet's methods first, everything else on the node. */
  async function execute(
    origin: string,
    method: string,
    params: unknown,
    ids: { requestId?: string; replay?: boolean; owner?: SubscriptionOwner } = {},
  ): Promise<{ result?: unknown; error?: RpcErrorPayload; network: NetworkId }> {
    const network = await wallet.network()
    const { owner, ...context } = ids
    try {
      if (owner && method === 'eth_subscribe')
        return { result: await subscriptions.subscribe(owner, network, params), network }
      if (owner && method === 'eth_unsubscribe')
        return { result: await subscriptions.unsubscribe(owner, network, params), network }
      const handled = await wallet.handle({ origin, ...context }, method, params)
      if (handled.handled) return { result: handled.result, network }
      const node = await nodes.get(network)
      const request: Record<string, unknown> = { jsonrpc: '2.0', id: nextNodeId++, method }
      if (params !== undefined) request.params = params
      const response = (await node.request(request)) as JsonRpcResponse
      if (response.error) {
        if (isStorageFullAnswer(response.error)) storageFull(network)
        return { error: response.error, network }
      }
      if (RESET_METHODS.has(method)) await afterReset(network, params)
      if (FILTER_INSTALLERS.has(method)) await recordFilterOrigin(node, response.result, origin)
      return { result: response.result ?? null, network }
    } catch (error) {
      const payload = toErrorPayload(error)
      if (isStorageFullAnswer(payload)) storageFull(network)
      return { error: payload, network }
    }
  }

  /**
   * A write was refused for want of space: the request log, diagnostics only, gives its room
   * first (trimmed to its newest entries) so that the next write of the chain or the wallet can
   * go through, and panels are told so they can show the storage use and ways to free more.
   */
  function storageFull(network: NetworkId): void {
    void deps.log.trim(LOG_KEPT_WHEN_FULL).catch(() => undefined)
    for (const panel of panels) panel.send({ kind: 'node', network, event: 'storageFull', data: null })
  }

  /**
   * Deletes the network's stored chain and opens it afresh from a new genesis: frees the space it
   * took even when the storage is full (a reset writes a record of what it deletes, which a full
   * storage refuses). Panels get a `reset` node event, as after evm_reset.
   */
  async function wipeNetwork(network: NetworkId): Promise<void> {
    const deleteChain = deps.deleteChain
    if (!deleteChain) throw Object.assign(new Error('Wiping a chain needs the extension'), { code: -32601 })
    const reopened = nodes.reopen(network, () => deleteChain(network))
    if (reopened) await reopened
    else await deleteChain(network)
    for (const panel of panels) panel.send({ kind: 'node', network, event: 'reset', data: null })
  }

  const scheduleLogWrite = deps.scheduleLogWrite ?? ((write: () => void) => write())

  function logRequest(entry: RequestLogEntry): void {
    unlogged.push(entry)
    scheduleLogWrite(startLogWrite, unlogged.length)
  }

  function startLogWrite(): Promise<void> {
    if (!logFlush && unlogged.length > 0) logFlush = writeLog()
    return logFlush ?? Promise.resolve()
  }

  /** Writes what was answered so far, in order, in one transaction. */
  async function writeLog(): Promise<void> {
    const batch = unlogged
    unlogged = []
    try {
      const stored = await deps.log.addAll(batch)
      for (const entry of stored) for (const panel of panels) panel.send({ kind: 'log', entry })
    } catch {
      // The log is diagnostics: a failed write must not fail the requests it describes.
    } finally {
      logFlush = null
      // Answered while this write ran: they wait for the next pause.
      if (unlogged.length > 0) scheduleLogWrite(startLogWrite, unlogged.length)
    }
  }

  async function answer(page: PageConnection, message: RelayRequest): Promise<BackgroundToRelay> {
    const started = deps.elapsed()
    const { method, params } = message.request
    const outcome = await execute(page.origin, method, params, {
      requestId: message.id,
      replay: message.replay,
      owner: ownerOf(page),
    })
    // Whatever this request changed (a mined block, new logs) reaches subscribers now.
    void subscriptions.poll()
    const entry: RequestLogEntry = {
      time: deps.now(),
      origin: page.origin,
      network: outcome.network,
      method,
      // A reset's upstream URL carries its API key: the log keeps it redacted.
      params: redactLoggedParams(method, params ?? []),
      durationMs: deps.elapsed() - started,
    }
    if (outcome.error) entry.error = outcome.error
    else entry.result = outcome.result
    // The answer does not wait for the log write; entries are written in arrival order.
    logRequest(entry)
    return outcome.error
      ? { kind: 'response', id: message.id, error: outcome.error }
      : { kind: 'response', id: message.id, result: outcome.result }
  }

  async function panelState(): Promise<PanelState> {
    const network = await wallet.network()
    return {
      network,
      chainId: chainIdHex(network),
      settings: await wallet.settings(),
      accounts: (await wallet.keyring.list()).map((a) => a.address),
      permissions: await wallet.permissions.all(),
      approvals: wallet.approvals.pending(),
    }
  }

  async function broadcastState(): Promise<void> {
    if (panels.size === 0) return
    const state = await panelState()
    for (const panel of panels) panel.send({ kind: 'state', state })
  }

  /**
   * Serves the selected network with another profile: the profile is stored, and an open node is
   * reopened on the same stored chain (blocks, state, mempool, filters, mining settings and
   * snapshots are all in its store). Requests being answered finish on the old node, later ones
   * wait for the new one; pages' subscriptions carry over (restore above). Panels are told with a
   * `profile` node event.
   */
  async function setProfile(profile: ProfileName): Promise<ProfileName> {
    const network = await wallet.network()
    if ((await profileOf(network)) !== profile) {
      const next = { ...(await storedProfiles()), [network]: profile }
      await deps.store.put(PROFILES_KEY, next)
      profiles = Promise.resolve(next)
      await nodes.reopen(network)
    }
    for (const panel of panels) panel.send({ kind: 'node', network, event: 'profile', data: { profile } })
    return profile
  }

  /**
   * The panel's and popup's fork control: the selected network's chain becomes a fork of `url`
   * (checked against the network's chain id before anything is deleted). The upstream's host must
   * be granted to the extension (the control asks in its click handler).
   */
  async function setFork(url: unknown, blockNumber: unknown): Promise<ForkView | null> {
    const request = parseForkRequest(url, blockNumber)
    const pattern = hostAccessPattern(request.url)
    if (pattern && deps.hostAccess && !(await deps.hostAccess(pattern)))
      throw new UpstreamAccessError(pattern)
    const network = await wallet.network()
    const forking = {
      jsonRpcUrl: request.url,
      ...(request.blockNumber !== undefined && { blockNumber: `0x${request.blockNumber.toString(16)}` }),
    }
    await callNodeOn(network, 'anvil_reset', [{ forking }])
    return afterReset(network, [{ forking }])
  }

  /** The selected network's chain becomes a fresh local one, fork or not. */
  async function resetToLocal(): Promise<null> {
    const network = await wallet.network()
    await callNodeOn(network, 'anvil_reset', [])
    await afterReset(network, [])
    return null
  }

  return {
    wallet,
    nodes,
    setFork,
    resetToLocal,
    /** The selected network's watched assets with their balances (popup and panel). */
    async watchedAssets(): Promise<WatchedAssetView[]> {
      const network = await wallet.network()
      return watchedAssetViews(deps.store, network, (method, params) => callNodeOn(network, method, params))
    },
    /** The selected network's fork, `null` for a local chain. */
    async fork(): Promise<ForkView | null> {
      return (await nodes.get(await wallet.network())).fork?.() ?? null
    },
    injection: deps.injection,
    profileOf,
    setProfile,
    wipeNetwork,
    log: deps.log,
    /** Writes every request answered so far to the log now; resolves once they are in it. */
    async flushLog(): Promise<void> {
      while (logFlush || unlogged.length > 0) await startLogWrite()
    },
    execute,
    panelState,
    broadcastState,
    logRequest,

    async connectPage(page: PageConnection): Promise<void> {
      pages.add(page)
      updateAudience()
      const state = await providerState(page.origin)
      if (pagesIsMetaMask === undefined) {
        pagesIsMetaMask = state.isMetaMask
        // Once per worker: the registration persists, but a failed or lost one is made again here.
        void deps.syncProviderFlags?.(state.isMetaMask !== false).catch(() => undefined)
      }
      page.send({ kind: 'ready', state })
      if (live?.keepAlive) page.send(keepAliveMessage(true))
    },
    disconnectPage(page: PageConnection): void {
      pages.delete(page)
      const owner = owners.get(page)
      if (owner) void subscriptions.dropOwner(owner).finally(updateAudience)
      updateAudience()
    },
    connectPanel(panel: PanelConnection): void {
      panels.add(panel)
      updateAudience()
    },
    disconnectPanel(panel: PanelConnection): void {
      panels.delete(panel)
      updateAudience()
    },

    /**
     * A relay reconnected after the worker was stopped while it had to stay awake: the selected
     * network's node is opened (its interval schedule is armed again) and the page's
     * subscriptions are made again under their ids, with what was mined meanwhile first.
     */
    async resumePage(page: PageConnection, records: PageSubscriptionRecord[]): Promise<void> {
      try {
        await nodes.get(await wallet.network())
      } catch {
        // The records below report their own failure to the page.
      }
      await subscriptions.resume(ownerOf(page), records)
      updateAudience()
    },

    /** Answers a page request once per id, even when the relay replays it. */
    async handlePageRequest(page: PageConnection, message: RelayRequest): Promise<void> {
      // Diagnostic: the messaging round trip alone (no wallet, node or log), for benchmarks.
      if (message.request.method === PING_METHOD) {
        page.send({ kind: 'response', id: message.id, result: 'pong' })
        return
      }
      let pending = answers.get(message.id) ?? olderAnswers.get(message.id)
      if (!pending) {
        pending = answer(page, message)
        if (answers.size >= ANSWER_GENERATION) {
          olderAnswers = answers
          answers = new Map()
        }
        answers.set(message.id, pending)
      }
      page.send(await pending)
    },

    accountsFor: (origin: string): Promise<Address[]> => wallet.accountsFor(origin),
  }
}

export type BackgroundService = ReturnType<typeof createBackgroundService>
