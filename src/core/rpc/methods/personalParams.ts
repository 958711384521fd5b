/** Parameter specs of `personal_*` with RSKj's texts (`HexKeyParam`, `HexDurationParam`). */
import { SECP256K1_N } from '../../chain/secp256k1.js'
import { bigintToPaddedBytes } from '../../util/hex.js'
import { ParamError, type ParamSpec, parseString } from '../params.js'

const HEX = /^[0-9a-fA-F]*$/

/** A 32-byte private key in hex, `0x` optional (RSKj strips it). */
export const rawKey = (name: string): ParamSpec<Uint8Array> => ({
  type: 'DATA',
  name,
  optional: false,
  parse(value) {
    if (value === null) throw new ParamError('Key cannot be null.')
    const text = parseString(value)
    const digits = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text
    if (!HEX.test(digits) || digits.length !== 64)
      throw new ParamError('Invalid key: expected 32 bytes of hex (64 digits, 0x optional).')
    const n = BigInt(`0x${digits}`)
    if (n === 0n || n >= SECP256K1_N) throw new ParamError('Invalid key: not a valid secp256k1 private key.')
    return bigintToPaddedBytes(n, 32)
  },
})

/**
 * RSKj `HexDurationParam`: milliseconds as `0x` hex; `""` means the default. Returns `undefined`
 * for the default.
 */
export const durationMs = (name: string): ParamSpec<number | undefined> => ({
  type: 'QUANTITY',
  name,
  optional: true,
  parse(value) {
    const text = parseString(value)
    if (text === '') return undefined
    if (!/^0x[0-9a-fA-F]+$/.test(text))
      throw new ParamError(`Invalid argument "${text}": param should be a hex value string.`)
    const ms = Number.parseInt(text.slice(2), 16)
    if (!Number.isSafeInteger(ms))
      throw new ParamError('Invalid duration param: value must be a valid hex number.')
    return ms
  },
})
