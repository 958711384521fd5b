/**
 * The Bitcoin view's store: the chain's summary, the federation, the pegs and a cache of block
 * summaries by height, fed by the controller (node events, actions). Notifications are coalesced
 * to one per frame, as in the panel's main store.
 */
import { createFrameNotifier } from '../lib/frameNotifier.js'
import type { BtcBlockSummary, BtcDevAddress, BtcInfo, BtcPegs } from './types.js'

/** What the view's detail pane shows: a block (by hash) or a transaction (by txid). */
export type BtcTarget = { kind: 'block'; hash: string } | { kind: 'tx'; txid: string }

export type BtcSection = 'blocks' | 'mempool' | 'federation' | 'pegs' | 'keys'

export interface BtcData {
  info: BtcInfo | null
  pegs: BtcPegs | null
  /** The dev accounts' keys with their BTC balances. */
  addresses: BtcDevAddress[]
  /** The dev account that pegs in (its RSK address), null for the first one. */
  account: string | null
  /**
   * Height of the chain's first block (the Bridge's checkpoint: 0 on regtest), null until a block
   * without a parent shows it.
   */
  genesisHeight: number | null
  /** Bumped whenever the block cache changes (the Map itself is mutated in place). */
  blocksVersion: number
  section: BtcSection
  detail: BtcTarget | null
  /** Details opened before the current one, for "back". */
  trail: BtcTarget[]
  /** Why the node gave no Bitcoin answer (an older node, a failed request), null when it did. */
  error: string | null
}

export function createBtcStore(schedule: (run: () => void) => void) {
  let data: BtcData = {
    info: null,
    pegs: null,
    addresses: [],
    account: null,
    genesisHeight: null,
    blocksVersion: 0,
    section: 'blocks',
    detail: null,
    trail: [],
    error: null,
  }
  const blocks = new Map<number, BtcBlockSummary>()
  const { notify, subscribe } = createFrameNotifier(schedule)

  return {
    blocks,
    get: (): BtcData => data,
    set(patch: Partial<BtcData>) {
      data = { ...data, ...patch }
      notify()
    },
    /**
     * A new summary of the chain. Blocks cached above its height, or at its height with another
     * hash, belong to a chain that is gone (an RSK revert or reset takes the Bitcoin chain back
     * too, since it lives in the RSK state): the cache is dropped.
     */
    setInfo(info: BtcInfo) {
      const atTip = blocks.get(info.blocks)
      const stale =
        [...blocks.keys()].some((h) => h > info.blocks) || (atTip && atTip.hash !== info.bestBlockHash)
      if (stale) this.dropBlocks()
      data = { ...data, info, error: null }
      notify()
    },
    putBlocks(summaries: BtcBlockSummary[]) {
      if (summaries.length === 0) return
      let genesisHeight = data.genesisHeight
      for (const b of summaries) {
        blocks.set(b.height, b)
        if (!b.previousblockhash) genesisHeight = b.height
      }
      data = { ...data, genesisHeight, blocksVersion: data.blocksVersion + 1 }
      notify()
    },
    dropBlocks() {
      blocks.clear()
      data = { ...data, blocksVersion: data.blocksVersion + 1 }
      notify()
    },
    /** Opens a block or transaction in the view's detail; the one it replaces is kept for "back". */
    open(target: BtcTarget) {
      const trail = data.detail ? [...data.trail, data.detail].slice(-50) : data.trail
      data = { ...data, detail: target, trail }
      notify()
    },
    back() {
      data = { ...data, detail: data.trail.at(-1) ?? null, trail: data.trail.slice(0, -1) }
      notify()
    },
    close() {
      data = { ...data, detail: null, trail: [] }
      notify()
    },
    subscribe,
  }
}

export type BtcStore = ReturnType<typeof createBtcStore>

/** Rows of the blocks list: the chain's blocks from its tip down to its first one. */
export function blockCount(data: Pick<BtcData, 'info' | 'genesisHeight'>): number {
  return data.info ? Math.max(0, data.info.blocks - (data.genesisHeight ?? 0) + 1) : 0
}
