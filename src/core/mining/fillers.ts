/**
 * Deterministic stand-ins for the ordinary transactions of a Bitcoin block. They exist so the
 * simulated Bitcoin block has more than its coinbase and the RSKIP92 merkle proof is a real path
 * (a block with only the coinbase has an empty proof). Shaped like P2PKH spends.
 *
 * A block draws one of FILLER_SETS sets, chosen by its seed. Why sets and not fillers of its own:
 * every node of the merkle tree off the coinbase's path depends on the fillers alone, so a set's
 * ids and the coinbase's sibling hashes are computed once and each block hashes only its own
 * path (one coinbase id and a parent a level). Fillers of its own cost every block ~15 µs of
 * its ~40 µs of merged mining, in-process (bench/README.md). The coinbase stays unique to each
 * block, so every simulated Bitcoin block, its merkle root and header still are.
 */
import { sha256, sha256d } from '../crypto/fastSha256.js'
import { concatBytes, utf8ToBytes } from '../util/hex.js'
import { ByteWriter, reverseBytes, writeUint32le } from './bitcoin/byteIo.js'
import { merkleTreeOfInternalIds } from './bitcoin/merkle.js'
import type { BitcoinTransaction } from './bitcoin/transaction.js'

/** How many filler sets blocks draw from: ~256 × 200 bytes once all are used. */
export const FILLER_SETS = 256

/**
 * `sets`: a block draws one of the shared filler sets. `per-block`: each block derives fillers of
 * its own from its seed, as chains created before the sets were (a chain keeps the derivation it
 * was created with, so that it continues block for block as the code that started it would).
 */
export type FillerDerivation = 'per-block' | 'sets'

/** At most this many fillers: 1–6 fillers give 2–7 transactions, a proof of 1–3 hashes. */
const MAX_FILLERS = 6

/**
 * `length` pseudo-random bytes from a 32-byte key: xorshift128 seeded with the key's words. Not
 * cryptographic, and need not be — the bytes only have to look varied and repeat exactly; hashing
 * the seed once keeps the miner fast (thousands of blocks per second).
 */
function expand(key: Uint8Array, length: number): Uint8Array {
  const view = new DataView(key.buffer, key.byteOffset, 16)
  let x = view.getUint32(0) | 1
  let y = view.getUint32(4)
  let z = view.getUint32(8)
  let w = view.getUint32(12)
  const out = new Uint8Array(length)
  // Whole words are stored big-endian in one write; only a final partial word goes byte by byte.
  const words = new DataView(out.buffer)
  const whole = length - (length % 4)
  for (let i = 0; i < length; i += 4) {
    const t = x ^ (x << 11)
    x = y
    y = z
    z = w
    w = (w ^ (w >>> 19) ^ t ^ (t >>> 8)) >>> 0
    if (i < whole) {
      words.setUint32(i, w)
      continue
    }
    out[i] = w >>> 24
    if (i + 1 < length) out[i + 1] = (w >>> 16) & 0xff
    if (i + 2 < length) out[i + 2] = (w >>> 8) & 0xff
  }
  return out
}

/** Bytes each filler draws: outpoint 32, signature 71, public key 33, two payees 40, amount 4. */
const FILLER_BYTES = 32 + 71 + 33 + 40 + 4

function fillerTransaction(bytes: Uint8Array): BitcoinTransaction {
  const signature = bytes.subarray(32, 103)
  const publicKey = concatBytes(Uint8Array.of(0x02 | ((bytes[103] as number) & 1)), bytes.subarray(104, 136))
  const scriptSig = new ByteWriter(110).varBytes(signature).varBytes(publicKey).toBytes()
  const p2pkh = (hash: Uint8Array) =>
    concatBytes(Uint8Array.of(0x76, 0xa9, 0x14), hash, Uint8Array.of(0x88, 0xac))
  const amount = BigInt(new DataView(bytes.buffer, bytes.byteOffset + 176, 4).getUint32(0)) * 100n
  return {
    version: 2,
    inputs: [
      {
        previousTxid: bytes.slice(0, 32),
        previousIndex: (bytes[0] as number) & 3,
        scriptSig,
        sequence: 0xffffffff,
      },
    ],
    outputs: [
      { value: amount + 1_000n, scriptPubKey: p2pkh(bytes.subarray(136, 156)) },
      { value: 546n, scriptPubKey: p2pkh(bytes.subarray(156, 176)) },
    ],
    lockTime: 0,
  }
}

const FILLERS_TAG = utf8ToBytes('fillers')

/** Which filler set a block's seed draws: FNV-1a over its bytes, so any seed length works. */
export function fillerSetIndex(seed: Uint8Array): number {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ (seed[i] as number), 0x01000193)
  return (h >>> 0) % FILLER_SETS
}

function fillerBytes(seed: Uint8Array, derivation: FillerDerivation): { count: number; bytes: Uint8Array } {
  const key =
    derivation === 'sets'
      ? sha256(concatBytes(FILLERS_TAG, Uint8Array.of(fillerSetIndex(seed))))
      : sha256(concatBytes(seed, FILLERS_TAG))
  const count = 1 + ((key[31] as number) % MAX_FILLERS)
  return { count, bytes: expand(key, count * FILLER_BYTES) }
}

/** Between 1 and 6 filler transactions: the set `seed` draws, or its own (`per-block`). */
export function fillerTransactions(
  seed: Uint8Array,
  derivation: FillerDerivation = 'sets',
): BitcoinTransaction[] {
  const { count, bytes } = fillerBytes(seed, derivation)
  return Array.from({ length: count }, (_, i) =>
    fillerTransaction(bytes.subarray(i * FILLER_BYTES, (i + 1) * FILLER_BYTES)),
  )
}

/** Length of a filler's legacy serialization: every field has a fixed size. */
const SERIALIZED_FILLER_BYTES = 4 + 1 + 32 + 4 + 1 + 106 + 4 + 1 + 2 * (8 + 1 + 25) + 4

function readUint32be(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] as number) << 24) |
      ((bytes[at + 1] as number) << 16) |
      ((bytes[at + 2] as number) << 8) |
      (bytes[at + 3] as number)) >>>
    0
  )
}

function copyBytes(from: Uint8Array, fromAt: number, to: Uint8Array, toAt: number, length: number): void {
  for (let i = 0; i < length; i++) to[toAt + i] = from[fromAt + i] as number
}

/**
 * Output value (below 2^53 here) then its P2PKH script paying the 20 bytes of `hashBytes` at
 * `hashAt`; returns the offset after it.
 */
function writeP2pkhOutput(
  out: Uint8Array,
  at: number,
  value: number,
  hashBytes: Uint8Array,
  hashAt: number,
): number {
  writeUint32le(out, at, value % 0x1_0000_0000)
  writeUint32le(out, at + 4, Math.floor(value / 0x1_0000_0000))
  out[at + 8] = 0x19
  out[at + 9] = 0x76
  out[at + 10] = 0xa9
  out[at + 11] = 0x14
  copyBytes(hashBytes, hashAt, out, at + 12, 20)
  out[at + 32] = 0x88
  out[at + 33] = 0xac
  return at + 34
}

/**
 * `serializeTransaction(fillerTransactions(seed, derivation)[i])` for each filler, written straight from the
 * random bytes: the miner needs their ids for every block, the transaction objects rarely.
 */
export function serializedFillerTransactions(
  seed: Uint8Array,
  derivation: FillerDerivation = 'sets',
): Uint8Array[] {
  const { count, bytes: all } = fillerBytes(seed, derivation)
  const out = new Uint8Array(count * SERIALIZED_FILLER_BYTES)
  const serialized: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    // Offsets into `all` and `out` directly: no views are made for the fields.
    const from = i * FILLER_BYTES
    const start = i * SERIALIZED_FILLER_BYTES
    let at = start
    writeUint32le(out, at, 2) // version
    out[at + 4] = 1 // one input
    at += 5
    for (let j = 0; j < 32; j++) out[at + j] = all[from + 31 - j] as number // outpoint, internal order
    writeUint32le(out, at + 32, (all[from] as number) & 3)
    at += 36
    // scriptSig: a push of the 71-byte signature and one of the 33-byte compressed public key.
    out[at] = 106
    out[at + 1] = 71
    copyBytes(all, from + 32, out, at + 2, 71)
    out[at + 73] = 33
    out[at + 74] = 0x02 | ((all[from + 103] as number) & 1)
    copyBytes(all, from + 104, out, at + 75, 32)
    at += 107
    writeUint32le(out, at, 0xffffffff) // sequence
    out[at + 4] = 2 // two outputs
    at += 5
    const amount = readUint32be(all, from + 176) * 100
    at = writeP2pkhOutput(out, at, amount + 1_000, all, from + 136)
    at = writeP2pkhOutput(out, at, 546, all, from + 156)
    writeUint32le(out, at, 0) // lock time
    serialized.push(out.subarray(start, start + SERIALIZED_FILLER_BYTES))
  }
  return serialized
}

/** What a block's merkle tree needs of its filler set, besides its own coinbase. */
export interface FillerSet {
  /**
   * The coinbase's sibling at each level from the leaves up, internal byte order: the nodes off
   * its path, which depend on the fillers alone.
   */
  siblings: readonly Uint8Array[]
  /** The same siblings in display order, concatenated: the RSKIP92 proof. */
  proof: Uint8Array
}

const fillerSets: Array<FillerSet | undefined> = []

/** The filler set `seed` draws, computed the first time any block draws it. */
export function fillerSet(seed: Uint8Array): FillerSet {
  const index = fillerSetIndex(seed)
  let set = fillerSets[index]
  if (!set) {
    const ids = serializedFillerTransactions(seed).map(sha256d)
    // The coinbase's id only enters the leftmost node of each level: any stand-in gives the
    // same siblings.
    const { coinbaseBranch } = merkleTreeOfInternalIds([new Uint8Array(32), ...ids])
    set = { siblings: coinbaseBranch.map(reverseBytes), proof: concatBytes(...coinbaseBranch) }
    fillerSets[index] = set
  }
  return set
}
