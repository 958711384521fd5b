/**
 * The merged-mining coinbase: the Bitcoin transaction that commits to an RSK block by carrying
 * `RSKBLOCK:` followed by the block's hashForMergedMining, and its compressed form as RSKj stores it.
 */
import { sha256 } from '../crypto/fastSha256'
import { concatBytes, utf8ToBytes } from '../util/hex'
import { ByteWriter, writeUint32le } from './bitcoin/byteIo'
import { sha256Midstate, stateToBytes } from './bitcoin/sha256Midstate'
import type { BitcoinTransaction } from './bitcoin/transaction'

/** `RskMiningConstants.RSK_TAG`: the 9 ASCII bytes `RSKBLOCK:`. */
export const RSK_TAG = utf8ToBytes('RSKBLOCK:')
const OP_RETURN = 0x6a
const COINBASE_MARKER = utf8ToBytes('/rsk-devnode/')
const COINBASE_SEED_TAG = utf8ToBytes('coinbase')
/** 3.125 BTC: the Bitcoin block subsidy since the 2024 halving, for a realistic-looking coinbase. */
const SUBSIDY_SATOSHIS = 312_500_000n

/** Index of the last occurrence of `pattern` in `data`, or -1 (`Collections.lastIndexOfSubList`). */
export function lastIndexOfBytes(data: Uint8Array, pattern: Uint8Array): number {
  outer: for (let i = data.length - pattern.length; i >= 0; i--) {
    for (let j = 0; j < pattern.length; j++) if (data[i + j] !== pattern[j]) continue outer
    return i
  }
  return -1
}

/** Index of the first occurrence of `pattern` in `data`, or -1. */
export function indexOfBytes(data: Uint8Array, pattern: Uint8Array): number {
  outer: for (let i = 0; i + pattern.length <= data.length; i++) {
    for (let j = 0; j < pattern.length; j++) if (data[i + j] !== pattern[j]) continue outer
    return i
  }
  return -1
}

export type BuildMergedMiningCoinbaseParameters = {
  hashForMergedMining: Uint8Array
  /** Makes the coinbase (payout script, extranonce) unique per block and reproducible. */
  seed: Uint8Array
  /** Bumped when the 2^32 header nonces are exhausted, as pools roll the extranonce. */
  extraNonce?: number
}

/**
 * A coinbase shaped like a mining pool's: one input whose script holds an extranonce and a
 * marker, a payout output, and a zero-value `OP_RETURN RSKBLOCK:<hash>` output — the exact
 * layout of Rootstock mainnet blocks. About 156 bytes, so its compressed form keeps a midstate.
 */
export function buildMergedMiningCoinbase({
  hashForMergedMining,
  seed,
  extraNonce = 0,
}: BuildMergedMiningCoinbaseParameters): BitcoinTransaction {
  if (hashForMergedMining.length !== 32) throw new RangeError('hashForMergedMining must be 32 bytes')
  const derived = coinbaseDerivedBytes(seed)
  const extraNonceBytes = new ByteWriter(8).bytes(derived.subarray(0, 4)).uint32le(extraNonce).toBytes()
  const scriptSig = new ByteWriter(32).varBytes(extraNonceBytes).varBytes(COINBASE_MARKER).toBytes()
  // Pay-to-witness-pubkey-hash: OP_0 PUSH20 <20 bytes>.
  const payoutScript = concatBytes(Uint8Array.of(0x00, 0x14), derived.subarray(4, 24))
  // Pools write the tag right after OP_RETURN without a push opcode; RSKj only looks for the bytes.
  const tagScript = concatBytes(Uint8Array.of(OP_RETURN), RSK_TAG, hashForMergedMining)
  return {
    version: 2,
    inputs: [
      { previousTxid: new Uint8Array(32), previousIndex: 0xffffffff, scriptSig, sequence: 0xffffffff },
    ],
    outputs: [
      { value: SUBSIDY_SATOSHIS, scriptPubKey: payoutScript },
      { value: 0n, scriptPubKey: tagScript },
    ],
    lockTime: 0,
  }
}

function coinbaseDerivedBytes(seed: Uint8Array): Uint8Array {
  return sha256(concatBytes(seed, COINBASE_SEED_TAG))
}

/** Legacy serialization of the coinbase above: 156 bytes, every field at a fixed offset. */
export const MERGED_MINING_COINBASE_BYTES = 156

/**
 * `serializeTransaction(buildMergedMiningCoinbase(parameters))`, written straight into its bytes:
 * the miner needs them for every block, the transaction object only when the block is read.
 */
export function serializeMergedMiningCoinbase({
  hashForMergedMining,
  seed,
  extraNonce = 0,
}: BuildMergedMiningCoinbaseParameters): Uint8Array {
  if (hashForMergedMining.length !== 32) throw new RangeError('hashForMergedMining must be 32 bytes')
  const derived = coinbaseDerivedBytes(seed)
  const out = new Uint8Array(MERGED_MINING_COINBASE_BYTES)
  writeUint32le(out, 0, 2) // version
  out[4] = 1 // one input; its previous txid (5..37) is all zeros
  writeUint32le(out, 37, 0xffffffff) // previous index
  // scriptSig: a push of the 8-byte extranonce and one of the marker.
  out[41] = 2 + 8 + COINBASE_MARKER.length
  out[42] = 8
  out.set(derived.subarray(0, 4), 43)
  writeUint32le(out, 47, extraNonce)
  out[51] = COINBASE_MARKER.length
  out.set(COINBASE_MARKER, 52)
  let at = 52 + COINBASE_MARKER.length
  writeUint32le(out, at, 0xffffffff) // sequence
  out[at + 4] = 2 // two outputs
  at += 5
  writeUint32le(out, at, Number(SUBSIDY_SATOSHIS)) // payout value (below 2^32)
  out[at + 8] = 22
  out[at + 9] = 0x00
  out[at + 10] = 0x14
  out.set(derived.subarray(4, 24), at + 11)
  at += 31
  // The tag output: value 0, then OP_RETURN RSKBLOCK:<hash>.
  out[at + 8] = 1 + RSK_TAG.length + 32
  out[at + 9] = OP_RETURN
  out.set(RSK_TAG, at + 10)
  out.set(hashForMergedMining, at + 10 + RSK_TAG.length)
  // Lock time 0: the array's last four bytes are zero already.
  return out
}

/**
 * `MinerServerImpl.compressCoinbase`: SHA-256 the coinbase up to the 64-byte boundary at or
 * before the `RSKBLOCK:` tag and keep `byteCount (8 bytes BE) || H0..H7 (32 bytes)` followed by
 * every byte from that boundary on. `lastOccurrence` picks the last tag (RSKj's default) or the first.
 */
export function compressCoinbase(serializedCoinbase: Uint8Array, lastOccurrence = true): Uint8Array {
  const tagPosition = lastOccurrence
    ? lastIndexOfBytes(serializedCoinbase, RSK_TAG)
    : indexOfBytes(serializedCoinbase, RSK_TAG)
  // Without a tag RSKj hashes nothing (Java's -1 / 64 is 0) and keeps the whole coinbase as the
  // tail; validation then rejects the block for its missing tag.
  const midstate = sha256Midstate(serializedCoinbase, Math.max(tagPosition, 0))
  const byteCount = new Uint8Array(8)
  new DataView(byteCount.buffer).setBigUint64(0, BigInt(midstate.byteCount))
  return concatBytes(byteCount, stateToBytes(midstate.state), serializedCoinbase.subarray(midstate.byteCount))
}

/**
 * The 32 bytes after the last `RSKBLOCK:` tag, as `MnrModuleImpl.extractBlockHashForMergedMining`
 * reads them. Faithful to its quirk: without a tag the position is -1, so it reads bytes 8..40
 * (and the submission then fails with "could not find hash … in the cache"). Returns null where
 * RSKj's array copy would throw (fewer than 32 bytes after the read position).
 */
export function extractHashForMergedMining(serializedCoinbase: Uint8Array): Uint8Array | null {
  const start = lastIndexOfBytes(serializedCoinbase, RSK_TAG) + RSK_TAG.length
  if (start + 32 > serializedCoinbase.length) return null
  return serializedCoinbase.slice(start, start + 32)
}
