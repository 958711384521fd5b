import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../../util/hex'
import { MnrInternalError } from './errors'
import {
  decodeBouncyCastleHex,
  decodeLowercaseHex,
  parseJavaHexInt,
  splitOnJavaWhitespace,
} from './javaParsing'

describe('Java parsing rules used by mnr_*', () => {
  test('split on \\s+ keeps a leading empty item and drops trailing ones', () => {
    expect(splitOnJavaWhitespace('a b\tc\n')).toEqual(['a', 'b', 'c'])
    expect(splitOnJavaWhitespace(' a')).toEqual(['', 'a'])
    expect(splitOnJavaWhitespace('   ')).toEqual([])
    expect(splitOnJavaWhitespace('')).toEqual([''])
    expect(splitOnJavaWhitespace('a\u00a0b')).toEqual(['a\u00a0b']) // Java's \s is ASCII only
  })

  test('Integer.parseInt(x, 16) takes a sign and 32-bit signed values only', () => {
    expect(parseJavaHexInt('7fffffff', 'n')).toBe(0x7fffffff)
    expect(parseJavaHexInt('-80000000', 'n')).toBe(-0x80000000)
    expect(parseJavaHexInt('-1', 'n')).toBe(-1)
    expect(() => parseJavaHexInt('80000000', 'n')).toThrow(MnrInternalError)
    expect(() => parseJavaHexInt('0x1', 'n')).toThrow(MnrInternalError)
    expect(() => parseJavaHexInt('', 'n')).toThrow(MnrInternalError)
  })

  test('BouncyCastle hex skips whitespace anywhere, takes both cases, refuses 0x and odd counts', () => {
    expect(bytesToHex(decodeBouncyCastleHex(' A b\n1 2 ', 'x'))).toBe('0xab12')
    expect(() => decodeBouncyCastleHex('0xab', 'x')).toThrow(MnrInternalError)
    expect(() => decodeBouncyCastleHex('abc', 'x')).toThrow(MnrInternalError)
  })

  test('bitcoinj hashes are lowercase hex with nothing skipped', () => {
    expect(bytesToHex(decodeLowercaseHex('ab12', 'x'))).toBe('0xab12')
    expect(() => decodeLowercaseHex('AB12', 'x')).toThrow(MnrInternalError)
    expect(() => decodeLowercaseHex('ab 12', 'x')).toThrow(MnrInternalError)
  })
})
