/**
 * The miner server's memory between `mnr_getWork` and `mnr_submit*` (`MinerServerImpl`): the last
 * 20 block templates keyed by hashForMergedMining, and the current work whose `notify` flag is
 * handed out once and then cleared. Plain data, no timers: the chain decides when to rebuild work
 * (RSKj rebuilds on a new best block and every minute).
 */
import { bytesToHex } from '../../util/hex'
import type { MinerWork } from './minerWork'

/** `MinerServerImpl.CACHE_SIZE`. */
export const WORK_CACHE_SIZE = 20

export class MergedMiningWorkCache<TTemplate> {
  private readonly templates = new Map<string, TTemplate>()
  private current: MinerWork | undefined

  constructor(private readonly capacity = WORK_CACHE_SIZE) {}

  /** Remembers a template and makes its work current; the oldest template beyond capacity is forgotten. */
  publish(hashForMergedMining: Uint8Array, template: TTemplate, work: MinerWork): void {
    const key = bytesToHex(hashForMergedMining)
    this.templates.delete(key)
    this.templates.set(key, template)
    while (this.templates.size > this.capacity) {
      const oldest = this.templates.keys().next().value as string
      this.templates.delete(oldest)
    }
    this.current = work
  }

  find(hashForMergedMining: Uint8Array): TTemplate | undefined {
    return this.templates.get(bytesToHex(hashForMergedMining))
  }

  /**
   * `MinerServerImpl.getWork`: the current work; a work with `notify: true` is returned once, and
   * later calls get the same work with `notify: false`. Undefined before any work is published.
   */
  takeWork(): MinerWork | undefined {
    const work = this.current
    if (work?.notify) this.current = { ...work, notify: false }
    return work
  }

  get size(): number {
    return this.templates.size
  }
}
