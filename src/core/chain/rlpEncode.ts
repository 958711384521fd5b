/**
 * Plain RLP encoding in two passes: the first measures every list's payload, the second writes the
 * whole item into one buffer. The general-purpose encoder builds each nested item as its own array
 * and concatenates upwards, which made RLP framing and its garbage a tenth of block production
 * (headers, transactions, receipts and block records are encoded for every block). Same bytes:
 * rlpEncode.test.ts checks it against @ethereumjs/rlp.
 */
export type RlpEncodable = Uint8Array | readonly RlpEncodable[]

/** Bytes needed for a length prefix's length (big-endian, no leading zeros). */
function lengthOfLength(length: number): number {
  let bytes = 1
  while (length >= 256 ** bytes) bytes++
  return bytes
}

function framedLength(payload: number): number {
  return payload < 56 ? 1 + payload : 1 + lengthOfLength(payload) + payload
}

/** Encoded length of `item`; list payload lengths are pushed to `payloads` in pre-order. */
function measure(item: RlpEncodable, payloads: number[]): number {
  if (item instanceof Uint8Array) {
    if (item.length === 1 && (item[0] as number) < 0x80) return 1
    return framedLength(item.length)
  }
  const slot = payloads.length
  payloads.push(0)
  let payload = 0
  for (const child of item) payload += measure(child, payloads)
  payloads[slot] = payload
  return framedLength(payload)
}

function writePrefix(out: Uint8Array, offset: number, payload: number, short: number, long: number): number {
  if (payload < 56) {
    out[offset] = short + payload
    return offset + 1
  }
  const bytes = lengthOfLength(payload)
  out[offset] = long + bytes
  for (let i = bytes; i >= 1; i--) {
    out[offset + i] = payload & 0xff
    payload = Math.floor(payload / 256)
  }
  return offset + 1 + bytes
}

/** `encodeRlp(input).length`, without writing (or allocating) the encoding. */
export function rlpEncodedLength(input: RlpEncodable): number {
  return measure(input, [])
}

export function encodeRlp(input: RlpEncodable): Uint8Array {
  const payloads: number[] = []
  const out = new Uint8Array(measure(input, payloads))
  let next = 0
  const write = (item: RlpEncodable, offset: number): number => {
    if (item instanceof Uint8Array) {
      if (item.length === 1 && (item[0] as number) < 0x80) {
        out[offset] = item[0] as number
        return offset + 1
      }
      const start = writePrefix(out, offset, item.length, 0x80, 0xb7)
      out.set(item, start)
      return start + item.length
    }
    let at = writePrefix(out, offset, payloads[next++] as number, 0xc0, 0xf7)
    for (const child of item) at = write(child, at)
    return at
  }
  write(input, 0)
  return out
}
