import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { type BitcoinHeader, bitcoinHeaderHash, encodeBitcoinHeader } from '../mining/bitcoin/header'
import { bytesToUnprefixedHex, hexToBytes } from '../util/hex'
import { REGTEST_BITS } from './params'
import { chainWork, meetsTarget, mineHeader } from './pow'

const header = (nonce = 0, bits = REGTEST_BITS): BitcoinHeader => ({
  version: 0x20000000,
  previousBlockHash: new Uint8Array(32).fill(0x11),
  merkleRoot: new Uint8Array(32).fill(0x22),
  time: 1_700_000_000,
  bits,
  nonce,
})

/** The header as bitcoinjs-lib reads it, to ask it whether the proof of work is valid. */
const theirs = (encoded: Uint8Array) => bitcoin.Block.fromHex(`${bytesToUnprefixedHex(encoded)}00`)

describe('mining a header', () => {
  it('finds a nonce whose hash meets the target, as bitcoinjs-lib checks it', () => {
    for (let start = 0; start < 20; start++) {
      const mined = mineHeader(header(start * 1000))
      const encoded = encodeBitcoinHeader(mined)
      expect(meetsTarget(encoded)).toBe(true)
      expect(theirs(encoded).checkProofOfWork()).toBe(true)
      expect(mined.nonce).toBeGreaterThanOrEqual(start * 1000)
      expect({ ...mined, nonce: 0 }).toEqual({ ...header(), nonce: 0 })
    }
  })

  it('agrees with bitcoinjs-lib on headers that miss the target', () => {
    let misses = 0
    for (let nonce = 0; nonce < 64; nonce++) {
      const encoded = encodeBitcoinHeader(header(nonce))
      expect(meetsTarget(encoded)).toBe(theirs(encoded).checkProofOfWork())
      if (!meetsTarget(encoded)) misses++
    }
    // Regtest's target is met by about half the hashes.
    expect(misses).toBeGreaterThan(10)
    expect(misses).toBeLessThan(54)
  })

  it("accepts Bitcoin's genesis block at mainnet difficulty", () => {
    const genesis = hexToBytes(
      '0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c',
    )
    expect(bytesToUnprefixedHex(bitcoinHeaderHash(genesis))).toBe(
      '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    )
    expect(meetsTarget(genesis)).toBe(true)
    const changed = genesis.slice()
    changed[79] = 0
    expect(meetsTarget(changed)).toBe(false)
  })

  it('refuses bits with no target and headers of the wrong size', () => {
    expect(() => mineHeader(header(0, 0))).toThrow(/no minable target/)
    expect(() => mineHeader(header(0, 0x04923456))).toThrow(/no minable target/)
    expect(meetsTarget(encodeBitcoinHeader(header(0, 0)))).toBe(false)
    expect(meetsTarget(new Uint8Array(79))).toBe(false)
  })
})

describe('chain work', () => {
  it("is Bitcoin Core's block proof: 2 at regtest's limit, 0x100010001 at difficulty 1", () => {
    expect(chainWork(REGTEST_BITS)).toBe(2n)
    expect(chainWork(0x1d00ffff)).toBe(0x100010001n)
    expect(chainWork(0)).toBe(0n)
    expect(chainWork(0x04923456)).toBe(0n)
  })
})
