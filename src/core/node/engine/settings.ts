/** Engine settings that persist across restarts (mining mode, time control, snapshots). */
import type { TimeControlState } from '../../clock/timeControl.js'

/**
 * Interval mining waits a random interval in `[minMs, maxMs]` before each block (Hardhat's range
 * form); both bounds are equal for a fixed interval.
 */
export type MiningMode =
  | { type: 'auto' }
  | { type: 'interval'; minMs: number; maxMs: number }
  | { type: 'manual' }

/** The longest interval accepted (~285 years): due times stay safe integers for millennia. */
export const MAX_INTERVAL_MS = Math.floor(2 ** 53 / 1000)

export interface Snapshot {
  id: bigint
  /** The head when the snapshot was taken. */
  blockNumber: bigint
  blockHash: string
  /**
   * The latest state root when the snapshot was taken: it differs from the head block's when
   * accounts were edited since (anvil_setBalance…), and a revert must bring those edits back.
   */
  stateRoot?: string
  /** Where `stateRoot` lies (`TrieRoot.at`); absent for snapshots of the previous layout (0). */
  stateAt?: number
  /** Raw transactions in the pool at that moment. */
  pool: string[]
  time: { offsetSeconds: string; nextTimestamp?: string }
  name?: string
  takenAt: number
}

export interface EngineSettings {
  mining: MiningMode
  /** Wall-clock ms when the interval miner last produced a block (for catch-up). */
  lastIntervalBlockAt?: number
  /**
   * Wall-clock ms when the next interval block is due. Drawn when the previous one was mined, so a
   * random interval is the same after a restart and a host can schedule a wake-up for it.
   */
  nextIntervalBlockAt?: number
  time: TimeControlState
  snapshots: Snapshot[]
  nextSnapshotId: bigint
  /** Accounts whose transactions are accepted without a signature (anvil_impersonateAccount). */
  impersonated: string[]
  autoImpersonate: boolean
  /**
   * How the built-in miner draws its simulated Bitcoin blocks' filler transactions
   * (mining/fillers.ts): `sets` for chains created since the sets, `per-block` for older ones,
   * so that a chain mines on exactly as the code that created it would. `FillerDerivation` spelled
   * out: the published types must not reach into the mining folder.
   */
  mergedMiningFillers: 'per-block' | 'sets'
}

export function defaultSettings(): EngineSettings {
  return {
    mining: { type: 'auto' },
    time: { offsetSeconds: 0n },
    snapshots: [],
    nextSnapshotId: 1n,
    impersonated: [],
    autoImpersonate: false,
    mergedMiningFillers: 'sets',
  }
}

/** The settings of a chain that holds blocks but no settings record: older than the filler sets. */
export function settingsOfOlderChain(): EngineSettings {
  return { ...defaultSettings(), mergedMiningFillers: 'per-block' }
}

/** JSON with bigints as `{"$n":"…"}` so settings survive a round trip through bytes. */
export function encodeSettings(settings: EngineSettings): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify(settings, (_k, v) => (typeof v === 'bigint' ? { $n: v.toString() } : v)),
  )
}

export function decodeSettings(raw: Uint8Array): EngineSettings {
  const parsed = JSON.parse(new TextDecoder().decode(raw), (_k, v) =>
    v !== null && typeof v === 'object' && typeof v.$n === 'string' && Object.keys(v).length === 1
      ? BigInt(v.$n)
      : v,
  ) as EngineSettings
  return {
    ...defaultSettings(),
    ...parsed,
    mining: upgradeMiningMode(parsed.mining),
    // Written before the filler sets: the chain keeps drawing fillers per block.
    mergedMiningFillers: parsed.mergedMiningFillers === 'sets' ? 'sets' : 'per-block',
  }
}

/** Settings written before intervals were kept in milliseconds held `{ type: 'interval', seconds }`. */
function upgradeMiningMode(mode: MiningMode | { type: 'interval'; seconds: number } | undefined): MiningMode {
  if (!mode) return { type: 'auto' }
  if (mode.type === 'interval' && 'seconds' in mode) {
    const ms = mode.seconds * 1000
    return { type: 'interval', minMs: ms, maxMs: ms }
  }
  return mode
}
