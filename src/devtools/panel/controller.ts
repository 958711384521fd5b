/**
 * Keeps the store in step with the chain: applies pushes, polls what has no push (the mempool,
 * filters, and the block number, whose request also lets interval mining catch up), and loads
 * block summaries for the rows the list shows.
 */
import type { FilterSummary, ForkView, InjectionState, NodeSettings } from '../../shared/panelProtocol.js'
import type { PanelState, RequestLogEntry } from '../../shared/protocol.js'
import type { PanelConnection } from './connection.js'
import type { BlockSummary, PanelStore, PoolTransaction } from './store.js'

interface RpcBlock {
  number: string
  hash: string
  timestamp: string
  transactions: unknown[]
  gasUsed: string
  miner: string
}

interface PoolTransactionJson {
  hash: string
  from: string
  nonce: string
  to: string
  value: string
  gasPrice: string
  gas: string
  input: string
}
/** RSKj's txpool_content: sender (no 0x) → decimal nonce → transactions with that nonce. */
export type PoolContent = Record<'pending' | 'queued', Record<string, Record<string, PoolTransactionJson[]>>>

export const POLL_MS = 1000

export function summarizeBlock(block: RpcBlock): BlockSummary {
  return {
    number: Number(block.number),
    hash: block.hash,
    timestamp: Number(block.timestamp),
    transactions: block.transactions.length,
    gasUsed: BigInt(block.gasUsed),
    miner: block.miner,
  }
}

export function flattenPool(content: PoolContent): PoolTransaction[] {
  const out: PoolTransaction[] = []
  for (const queued of [false, true]) {
    const bySender = content[queued ? 'queued' : 'pending'] ?? {}
    // RSKj writes a creation's `to` as "0x00".
    for (const byNonce of Object.values(bySender))
      for (const txs of Object.values(byNonce))
        for (const tx of txs)
          out.push({ ...tx, nonce: Number(tx.nonce), to: tx.to === '0x00' ? null : tx.to, queued })
  }
  return out.sort((a, b) => a.from.localeCompare(b.from) || a.nonce - b.nonce)
}

/** The stored log's entries the panel reads when it opens (the worker keeps as many), and a page of them. */
const LOG_KEPT = 5000
const LOG_PAGE = 500

/** How long the stored request log waits for the blocks list's first rows before it is asked anyway. */
export const LOG_AFTER_ROWS_MS = 1000

export function createController(store: PanelStore, connection: PanelConnection) {
  const loading = new Set<number>()
  /** Resolved when the first rows' blocks have loaded: the request log is asked after them. */
  let firstRowsLoaded = () => {}
  const rowsShown = new Promise<void>((resolve) => {
    firstRowsLoaded = resolve
  })

  /**
   * The stored request log, newest first, in pages of LOG_PAGE: one 640 KB answer for the
   * 5,000 entries kept was one long task in the panel (and in the worker) when it arrived.
   */
  async function loadStoredLog(): Promise<void> {
    let page = await connection.request<RequestLogEntry[]>({ kind: 'getLog', limit: LOG_PAGE })
    store.addStoredRequests(page)
    for (let loaded = page.length; page.length === LOG_PAGE && loaded < LOG_KEPT; loaded += page.length) {
      const beforeId = page[page.length - 1]?.id
      if (beforeId === undefined) return
      page = await connection.request<RequestLogEntry[]>({
        kind: 'getLog',
        limit: Math.min(LOG_PAGE, LOG_KEPT - loaded),
        beforeId,
      })
      store.addOlderRequests(page)
    }
  }

  async function refreshHead(): Promise<void> {
    const head = Number(await connection.rpc<string>('eth_blockNumber'))
    const previous = store.get().head
    if (head < previous) store.dropBlocksAbove(head)
    if (head !== previous) store.set({ head })
  }

  let poolRequests = 0
  async function refreshPool(): Promise<void> {
    // Pushes and polls overlap: an answer older than the newest one shown is dropped.
    const sequence = ++poolRequests
    const content = await connection.rpc<PoolContent>('txpool_content')
    if (sequence < shownPool) return
    shownPool = sequence
    store.set({ pending: flattenPool(content) })
  }
  let shownPool = 0

  async function refreshFilters(): Promise<void> {
    store.set({ filters: await connection.request<FilterSummary[]>({ kind: 'listFilters' }) })
  }

  async function refreshState(): Promise<void> {
    store.set({ state: await connection.request<PanelState>({ kind: 'getState' }) })
  }

  /** Profile and mining mode of the selected network's node (the toolbar starts from them). */
  async function refreshNodeSettings(): Promise<void> {
    const node = await connection.request<NodeSettings>({ kind: 'getNodeSettings' })
    // Polled every second: an unchanged answer must not re-render a panel holding 10,000 rows.
    if (JSON.stringify(node) !== JSON.stringify(store.get().node)) store.set({ node })
  }

  async function refreshInjection(): Promise<void> {
    store.set({ injection: await connection.request<InjectionState>({ kind: 'getInjection' }) })
  }

  async function tick(): Promise<void> {
    const view = store.get().view
    await refreshHead()
    // A page or script may change the mining mode too (anvil_setAutomine): the toolbar follows.
    await refreshNodeSettings().catch(() => undefined)
    if (view === 'mempool') await refreshPool()
    if (view === 'filters') await refreshFilters()
  }

  return {
    refreshHead,
    refreshPool,
    refreshFilters,
    refreshState,
    refreshNodeSettings,
    refreshInjection,
    tick,

    /** Loads summaries of the given block numbers not yet cached (one request each, in parallel). */
    async ensureBlocks(numbers: number[]): Promise<void> {
      const missing = numbers.filter((n) => n >= 0 && !store.blocks.has(n) && !loading.has(n))
      if (missing.length === 0) return
      for (const n of missing) loading.add(n)
      try {
        const blocks = await Promise.all(
          missing.map((n) =>
            connection.rpc<RpcBlock | null>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false]),
          ),
        )
        store.putBlocks(blocks.filter((b): b is RpcBlock => b !== null).map(summarizeBlock))
      } finally {
        for (const n of missing) loading.delete(n)
        firstRowsLoaded()
      }
    },

    async start(): Promise<() => void> {
      connection.onPush((message) => {
        if (message.kind === 'log') store.addRequests([message.entry])
        else if (message.kind === 'state') {
          const networkChanged = store.get().state?.network !== message.state.network
          store.set({ state: message.state })
          if (networkChanged) void this.switchedNetwork()
        } else if (message.kind === 'node') {
          if (message.event === 'block') {
            const data = message.data as { number: string }
            const head = Number(data.number)
            if (head > store.get().head) store.set({ head })
            // A block takes transactions out of the pool: the Mempool badge must not keep them.
            if (store.get().pending.length > 0) void refreshPool()
          } else if (message.event === 'reset' || message.event === 'removedBlocks') {
            store.dropBlocksAbove(-1)
            void refreshHead()
          } else if (message.event === 'pendingTransaction') void refreshPool()
          else if (message.event === 'profile') void this.reopenedNode()
          else if (message.event === 'fork' && message.network === store.get().state?.network)
            this.forkChanged(message.data as ForkView | null)
        }
      })
      connection.onReconnect(() => {
        void connection.request({ kind: 'watchChain' }).catch(() => undefined)
        void refreshNodeSettings().catch(() => undefined)
      })
      // The blocks list needs the head alone: it is asked at once, with the state and settings.
      // The stored request log (up to 5,000 entries, the largest answer by far) is asked once the
      // list's first rows are in (or after LOG_AFTER_ROWS_MS when no list asks for rows), so the
      // worker answers the rows first.
      await Promise.all([
        refreshState(),
        refreshNodeSettings().catch(() => undefined),
        connection
          .request({ kind: 'watchChain' })
          .catch(() => undefined)
          .then(() => refreshHead()),
      ])
      const timer = setInterval(() => void tick().catch(() => undefined), POLL_MS)
      await Promise.race([rowsShown, new Promise((resolve) => setTimeout(resolve, LOG_AFTER_ROWS_MS))])
      try {
        await loadStoredLog()
      } catch (error) {
        store.set({ error: `Request log: ${error instanceof Error ? error.message : String(error)}` })
      }
      return () => clearInterval(timer)
    },

    /** Another chain: nothing cached belongs to it. */
    async switchedNetwork(): Promise<void> {
      store.dropBlocksAbove(-1)
      store.set({ head: -1, snapshots: [], pending: [], filters: [] })
      await connection.request({ kind: 'watchChain' }).catch(() => undefined)
      await Promise.all([refreshHead(), refreshNodeSettings().catch(() => undefined)])
    },

    /**
     * The worker's word on the selected network's fork: progress updates the toolbar; another
     * fork (or none) is another chain, so the cached blocks go and the engine feed moves over.
     */
    forkChanged(fork: ForkView | null): void {
      const node = store.get().node
      const before = node?.fork
      if (node) {
        const { fork: _old, ...rest } = node
        store.set({ node: fork ? { ...rest, fork } : rest })
      }
      if (before?.upstream === fork?.upstream && before?.blockNumber === fork?.blockNumber) return
      store.set({ snapshots: [] })
      store.dropBlocksAbove(-1)
      void this.reopenedNode()
    },

    /** Same chain, new node (a profile switch): the cache stays, the engine feed moves over. */
    async reopenedNode(): Promise<void> {
      await connection.request({ kind: 'watchChain' }).catch(() => undefined)
      await Promise.all([refreshHead(), refreshNodeSettings().catch(() => undefined)])
    },
  }
}

export type PanelController = ReturnType<typeof createController>
