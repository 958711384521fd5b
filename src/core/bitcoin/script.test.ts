import * as bitcoin from 'bitcoinjs-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { curves, loadCurves } from '../crypto/curves'
import { bytesToUnprefixedHex, hexToBytes } from '../util/hex'
import { hash160 } from './hash160'
import { OP_CHECKSIG, OP_DUP, OP_RETURN, smallIntOpcode, smallIntValue } from './opcodes'
import {
  classifyScript,
  compileScript,
  decompileScript,
  multisigScript,
  nullDataScript,
  p2pkhScript,
  p2shScript,
  p2wpkhScript,
  p2wshScript,
  ScriptError,
} from './script'

const hex = bytesToUnprefixedHex
const keyOf = (seed: number) => curves().secp256k1.getPublicKey(new Uint8Array(32).fill(seed), true)

beforeAll(async () => {
  await loadCurves()
})

describe('standard output scripts', () => {
  it('builds the scripts bitcoinjs-lib builds for each template', () => {
    const pubkey = keyOf(1)
    const hash = hash160(pubkey)
    expect(hex(p2pkhScript(hash))).toBe(hex(bitcoin.payments.p2pkh({ hash }).output as Uint8Array))
    expect(hex(p2shScript(hash))).toBe(hex(bitcoin.payments.p2sh({ hash }).output as Uint8Array))
    expect(hex(p2wpkhScript(hash))).toBe(hex(bitcoin.payments.p2wpkh({ hash }).output as Uint8Array))
    const keys = [keyOf(1), keyOf(2), keyOf(3)]
    expect(hex(multisigScript(2, keys))).toBe(
      hex(bitcoin.payments.p2ms({ m: 2, pubkeys: keys }).output as Uint8Array),
    )
    const data = new Uint8Array(80).fill(0x52)
    expect(hex(nullDataScript(data))).toBe(hex(bitcoin.payments.embed({ data: [data] }).output as Uint8Array))
  })

  it('classifies each template and reads its hash, keys or data back', () => {
    const hash = hash160(keyOf(1))
    expect(classifyScript(p2pkhScript(hash))).toEqual({ kind: 'p2pkh', hash })
    expect(classifyScript(p2shScript(hash))).toEqual({ kind: 'p2sh', hash })
    expect(classifyScript(p2wpkhScript(hash))).toEqual({ kind: 'p2wpkh', hash })
    const hash32 = new Uint8Array(32).fill(3)
    expect(classifyScript(p2wshScript(hash32))).toEqual({ kind: 'p2wsh', hash: hash32 })
    expect(classifyScript(compileScript([0x51, hash32]))).toEqual({ kind: 'p2tr', hash: hash32 })
    const keys = [keyOf(1), keyOf(2), keyOf(3)]
    expect(classifyScript(multisigScript(2, keys))).toEqual({ kind: 'multisig', m: 2, publicKeys: keys })
    const data = Uint8Array.of(0x52, 0x53, 0x4b)
    expect(classifyScript(nullDataScript(data))).toEqual({ kind: 'nulldata', data })
    expect(classifyScript(Uint8Array.of(OP_RETURN))).toEqual({ kind: 'nulldata', data: new Uint8Array(0) })
  })

  it('calls malformed look-alikes non-standard', () => {
    const hash = hash160(keyOf(1))
    const p2pkh = p2pkhScript(hash)
    expect(classifyScript(p2pkh.slice(0, -1)).kind).toBe('nonstandard')
    expect(classifyScript(Uint8Array.of(...p2pkh, OP_CHECKSIG)).kind).toBe('nonstandard')
    const keys = [keyOf(1), keyOf(2)]
    // m > n, wrong key count, a key that is not a key, a truncated push.
    expect(classifyScript(compileScript([0x53, ...keys, 0x52, 0xae])).kind).toBe('nonstandard')
    expect(classifyScript(compileScript([0x51, ...keys, 0x53, 0xae])).kind).toBe('nonstandard')
    expect(classifyScript(compileScript([0x51, new Uint8Array(33), 0x51, 0xae])).kind).toBe('nonstandard')
    expect(classifyScript(Uint8Array.of(0x6a, 0x05, 0x01)).kind).toBe('nonstandard')
    expect(classifyScript(Uint8Array.of(0x6a, OP_DUP)).kind).toBe('nonstandard')
    expect(() => multisigScript(3, keys)).toThrow(/1 ≤ m ≤ n ≤ 16/)
    expect(() => p2pkhScript(new Uint8Array(19))).toThrow(/20-byte hash/)
  })
})

describe('compile and decompile', () => {
  it('uses the shortest push for each length, as bitcoinjs-lib does', () => {
    for (const length of [1, 75, 76, 255, 256, 520]) {
      const data = new Uint8Array(length).fill(0x99)
      const ours = compileScript([OP_DUP, data])
      expect(hex(ours)).toBe(hex(bitcoin.script.compile([OP_DUP, data])))
      expect(decompileScript(ours)).toEqual([OP_DUP, data])
    }
  })

  it('round-trips the exact bytes of a script, OP_0 and small integers kept as opcodes', () => {
    const script = hexToBytes(
      '0047304402200102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2002200102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f200151ae',
    )
    const chunks = decompileScript(script)
    expect(chunks[0]).toBe(0)
    expect(chunks[chunks.length - 1]).toBe(0xae)
    expect(hex(compileScript(chunks))).toBe(hex(script))
  })

  it('refuses a push that runs past the end and a truncated length', () => {
    expect(() => decompileScript(Uint8Array.of(0x05, 1, 2))).toThrow(ScriptError)
    expect(() => decompileScript(Uint8Array.of(0x4d, 0x01))).toThrow(/truncated push length/)
    expect(() => decompileScript(Uint8Array.of(0x4c, 0x02, 0x01))).toThrow(/runs past the script's end/)
  })

  it('maps small integers to OP_0..OP_16 and back', () => {
    for (let n = 0; n <= 16; n++) expect(smallIntValue(smallIntOpcode(n))).toBe(n)
    expect(smallIntValue(OP_DUP)).toBeUndefined()
    expect(() => smallIntOpcode(17)).toThrow(RangeError)
  })
})
