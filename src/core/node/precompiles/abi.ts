/**
 * The little of the Solidity ABI the native contracts need (RSKj `CallTransaction.Function`):
 * selectors, static words, and dynamic `bytes`, `string` and `bytes[]`, head/tail encoded.
 */
import { keccak256 } from '../../crypto/hash.js'
import { bigintToPaddedBytes, bytesToBigint, concatBytes, utf8ToBytes } from '../../util/hex.js'

const WORD = 32
const TWO_256 = 1n << 256n

/** The first four bytes of keccak256 of the canonical signature, e.g. `getFederationSize()`. */
export function selectorOf(signature: string): Uint8Array {
  return keccak256(utf8ToBytes(signature)).subarray(0, 4)
}

export function encodeWord(value: bigint): Uint8Array {
  return bigintToPaddedBytes(value < 0n ? TWO_256 + value : value, WORD)
}

function padRight(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD)
  out.set(bytes)
  return out
}

function encodeDynamicTail(bytes: Uint8Array): Uint8Array {
  return concatBytes(encodeWord(BigInt(bytes.length)), padRight(bytes))
}

/** One output value of a native method, as the ABI lays it out. */
export type AbiValue =
  | { type: 'uint' | 'int'; value: bigint }
  | { type: 'bool'; value: boolean }
  | { type: 'address'; value: Uint8Array }
  | { type: 'bytes'; value: Uint8Array }
  | { type: 'string'; value: string }

/** ABI-encodes a tuple of values (head words, then the tails of dynamic values). */
export function encodeOutputs(values: readonly AbiValue[]): Uint8Array {
  const heads: Uint8Array[] = []
  const tails: Uint8Array[] = []
  let tailOffset = values.length * WORD
  for (const v of values) {
    if (v.type === 'bytes' || v.type === 'string') {
      const tail = encodeDynamicTail(v.type === 'string' ? utf8ToBytes(v.value) : v.value)
      heads.push(encodeWord(BigInt(tailOffset)))
      tails.push(tail)
      tailOffset += tail.length
    } else if (v.type === 'bool') heads.push(encodeWord(v.value ? 1n : 0n))
    else if (v.type === 'address') heads.push(concatBytes(new Uint8Array(12), v.value))
    else heads.push(encodeWord(v.value))
  }
  return concatBytes(...heads, ...tails)
}

/** Reads the arguments after a selector; throws `AbiDecodeError` on data too short or malformed. */
export class AbiReader {
  readonly #data: Uint8Array
  constructor(input: Uint8Array) {
    this.#data = input.subarray(4)
  }

  #word(offset: number): bigint {
    if (offset + WORD > this.#data.length) throw new AbiDecodeError('input too short')
    return bytesToBigint(this.#data.subarray(offset, offset + WORD))
  }

  uint(index: number): bigint {
    return this.#word(index * WORD)
  }

  int(index: number): bigint {
    const raw = this.#word(index * WORD)
    return raw >= TWO_256 / 2n ? raw - TWO_256 : raw
  }

  #bytesAt(offset: number): Uint8Array {
    const length = this.#safeNumber(this.#word(offset))
    const start = offset + WORD
    if (start + length > this.#data.length) throw new AbiDecodeError('dynamic value past the end of input')
    return this.#data.slice(start, start + length)
  }

  #safeNumber(value: bigint): number {
    if (value > BigInt(this.#data.length)) throw new AbiDecodeError('offset or length past the end of input')
    return Number(value)
  }

  bytes(index: number): Uint8Array {
    return this.#bytesAt(this.#safeNumber(this.uint(index)))
  }

  string(index: number): string {
    return new TextDecoder().decode(this.bytes(index))
  }

  /** A dynamic array of static 32-byte words (`bytes32[]`, `uint256[]`). */
  wordArray(index: number): Uint8Array[] {
    const base = this.#safeNumber(this.uint(index))
    const count = this.#safeNumber(this.#word(base))
    return Array.from({ length: count }, (_, i) => {
      const at = base + WORD + i * WORD
      if (at + WORD > this.#data.length) throw new AbiDecodeError('array past the end of input')
      return this.#data.slice(at, at + WORD)
    })
  }

  /** A static `bytes32` argument. */
  bytes32(index: number): Uint8Array {
    return bigintToPaddedBytes(this.uint(index), WORD)
  }

  bytesArray(index: number): Uint8Array[] {
    const base = this.#safeNumber(this.uint(index))
    const count = this.#safeNumber(this.#word(base))
    const items: Uint8Array[] = []
    for (let i = 0; i < count; i++) {
      const relative = this.#safeNumber(this.#word(base + WORD + i * WORD))
      items.push(this.#bytesAt(base + WORD + relative))
    }
    return items
  }
}

export class AbiDecodeError extends Error {
  override name = 'AbiDecodeError'
}
