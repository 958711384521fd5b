/**
 * RSKIP92 merkle proof checking: `Rskip92MerkleProofValidator` folding with
 * `MerkleTreeUtils.combineLeftRight`. All hashes are in display order (`Sha256Hash.getBytes()`).
 */
import { sha256 } from '../../crypto/fastSha256'

/** RSKIP180: `Constants.getMaxBitcoinMergedMiningMerkleProofLength()`. */
export const MAX_MERKLE_PROOF_LENGTH = 960
const MAX_SATOSHIS = 21_000_000n * 100_000_000n
const COINBASE_CHECKED = 0xffffffff

function signedByte(value: number): number {
  return value > 127 ? value - 256 : value
}

/**
 * `MerkleTreeUtils.checkNotAValid64ByteTransaction`: true when left || right (as given, display
 * order) parses as a 64-byte Bitcoin transaction — the leaf/node ambiguity of Bitcoin's merkle
 * tree (bitslog, 2018). Reads bytes as Java does: signed, little-endian integers.
 */
export function formsValid64ByteTransaction(left: Uint8Array, right: Uint8Array): boolean {
  // The input count (byte 4) must be exactly one: almost every pair of hashes fails here, so the
  // 64-byte copy is made only for the rest.
  if (left.length < 5 || left[4] !== 1) return false
  const bytes = new Uint8Array(64)
  bytes.set(left.subarray(0, 32), 0)
  bytes.set(right.subarray(0, 32), 32)
  const view = new DataView(bytes.buffer)
  let offset = 4 // version
  if (signedByte(bytes[offset] as number) !== 1) return false // exactly one input fits
  offset += 1 + 32 // input count, outpoint hash
  const outputIndex = view.getUint32(offset, true)
  offset += 4
  if (outputIndex > 1_000_000 && outputIndex !== COINBASE_CHECKED) return false
  const inputScriptLength = signedByte(bytes[offset] as number)
  offset += 1
  if (inputScriptLength < 0 || inputScriptLength > 4) return false
  offset += inputScriptLength + 4 // script, sequence
  if (signedByte(bytes[offset] as number) !== 1) return false // exactly one output fits
  offset += 1
  const value = view.getBigInt64(offset, true)
  offset += 8
  if (value < 1n || value > MAX_SATOSHIS) return false
  const outputScriptLength = signedByte(bytes[offset] as number)
  if (outputScriptLength < 0 || outputScriptLength > 4) return false
  return inputScriptLength + outputScriptLength === 4
}

export class ValidBtcTransactionNodesError extends Error {
  override name = 'ValidBtcTransactionNodesError'
  constructor() {
    super('Supplied nodes form a valid btc transaction')
  }
}

/** Parent of two display-order nodes: reverse(SHA256d(reverse(left) || reverse(right))). */
export function combineLeftRight(left: Uint8Array, right: Uint8Array): Uint8Array {
  if (formsValid64ByteTransaction(left, right)) throw new ValidBtcTransactionNodesError()
  // Both halves are written reversed straight into one buffer, and the fresh digest is reversed
  // in place: one allocation besides the hashes'.
  const joined = new Uint8Array(64)
  for (let i = 0; i < 32; i++) {
    joined[i] = left[31 - i] as number
    joined[32 + i] = right[31 - i] as number
  }
  return sha256(sha256(joined)).reverse()
}
