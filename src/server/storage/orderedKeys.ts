/**
 * String keys as bytes whose byte order equals the UTF-16 code-unit order the `KeyValueStore`
 * contract promises (the order IndexedDB and a sorted JS array agree on). LevelDB compares bytes.
 *
 * Plain UTF-8 almost works: it preserves code-point order, which differs from code-unit order
 * only when a key holds characters above U+FFFF (their surrogates sort before U+E000–U+FFFF in
 * UTF-16, after them in UTF-8). So keys are encoded as CESU-8: UTF-8 applied to each 16-bit code
 * unit, a surrogate becoming its own three-byte sequence. For keys without surrogates (every key
 * the node writes today) that is byte-for-byte UTF-8, and Node's native encoder does the work.
 */

const SURROGATE = /[\uD800-\uDFFF]/
const decoder = new TextDecoder('utf-8', { fatal: false })

export function encodeKey(key: string): Uint8Array {
  if (!SURROGATE.test(key)) return Buffer.from(key, 'utf8')
  return encodeCesu8(key)
}

export function decodeKey(bytes: Uint8Array): string {
  // 0xED followed by 0xA0..0xBF starts an encoded surrogate; nothing else needs the slow path.
  const surrogateAt = findSurrogateLead(bytes)
  if (surrogateAt < 0) return decoder.decode(bytes)
  return decodeCesu8(bytes)
}

function findSurrogateLead(bytes: Uint8Array): number {
  let at = bytes.indexOf(0xed)
  while (at >= 0 && at + 1 < bytes.length) {
    const next = bytes[at + 1]!
    if (next >= 0xa0 && next <= 0xbf) return at
    at = bytes.indexOf(0xed, at + 1)
  }
  return -1
}

function encodeCesu8(key: string): Uint8Array {
  const out = new Uint8Array(key.length * 3)
  let n = 0
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i)
    if (unit < 0x80) {
      out[n++] = unit
    } else if (unit < 0x800) {
      out[n++] = 0xc0 | (unit >> 6)
      out[n++] = 0x80 | (unit & 0x3f)
    } else {
      out[n++] = 0xe0 | (unit >> 12)
      out[n++] = 0x80 | ((unit >> 6) & 0x3f)
      out[n++] = 0x80 | (unit & 0x3f)
    }
  }
  return out.subarray(0, n)
}

function decodeCesu8(bytes: Uint8Array): string {
  const units: number[] = []
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!
    if (lead < 0x80) {
      units.push(lead)
      i += 1
    } else if (lead < 0xe0) {
      units.push(((lead & 0x1f) << 6) | (bytes[i + 1]! & 0x3f))
      i += 2
    } else {
      units.push(((lead & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f))
      i += 3
    }
  }
  let text = ''
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.slice(i, i + 4096))
  return text
}
