import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { bytesToUnprefixedHex, hexToBytes } from '../../../core/util/hex.js'
import {
  asciiOf,
  btcToSats,
  formatSats,
  opReturnData,
  parseBtcAmount,
  pegInInstruction,
} from './btcFormat.js'

const DESTINATION = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const rskt = (...rest: Uint8Array[]) =>
  Uint8Array.from([0x52, 0x53, 0x4b, 0x54, 0x01, ...hexToBytes(DESTINATION), ...rest.flatMap((r) => [...r])])
const nullData = (data: Uint8Array) =>
  bytesToUnprefixedHex(bitcoin.script.compile([bitcoin.opcodes.OP_RETURN!, data]))

describe('Bitcoin amounts', () => {
  it('shows satoshis as BTC with up to 8 decimals', () => {
    expect(formatSats('100000000')).toBe('1 BTC')
    expect(formatSats(50_000_000n)).toBe('0.5 BTC')
    expect(formatSats('1')).toBe('0.00000001 BTC')
    expect(formatSats('2100000000000000')).toBe('21,000,000 BTC')
    expect(formatSats(-1500n)).toBe('-0.000015 BTC')
  })

  it("reads bitcoind's JSON amounts exactly", () => {
    expect(btcToSats(0.1 + 0.2)).toBe(30_000_000n)
    expect(btcToSats(20_999_999.99999999)).toBe(2_099_999_999_999_999n)
  })

  it('parses a typed amount in BTC and names what is wrong with a bad one', () => {
    expect(parseBtcAmount('1')).toBe(100_000_000n)
    expect(parseBtcAmount(' 0.5 ')).toBe(50_000_000n)
    expect(parseBtcAmount('0.00000001')).toBe(1n)
    expect(() => parseBtcAmount('0.000000001')).toThrow(/up to 8 decimals/)
    expect(() => parseBtcAmount('-1')).toThrow(/not an amount/)
    expect(() => parseBtcAmount('0')).toThrow(/more than 0/)
  })
})

describe('OP_RETURN outputs', () => {
  it('reads the pushed data of direct, PUSHDATA1 and PUSHDATA2 pushes', () => {
    for (const length of [1, 75, 76, 80, 300]) {
      const data = Uint8Array.from({ length }, (_, i) => i % 256)
      expect(opReturnData(nullData(data))).toEqual(data)
    }
  })

  it('is null for a script that is not OP_RETURN, pushes nothing, or is cut short', () => {
    expect(opReturnData(`76a914${'00'.repeat(20)}88ac`)).toBeNull()
    expect(opReturnData('6a')).toBeNull()
    expect(opReturnData('6a05aabb')).toBeNull()
    expect(opReturnData('not hex')).toBeNull()
  })

  it('shows a text memo as text', () => {
    expect(asciiOf(new TextEncoder().encode('hello rootstock'))).toBe('hello rootstock')
    expect(asciiOf(Uint8Array.of(0, 1))).toBeNull()
  })
})

describe('RSKIP170 peg-in instructions', () => {
  it('reads the RSK destination of a version 1 instruction', () => {
    expect(pegInInstruction(rskt(), 'regtest')).toEqual({ ok: true, version: 1, destination: DESTINATION })
  })

  it('reads a P2PKH or P2SH refund address as the network writes it (checked with bitcoinjs-lib)', () => {
    const hash = Uint8Array.from({ length: 20 }, (_, i) => i + 1)
    const cases = [
      [1, 'regtest', 0x6f],
      [2, 'testnet', 0xc4],
      [1, 'mainnet', 0x00],
      [2, 'mainnet', 0x05],
    ] as const
    for (const [type, network, version] of cases) {
      const read = pegInInstruction(rskt(Uint8Array.of(type), hash), network)
      expect(read).toEqual({
        ok: true,
        version: 1,
        destination: DESTINATION,
        refundAddress: bitcoin.address.toBase58Check(hash, version),
      })
    }
  })

  it('is null for data that is not for RSK', () => {
    expect(pegInInstruction(new TextEncoder().encode('hello'), 'regtest')).toBeNull()
  })

  it('says why the Bridge would refuse malformed RSKT data', () => {
    expect(pegInInstruction(Uint8Array.of(0x52, 0x53, 0x4b, 0x54), 'regtest')).toMatchObject({ ok: false })
    const v2 = rskt()
    v2[4] = 2
    expect(pegInInstruction(v2, 'regtest')).toEqual({ ok: false, reason: 'unknown protocol version 2' })
    expect(pegInInstruction(rskt(Uint8Array.of(1)), 'regtest')).toEqual({
      ok: false,
      reason: '26 bytes: version 1 has 25 or 46',
    })
    expect(pegInInstruction(rskt(Uint8Array.of(3), new Uint8Array(20)), 'regtest')).toEqual({
      ok: false,
      reason: 'unknown refund address type 3',
    })
  })
})
