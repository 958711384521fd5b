/**
 * The Java library behaviours RSKj's `mnr_*` parameter handling relies on, reproduced so the same
 * strings succeed or fail here as there.
 */
import { MnrInternalError } from './errors'

/**
 * BouncyCastle `Hex.decode(String)`: skips spaces, tabs, CR and LF, accepts either case, and
 * rejects anything else — including a `0x` prefix (the `x`) and an odd digit count.
 */
export function decodeBouncyCastleHex(text: string, what: string): Uint8Array {
  const digits = text.replace(/[ \t\r\n]/g, '')
  if (!/^[0-9a-fA-F]*$/.test(digits)) {
    throw new MnrInternalError(
      `${what}: invalid characters encountered in Hex string (hex without 0x expected)`,
    )
  }
  if (digits.length % 2 !== 0) throw new MnrInternalError(`${what}: odd number of hex digits`)
  const out = new Uint8Array(digits.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(digits.slice(2 * i, 2 * i + 2), 16)
  return out
}

/**
 * bitcoinj's `Utils.HEX` (Guava `base16().lowerCase()`), used by `Sha256Hash.wrap(String)`:
 * lowercase digits only, even count, nothing skipped.
 */
export function decodeLowercaseHex(text: string, what: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/.test(text)) throw new MnrInternalError(`${what}: not lowercase hex: "${text}"`)
  return decodeBouncyCastleHex(text, what)
}

/**
 * Java `String.split("\\s+")`: a leading separator yields a leading empty string, trailing empty
 * strings are dropped (so an all-whitespace string gives no items, but "" gives [""]). Java's `\s`
 * is ASCII-only.
 */
export function splitOnJavaWhitespace(text: string): string[] {
  // Java's \s: space, \t, \n, vertical tab (U+000B), \f, \r.
  const separator = /[ \t\n\v\f\r]+/
  if (!separator.test(text)) return [text] // no match: Java returns the input itself, even ""
  const parts = text.split(separator)
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop()
  return parts
}

/** Java `Integer.parseInt(text, 16)`: optional sign, hex digits, must fit a signed 32-bit int. */
export function parseJavaHexInt(text: string, what: string): number {
  if (!/^[+-]?[0-9a-fA-F]+$/.test(text)) throw new MnrInternalError(`${what}: For input string: "${text}"`)
  const value = Number.parseInt(text, 16)
  if (value < -0x80000000 || value > 0x7fffffff)
    throw new MnrInternalError(`${what}: For input string: "${text}"`)
  return value
}
