/**
 * Proof of work of simulated Bitcoin headers. The simulated chain mines at regtest's limit
 * (REGTEST_BITS: about every second hash meets it), so mining a header takes a few hashes.
 */
import {
  type BitcoinHeader,
  bitcoinHeaderHash,
  decodeCompactBits,
  encodeBitcoinHeader,
} from '../mining/bitcoin/header'
import { bytesToBigint } from '../util/hex'

/** The target a compact value describes, or undefined for a negative or overflowing one. */
function targetOf(bits: number): bigint | undefined {
  try {
    const target = decodeCompactBits(bits)
    return target >= 1n << 256n ? undefined : target
  } catch {
    return undefined
  }
}

/** True when the header's hash, read as a 256-bit number, is at most the target of its bits. */
export function meetsTarget(encodedHeader: Uint8Array): boolean {
  if (encodedHeader.length !== 80) return false
  const bits =
    ((encodedHeader[72] as number) |
      ((encodedHeader[73] as number) << 8) |
      ((encodedHeader[74] as number) << 16) |
      ((encodedHeader[75] as number) << 24)) >>>
    0
  const target = targetOf(bits)
  if (target === undefined || target === 0n) return false
  // The display-order hash is the big-endian form of the number Bitcoin compares.
  return bytesToBigint(bitcoinHeaderHash(encodedHeader)) <= target
}

/**
 * A copy of the header with the first nonce, counting up from its own, whose hash meets its
 * target. Throws when the nonce space runs out (never at regtest difficulty; change the time then).
 */
export function mineHeader(header: BitcoinHeader): BitcoinHeader {
  const target = targetOf(header.bits)
  if (target === undefined || target === 0n) {
    throw new RangeError(`bits 0x${header.bits.toString(16)} describe no minable target`)
  }
  const encoded = encodeBitcoinHeader(header)
  for (let nonce = header.nonce >>> 0; nonce <= 0xffffffff; nonce++) {
    encoded[76] = nonce & 0xff
    encoded[77] = (nonce >>> 8) & 0xff
    encoded[78] = (nonce >>> 16) & 0xff
    encoded[79] = (nonce >>> 24) & 0xff
    if (bytesToBigint(bitcoinHeaderHash(encoded)) <= target) return { ...header, nonce }
  }
  throw new RangeError('no nonce meets the target: change the header time and mine again')
}

/** Expected hashes for a block at these bits, 2^256 / (target + 1): Bitcoin Core's GetBlockProof. */
export function chainWork(bits: number): bigint {
  const target = targetOf(bits)
  if (target === undefined || target === 0n) return 0n
  return (1n << 256n) / (target + 1n)
}
