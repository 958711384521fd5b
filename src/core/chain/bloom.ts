/**
 * The 2048-bit logs bloom (RSKj `org/ethereum/core/Bloom.java`, same bits as Ethereum's): for the
 * log's address and each topic, the low 11 bits of the first three byte pairs of its keccak-256
 * pick three bits; bit i lives in byte 255 − ⌊i/8⌋.
 */
import { keccak256 } from '../crypto/hash.js'
import { type Address, hexToBytes } from '../util/hex.js'

export const BLOOM_BYTES = 256

export interface BloomLog {
  address: Address
  topics: readonly Uint8Array[]
}

export function emptyBloom(): Uint8Array {
  return new Uint8Array(BLOOM_BYTES)
}

/**
 * The bloom of no logs, shared: most receipts and blocks have it, and a 256-byte typed array is a
 * separate allocation outside the JS heap (~2 µs each in Node). Blooms are never modified once
 * made (`addToBloom` only fills the one `logsBloom` is building).
 */
const ZERO_BLOOM = emptyBloom()

/** Sets the three bits of `value` (an address or a topic) in `bloom`, in place. */
export function addToBloom(bloom: Uint8Array, value: Uint8Array): Uint8Array {
  const hash = keccak256(value)
  for (let i = 0; i < 6; i += 2) {
    const bit = (((hash[i] as number) & 7) << 8) | (hash[i + 1] as number)
    const index = BLOOM_BYTES - 1 - (bit >> 3)
    bloom[index] = (bloom[index] as number) | (1 << (bit & 7))
  }
  return bloom
}

/** Bloom of one receipt's logs (RSKj `LogInfo.getBloom` OR-ed per receipt). */
export function logsBloom(logs: readonly BloomLog[]): Uint8Array {
  if (logs.length === 0) return ZERO_BLOOM
  const bloom = emptyBloom()
  for (const log of logs) {
    addToBloom(bloom, hexToBytes(log.address))
    for (const topic of log.topics) addToBloom(bloom, topic)
  }
  return bloom
}

/** Bitwise OR (RSKj `Bloom.or`): a block's bloom from its receipts' blooms. */
export function mergeBlooms(blooms: readonly Uint8Array[]): Uint8Array {
  let out: Uint8Array | undefined
  for (const bloom of blooms) {
    if (bloom === ZERO_BLOOM) continue
    out ??= emptyBloom()
    for (let i = 0; i < BLOOM_BYTES; i++) out[i] = (out[i] as number) | (bloom[i] as number)
  }
  return out ?? ZERO_BLOOM
}

/** The three (byte index, bit mask) pairs `value` sets in a bloom, hashed once. */
type BloomProbe = readonly [number, number, number, number, number, number]

function bloomProbe(value: Uint8Array): BloomProbe {
  const hash = keccak256(value)
  const out: number[] = []
  for (let i = 0; i < 6; i += 2) {
    const bit = (((hash[i] as number) & 7) << 8) | (hash[i + 1] as number)
    out.push(BLOOM_BYTES - 1 - (bit >> 3), 1 << (bit & 7))
  }
  return out as unknown as BloomProbe
}

function probeHits(bloom: Uint8Array, p: BloomProbe): boolean {
  return (
    ((bloom[p[0]] as number) & p[1]) !== 0 &&
    ((bloom[p[2]] as number) & p[3]) !== 0 &&
    ((bloom[p[4]] as number) & p[5]) !== 0
  )
}

/** True when every bit of `value`'s bloom is set in `bloom`: the value may have been logged. */
export function bloomContains(bloom: Uint8Array, value: Uint8Array): boolean {
  return probeHits(bloom, bloomProbe(value))
}

export interface BloomCriteria {
  /** Empty means any address. */
  addresses: readonly Address[]
  /** Per position: null (or empty) matches anything, otherwise one of the listed topics. */
  topics: ReadonlyArray<readonly Uint8Array[] | null>
}

/**
 * False only when no log in the block can match the filter, so `eth_getLogs` can skip the
 * block's receipts. A bloom has false positives, never false negatives.
 */
export function bloomMayMatch(bloom: Uint8Array, criteria: BloomCriteria): boolean {
  return bloomMatcher(criteria)(bloom)
}

/**
 * `bloomMayMatch` with the filter's hashes computed once: a log query tests thousands of blocks
 * against the same criteria, and hashing per block was most of its time.
 */
export function bloomMatcher(criteria: BloomCriteria): (bloom: Uint8Array) => boolean {
  const addresses = criteria.addresses.map((a) => bloomProbe(hexToBytes(a)))
  const topics = criteria.topics
    .filter((options): options is readonly Uint8Array[] => !!options && options.length > 0)
    .map((options) => options.map(bloomProbe))
  return (bloom) => {
    if (addresses.length > 0 && !addresses.some((p) => probeHits(bloom, p))) return false
    for (const options of topics) if (!options.some((p) => probeHits(bloom, p))) return false
    return true
  }
}
