/** The reason string of a revert, when its payload is an ABI `Error(string)`. */
import { bytesToUtf8 } from '../util/hex.js'

const ERROR_STRING_SELECTOR = [0x08, 0xc3, 0x79, 0xa0]

function readWord(bytes: Uint8Array, offset: number): bigint | undefined {
  if (offset + 32 > bytes.length) return undefined
  let n = 0n
  for (let i = offset; i < offset + 32; i++) n = (n << 8n) | BigInt(bytes[i] as number)
  return n
}

/** The reason of an ABI `Error(string)` payload, or undefined when the payload is anything else. */
export function decodeRevertReason(data: Uint8Array): string | undefined {
  if (data.length < 4 || ERROR_STRING_SELECTOR.some((b, i) => data[i] !== b)) return undefined
  const body = data.subarray(4)
  const offset = readWord(body, 0)
  if (offset === undefined || offset > BigInt(body.length)) return undefined
  const length = readWord(body, Number(offset))
  if (length === undefined) return undefined
  const start = Number(offset) + 32
  if (BigInt(start) + length > BigInt(body.length)) return undefined
  return bytesToUtf8(body.subarray(start, start + Number(length)))
}
