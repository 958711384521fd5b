import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { parseTransaction, serializeTransaction } from '../mining/bitcoin/transaction'
import { bytesToUnprefixedHex, hexToBytes } from '../util/hex'
import { nullDataScript, p2pkhScript, p2wpkhScript } from './script'
import {
  legacySighash,
  SIGHASH_ALL,
  SIGHASH_ANYONECANPAY,
  SIGHASH_NONE,
  SIGHASH_SINGLE,
  witnessV0Sighash,
} from './sighash'

const hex = bytesToUnprefixedHex

const HASH_TYPES = [SIGHASH_ALL, SIGHASH_NONE, SIGHASH_SINGLE].flatMap((t) => [t, t | SIGHASH_ANYONECANPAY])

/** Three inputs, two outputs: enough to see SIGHASH_SINGLE's missing output and the blanked ones. */
function sampleTransaction() {
  const tx = new bitcoin.Transaction()
  tx.version = 2
  tx.locktime = 101
  for (let i = 0; i < 3; i++) tx.addInput(new Uint8Array(32).fill(i + 1), i, 0xfffffffe - i)
  tx.addOutput(p2pkhScript(new Uint8Array(20).fill(7)), 150_000_000n)
  tx.addOutput(nullDataScript(Uint8Array.of(1, 2, 3)), 0n)
  return tx
}

describe('legacy signature hash', () => {
  it("equals bitcoinjs-lib for every input and hash type, and signs Core's digest 1 for SIGHASH_SINGLE without output", () => {
    const theirs = sampleTransaction()
    const ours = parseTransaction(theirs.toBuffer())
    const scriptCode = p2pkhScript(new Uint8Array(20).fill(9))
    for (let input = 0; input < 3; input++) {
      for (const hashType of HASH_TYPES) {
        // Checked apart below: bitcoinjs-lib returns the digest 1 in the other byte order.
        if (input === 2 && (hashType & 0x1f) === SIGHASH_SINGLE) continue
        expect(hex(legacySighash(ours, input, scriptCode, hashType))).toBe(
          hex(theirs.hashForSignature(input, scriptCode, hashType)),
        )
      }
    }
    // Bitcoin Core signs uint256(1), whose bytes are 01 00…00 (its little-endian storage).
    expect(hex(legacySighash(ours, 2, scriptCode, SIGHASH_SINGLE))).toBe(`01${'00'.repeat(31)}`)
    expect(hex(theirs.hashForSignature(2, scriptCode, SIGHASH_SINGLE))).toBe(`${'00'.repeat(31)}01`)
  })

  it('hashes the script code without its OP_CODESEPARATORs', () => {
    const ours = parseTransaction(sampleTransaction().toBuffer())
    const code = p2pkhScript(new Uint8Array(20).fill(9))
    const withSeparator = Uint8Array.of(0xab, ...code)
    expect(legacySighash(ours, 0, withSeparator, SIGHASH_ALL)).toEqual(
      legacySighash(ours, 0, code, SIGHASH_ALL),
    )
    // A separator inside pushed data is data; after a truncated push the bytes are kept as they are.
    const pushed = Uint8Array.of(0x01, 0xab, 0xab)
    expect(hex(legacySighash(ours, 0, pushed, SIGHASH_ALL))).toBe(
      hex(sampleTransaction().hashForSignature(0, pushed, SIGHASH_ALL)),
    )
    const truncated = Uint8Array.of(0xab, 0x05, 0x01, 0xab)
    expect(legacySighash(ours, 0, truncated, SIGHASH_ALL)).toEqual(
      legacySighash(ours, 0, Uint8Array.of(0x05, 0x01, 0xab), SIGHASH_ALL),
    )
  })

  it('refuses an input index the transaction does not have', () => {
    const ours = parseTransaction(sampleTransaction().toBuffer())
    expect(() => legacySighash(ours, 3, new Uint8Array(0), SIGHASH_ALL)).toThrow(/input 3 does not exist/)
    expect(() => witnessV0Sighash(ours, -1, new Uint8Array(0), 1n, SIGHASH_ALL)).toThrow(RangeError)
  })
})

describe('BIP143 signature hash', () => {
  it('equals bitcoinjs-lib for every input and hash type', () => {
    const theirs = sampleTransaction()
    const ours = parseTransaction(theirs.toBuffer())
    const scriptCode = p2pkhScript(new Uint8Array(20).fill(9))
    for (let input = 0; input < 3; input++) {
      for (const hashType of HASH_TYPES) {
        const value = 1_000_000n * BigInt(input + 1)
        expect(hex(witnessV0Sighash(ours, input, scriptCode, value, hashType))).toBe(
          hex(theirs.hashForWitnessV0(input, scriptCode, value, hashType)),
        )
      }
    }
  })

  it("matches BIP143's P2SH-P2WPKH example", () => {
    const tx = parseTransaction(
      hexToBytes(
        '0100000001db6b1b20aa0fd7b23880be2ecbd4a98130974cf4748fb66092ac4d3ceb1a54770100000000feffffff02b8b4eb0b00' +
          '0000001976a914a457b684d7f0d539a46a45bbc043f35b59d0d96388ac0008af2f000000001976a914fd270b1ee6abcaea97fea7' +
          'ad0402e8bd8ad6d77c88ac92040000',
      ),
    )
    const scriptCode = p2pkhScript(hexToBytes('79091972186c449eb1ded22b78e40d009bdf0089'))
    expect(hex(witnessV0Sighash(tx, 0, scriptCode, 1_000_000_000n, SIGHASH_ALL))).toBe(
      '64f3b0f4dd2bb3aa1ce8566d220cc74dda9df97d8490cc81d89d735c92e59fb6',
    )
  })

  it("matches BIP143's native P2WPKH example", () => {
    const unsigned = hexToBytes(
      '0100000002fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f0000000000eeffffff' +
        'ef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206' +
        '000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42db' +
        'ee7e4dbe6a21b2d50ce2f0167faa815988ac11000000',
    )
    const tx = parseTransaction(unsigned)
    expect(serializeTransaction(tx)).toEqual(unsigned)
    const scriptCode = p2pkhScript(hexToBytes('1d0f172a0ecb48aee1be1f2687d2963ae33f71a1'))
    expect(hex(witnessV0Sighash(tx, 1, scriptCode, 600_000_000n, SIGHASH_ALL))).toBe(
      'c37af31116d1b27caf68aae9e3ac82f1477929014d5b917657d0eb49478cb670',
    )
    // The witness program itself is not the script code: signing over it gives another digest.
    expect(
      hex(witnessV0Sighash(tx, 1, p2wpkhScript(new Uint8Array(20)), 600_000_000n, SIGHASH_ALL)),
    ).not.toBe('c37af31116d1b27caf68aae9e3ac82f1477929014d5b917657d0eb49478cb670')
  })
})
