/**
 * Deterministic stand-ins for the ordinary transactions of a Bitcoin block. They exist so the
 * simulated Bitcoin block has more than its coinbase and the RSKIP92 merkle proof is a real path
 * (a block with only the coinbase has an empty proof). Shaped like P2PKH spends.
 */
import { sha256 } from '../crypto/fastSha256'
import { concatBytes, utf8ToBytes } from '../util/hex'
import { ByteWriter } from './bitcoin/byteIo'
import type { BitcoinTransaction } from './bitcoin/transaction'

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
  for (let i = 0; i < length; i += 4) {
    const t = x ^ (x << 11)
    x = y
    y = z
    z = w
    w = (w ^ (w >>> 19) ^ t ^ (t >>> 8)) >>> 0
    out[i] = w >>> 24
    if (i + 1 < length) out[i + 1] = (w >>> 16) & 0xff
    if (i + 2 < length) out[i + 2] = (w >>> 8) & 0xff
    if (i + 3 < length) out[i + 3] = w & 0xff
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

/** Between 1 and 6 filler transactions, all derived from `seed`. */
const FILLERS_TAG = utf8ToBytes('fillers')

export function fillerTransactions(seed: Uint8Array): BitcoinTransaction[] {
  const key = sha256(concatBytes(seed, FILLERS_TAG))
  const count = 1 + ((key[31] as number) % MAX_FILLERS)
  const bytes = expand(key, count * FILLER_BYTES)
  return Array.from({ length: count }, (_, i) =>
    fillerTransaction(bytes.subarray(i * FILLER_BYTES, (i + 1) * FILLER_BYTES)),
  )
}
