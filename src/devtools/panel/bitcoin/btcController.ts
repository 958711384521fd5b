/**
 * Keeps the Bitcoin view's store in step with the node: the chain's summary, the federation and
 * the pegs are read again on each RSK block (the federation's work and the light client move with
 * RSK blocks) and after each action; block summaries load as the list shows their rows.
 */
import type { PushMessage } from '../connection.js'
import type { BtcStore } from './btcStore.js'
import type {
  BtcBlock,
  BtcBlockSummary,
  BtcDevAddress,
  BtcInfo,
  BtcPegInResult,
  BtcPegs,
  BtcTransaction,
  BtcVout,
} from './types.js'

export type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>

/** The most blocks one `btc_getBlocks` asks for (a screen of rows and its buffer fits). */
export const BLOCKS_PAGE = 100

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Contiguous runs of heights, highest first: one request each. */
export function heightRuns(heights: number[]): Array<{ top: number; count: number }> {
  const sorted = [...new Set(heights)].sort((a, b) => b - a)
  const runs: Array<{ top: number; count: number }> = []
  for (const h of sorted) {
    const last = runs.at(-1)
    if (last && last.top - last.count === h && last.count < BLOCKS_PAGE) last.count++
    else runs.push({ top: h, count: 1 })
  }
  return runs
}

/** `txid:vout` of an output, the key of a spent output. */
export const outpointKey = (txid: string, vout: number) => `${txid}:${vout}`

export function createBtcController(store: BtcStore, rpc: Rpc, isActive: () => boolean = () => true) {
  const loading = new Set<number>()
  /** Transactions read to show what an input spends: their outputs never change. */
  const transactions = new Map<string, Promise<BtcTransaction | null>>()
  let running: Promise<void> | null = null
  let again = false
  /** The selected network (a state push or the panel state names it): another one is another chain. */
  let lastNetwork: string | undefined

  async function readAll(): Promise<void> {
    let info: BtcInfo
    try {
      info = await rpc<BtcInfo>('btc_getInfo')
    } catch (error) {
      store.set({ error: `No Bitcoin chain on this node (btc_getInfo: ${message(error)})` })
      return
    }
    store.setInfo(info)
    const [pegs, addresses] = await Promise.all([
      rpc<BtcPegs>('btc_getPegs').catch(() => store.get().pegs),
      rpc<BtcDevAddress[]>('btc_getAddresses').catch(() => store.get().addresses),
    ])
    store.set({ pegs, addresses })
  }

  /**
   * Reads the summary, pegs and keys. Calls while one runs are folded into one more run after it,
   * so a burst of blocks costs two reads, and the last answer shown is never older than the
   * last call.
   */
  function refresh(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await readAll()
        } while (again)
      } finally {
        running = null
      }
    })()
    return running
  }

  function forget() {
    store.dropBlocks()
    transactions.clear()
  }

  /** A transaction for its outputs, read once; one the node does not know (yet) is asked again next time. */
  function transaction(txid: string): Promise<BtcTransaction | null> {
    let read = transactions.get(txid)
    if (!read) {
      read = rpc<BtcTransaction | null>('btc_getTransaction', [txid])
      transactions.set(txid, read)
      read.then(
        (found) => found ?? transactions.delete(txid),
        () => transactions.delete(txid),
      )
    }
    return read
  }

  async function act<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } finally {
      await refresh()
    }
  }

  return {
    refresh,

    /** Loads summaries of the given heights not yet cached, in runs of up to BLOCKS_PAGE. */
    async ensureBlocks(heights: number[]): Promise<void> {
      const bottom = store.get().genesisHeight ?? 0
      const missing = heights.filter((h) => h >= bottom && !store.blocks.has(h) && !loading.has(h))
      if (missing.length === 0) return
      for (const h of missing) loading.add(h)
      try {
        const runs = heightRuns(missing)
        const pages = await Promise.all(
          runs.map(({ top, count }) => rpc<BtcBlockSummary[]>('btc_getBlocks', [{ count, before: top + 1 }])),
        )
        // A short page reached the chain's first block: nothing is below its lowest one.
        runs.forEach(({ top, count }, i) => {
          const page = pages[i] ?? []
          if (page.length < count)
            store.set({ genesisHeight: Math.min(top + 1, ...page.map((b) => b.height)) })
        })
        store.putBlocks(pages.flat())
      } finally {
        for (const h of missing) loading.delete(h)
      }
    },

    /** A block with its transactions; null when it is not on the chain (an RSK revert took it). */
    block: (hashOrHeight: string | number) => rpc<BtcBlock | null>('btc_getBlock', [hashOrHeight]),

    mempool: () => rpc<BtcTransaction[]>('btc_getMempool'),

    /** A transaction as the node has it now (confirmations move), never from the cache. */
    freshTransaction: (txid: string) => rpc<BtcTransaction | null>('btc_getTransaction', [txid]),

    /**
     * The outputs a transaction's inputs spend (address and value are not in the spending
     * transaction), keyed by outpointKey; an input whose transaction cannot be read is left out.
     */
    async spentOutputs(tx: BtcTransaction): Promise<Map<string, BtcVout>> {
      const spent = new Map<string, BtcVout>()
      const inputs = tx.vin.filter((vin) => vin.txid !== undefined && vin.vout !== undefined)
      for (const vin of inputs)
        if (vin.prevout) spent.set(outpointKey(vin.txid!, vin.vout!), { ...vin.prevout, n: vin.vout! })
      const wanted = [...new Set(inputs.filter((vin) => !vin.prevout).map((vin) => vin.txid!))]
      const read = await Promise.all(wanted.map((txid) => transaction(txid).catch(() => null)))
      for (const previous of read)
        if (previous)
          for (const vin of inputs)
            if (vin.txid === previous.txid) {
              const out = previous.vout.find((o) => o.n === vin.vout)
              if (out) spent.set(outpointKey(vin.txid, out.n), out)
            }
      return spent
    },

    mine: (count = 1) => act(() => rpc<string[]>('btc_mine', [count])),

    fund: (address: string, sats: bigint) =>
      act(() => rpc<{ txid: string; blockhash: string }>('btc_fund', [address, sats.toString()])),

    pegIn: (from: string, sats: bigint) =>
      act(() => rpc<BtcPegInResult>('btc_pegIn', [{ from, value: sats.toString() }])),

    /** The selected network (from a state push or the panel's state): another one is another chain. */
    setNetwork(network: string): void {
      if (lastNetwork !== undefined && network !== lastNetwork) {
        forget()
        store.set({
          info: null,
          pegs: null,
          addresses: [],
          account: null,
          genesisHeight: null,
          detail: null,
          trail: [],
        })
        if (isActive()) void refresh()
      }
      lastNetwork = network
    },

    /** The panel's pushes: RSK blocks move both chains' views; a revert or reset takes both back. */
    onPush(push: PushMessage): void {
      if (push.kind === 'state') this.setNetwork(push.state.network)
      if (push.kind !== 'node') return
      if (push.event === 'reset' || push.event === 'removedBlocks') forget()
      if (['block', 'reset', 'removedBlocks'].includes(push.event) && isActive()) void refresh()
    },
  }
}

export type BtcController = ReturnType<typeof createBtcController>
