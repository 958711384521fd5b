import { bech32, bech32m } from '@scure/base'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from 'tiny-secp256k1'
import { beforeAll, describe, expect, it } from 'vitest'
import { curves, loadCurves } from '../crypto/curves'
import { keccak256 } from '../crypto/hash'
import { bytesToUnprefixedHex, hexToBytes, utf8ToBytes } from '../util/hex'
import {
  addressKind,
  addressToScript,
  BtcAddressError,
  p2pkhAddress,
  p2shAddressOfScript,
  p2shP2wpkhAddress,
  p2wpkhAddress,
  scriptToAddress,
} from './address'
import { hash160 } from './hash160'
import { BTC_PARAMS, type BtcParams } from './params'
import { multisigScript, p2wshScript } from './script'

const NETWORKS: [BtcParams, bitcoin.networks.Network][] = [
  [BTC_PARAMS.regtest, bitcoin.networks.regtest],
  [BTC_PARAMS.testnet, bitcoin.networks.testnet],
  [BTC_PARAMS.mainnet, bitcoin.networks.bitcoin],
]

const publicKeyOf = (seed: number) => curves().secp256k1.getPublicKey(new Uint8Array(32).fill(seed), true)

beforeAll(async () => {
  await loadCurves()
  bitcoin.initEccLib(ecc)
})

describe.each(NETWORKS)('addresses on $name', (params, network) => {
  it('derives the same P2PKH, P2WPKH and P2SH-P2WPKH addresses as bitcoinjs-lib', () => {
    for (const seed of [1, 2, 77]) {
      const pubkey = publicKeyOf(seed)
      expect(p2pkhAddress(pubkey, params)).toBe(bitcoin.payments.p2pkh({ pubkey, network }).address)
      expect(p2wpkhAddress(pubkey, params)).toBe(bitcoin.payments.p2wpkh({ pubkey, network }).address)
      const redeem = bitcoin.payments.p2wpkh({ pubkey, network })
      expect(p2shP2wpkhAddress(pubkey, params)).toBe(bitcoin.payments.p2sh({ redeem, network }).address)
    }
  })

  it('maps every kind of address to the output script bitcoinjs-lib does, and back', () => {
    const pubkey = publicKeyOf(9)
    const multisig = multisigScript(2, [publicKeyOf(1), publicKeyOf(2), publicKeyOf(3)])
    const addresses = [
      bitcoin.payments.p2pkh({ pubkey, network }).address,
      bitcoin.payments.p2sh({ redeem: { output: multisig }, network }).address,
      bitcoin.payments.p2wpkh({ pubkey, network }).address,
      bitcoin.payments.p2wsh({ redeem: { output: multisig }, network }).address,
      bitcoin.payments.p2tr({ internalPubkey: pubkey.slice(1), network }).address,
    ] as string[]
    for (const address of addresses) {
      const script = addressToScript(address, params)
      expect(bytesToUnprefixedHex(script)).toBe(
        bytesToUnprefixedHex(bitcoin.address.toOutputScript(address, network)),
      )
      expect(scriptToAddress(script, params)).toBe(address)
    }
    expect(addresses.map((address) => addressKind(address, params))).toEqual([
      'p2pkh',
      'p2sh',
      'p2wpkh',
      'p2wsh',
      'p2tr',
    ])
    expect(scriptToAddress(p2wshScript(new Uint8Array(32).fill(5)), params)).toBe(
      bitcoin.payments.p2wsh({ hash: new Uint8Array(32).fill(5), network }).address,
    )
  })

  it('has no address for multisig, OP_RETURN and non-standard scripts', () => {
    expect(scriptToAddress(multisigScript(1, [publicKeyOf(1)]), params)).toBeUndefined()
    expect(scriptToAddress(hexToBytes('6a0401020304'), params)).toBeUndefined()
    expect(scriptToAddress(hexToBytes('51'), params)).toBeUndefined()
  })
})

describe('address errors', () => {
  const regtest = BTC_PARAMS.regtest
  const pubkey = () => publicKeyOf(4)

  it('refuses an address of another network, naming it', () => {
    const mainnet = bitcoin.payments.p2pkh({ pubkey: pubkey(), network: bitcoin.networks.bitcoin })
      .address as string
    expect(() => addressToScript(mainnet, regtest)).toThrow(/not a regtest address \(version byte 0x00\)/)
    const tb = bitcoin.payments.p2wpkh({ pubkey: pubkey(), network: bitcoin.networks.testnet })
      .address as string
    expect(() => addressToScript(tb, regtest)).toThrow(/not a regtest address \(prefix is not bcrt\)/)
    const bcrt = p2wpkhAddress(pubkey(), regtest)
    expect(() => addressToScript(bcrt, BTC_PARAMS.testnet)).toThrow(BtcAddressError)
  })

  it('refuses a broken checksum, mixed case and an empty string', () => {
    const good = p2pkhAddress(pubkey(), regtest)
    const broken = good.slice(0, -1) + (good.endsWith('a') ? 'b' : 'a')
    expect(() => addressToScript(broken, regtest)).toThrow(/bad base58 checksum/)
    const segwit = p2wpkhAddress(pubkey(), regtest)
    expect(() => addressToScript(segwit.slice(0, -1) + (segwit.endsWith('q') ? 'p' : 'q'), regtest)).toThrow(
      /not a valid bech32 address/,
    )
    const mixed = `${segwit.slice(0, 6).toUpperCase()}${segwit.slice(6)}`
    expect(() => addressToScript(mixed, regtest)).toThrow(/mixes upper and lower case/)
    expect(() => addressToScript('', regtest)).toThrow(/empty address/)
  })

  it('accepts the BIP173 and BIP350 vectors and refuses the wrong checksum for the witness version', () => {
    expect(
      bytesToUnprefixedHex(addressToScript('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', BTC_PARAMS.mainnet)),
    ).toBe('0014751e76e8199196d454941c45d1b3a323f1433bd6')
    expect(
      bytesToUnprefixedHex(
        addressToScript('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', BTC_PARAMS.mainnet),
      ),
    ).toBe('512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798')
    // BIP350: a v1 program under a bech32 checksum, and a v0 program under bech32m, are invalid.
    const program = bech32.toWords(new Uint8Array(32).fill(7))
    expect(() => addressToScript(bech32.encode('bcrt', [1, ...program]), regtest)).toThrow(
      /wrong checksum for witness version 1/,
    )
    expect(() => addressToScript(bech32m.encode('bcrt', [0, ...program]), regtest)).toThrow(
      /wrong checksum for witness version 0/,
    )
    expect(() =>
      addressToScript(bech32.encode('bcrt', [0, ...bech32.toWords(new Uint8Array(25))]), regtest),
    ).toThrow(/25-byte v0 program/)
  })

  it('wants a compressed key for a segwit address', () => {
    const uncompressed = curves().secp256k1.getPublicKey(new Uint8Array(32).fill(4), false)
    expect(() => p2wpkhAddress(uncompressed, regtest)).toThrow(/compressed public key/)
    expect(p2pkhAddress(uncompressed, regtest)).toBe(
      bitcoin.payments.p2pkh({ pubkey: uncompressed, network: bitcoin.networks.regtest }).address,
    )
  })
})

it("gives RSKj regtest's genesis federation (2 of 3, sorted keys) its known P2SH address", () => {
  const keys = [1, 2, 3]
    .map((i) => curves().secp256k1.getPublicKey(keccak256(utf8ToBytes(`federator${i}`)), true))
    .sort((a, b) => bytesToUnprefixedHex(a).localeCompare(bytesToUnprefixedHex(b)))
  expect(p2shAddressOfScript(multisigScript(2, keys), BTC_PARAMS.regtest)).toBe(
    '2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p',
  )
  expect(hash160(new Uint8Array(0))).toEqual(hexToBytes('b472a266d0bd89c13706a4132ccfb16f7c3b9fcb'))
})
