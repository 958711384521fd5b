/**
 * Deterministic stand-ins for the ordinary transactions of a Bitcoin block. They exist so the
 * simulated Bitcoin block has more than its coinbase and the RSKIP92 merkle proof is a real path
 * (a block with only the coinbase has an empty proof). Shaped like P2PKH spends.
 */
import { sha256 } from '../crypto/hash'
import { concatBytes, utf8ToBytes } from '../util/hex'
import { ByteWriter } from './bitcoin/byteIo'
import type { BitcoinTransaction } from './bitcoin/transaction'

/** At most this many fillers: 1–6 fillers give 2–7 transactions, a proof of 1–3 hashes. */
const MAX_FILLERS = 6

/** `length` pseudo-random bytes: SHA-256 in counter mode over `seed || label`. */
function derive(seed: Uint8Array, label: string, length: number): Uint8Array {
  const prefix = concatBytes(seed, utf8ToBytes(label))
  const out = new Uint8Array(length)
  for (let block = 0, offset = 0; offset < length; block++, offset += 32) {
    const chunk = sha256(concatBytes(prefix, Uint8Array.of(block)))
    out.set(chunk.subarray(0, Math.min(32, length - offset)), offset)
  }
  return out
}

function fillerTransaction(seed: Uint8Array, index: number): BitcoinTransaction {
  const bytes = derive(seed, `filler-${index}`, 32 + 71 + 33 + 40 + 8)
  const signature = bytes.subarray(32, 103)
  const publicKey = concatBytes(Uint8Array.of(0x02 | (bytes[103] as number & 1)), bytes.subarray(104, 136))
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
export function fillerTransactions(seed: Uint8Array): BitcoinTransaction[] {
  const count = 1 + ((derive(seed, 'filler-count', 1)[0] as number) % MAX_FILLERS)
  return Array.from({ length: count }, (_, i) => fillerTransaction(seed, i))
}
