import { Transaction as EthersTransaction, getCreateAddress, Wallet } from 'ethers'
import * as tinySecp256k1 from 'tiny-secp256k1'
import { afterEach, describe, expect, test } from 'vitest'
import { keccak256 } from '../crypto/hash.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '../util/hex.js'
import {
  InvalidChainIdError,
  InvalidTransactionEncodingError,
  TypedTransactionNotSupportedError,
} from './errors.js'
import { rlpDecodeList, rlpEncode } from './rlp.js'
import {
  enableFastRecovery,
  nobleBackend,
  privateKeyToAddress,
  recoveryBackend,
  SECP256K1_N,
  setRecoveryBackend,
  tinySecp256k1Backend,
} from './secp256k1.js'
import {
  assertAcceptableSignature,
  contractAddress,
  decodeTransaction,
  encodeTransaction,
  signingHash,
  signTransaction,
  transactionSender,
} from './transaction.js'

const cowKey = keccak256(utf8ToBytes('cow'))
const transfer = {
  nonce: 7n,
  gasPrice: 60_000_000n,
  gasLimit: 21_000n,
  to: '0x7986b3df570230288501eea3d890bd66948c9b79' as const,
  value: 10n ** 18n,
  data: new Uint8Array(0),
}

afterEach(() => {
  setRecoveryBackend(nobleBackend)
})

describe('signing and recovery', () => {
  test('the cow key controls the RSKj regtest cow account', () => {
    expect(privateKeyToAddress(cowKey)).toBe('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826')
  })

  for (const chainId of [30, 31, 33]) {
    test(`EIP-155 signature for chain ${chainId} is byte-identical to ethers' and uses RSK's v`, async () => {
      const ours = signTransaction(transfer, cowKey, chainId)
      const theirs = await new Wallet(bytesToHex(cowKey)).signTransaction({
        type: 0,
        chainId,
        ...transfer,
        nonce: Number(transfer.nonce),
        data: '0x',
      })
      expect(bytesToHex(ours.raw)).toBe(theirs)
      expect(ours.v === 35 + 2 * chainId || ours.v === 36 + 2 * chainId).toBe(true)
      expect(ours.chainId).toBe(chainId)
      const parsed = EthersTransaction.from(theirs)
      expect(bytesToHex(ours.hash)).toBe(parsed.hash)
      expect(transactionSender(decodeTransaction(hexToBytes(theirs)))).toBe(parsed.from?.toLowerCase())
    })
  }

  test('an unprotected signature has v 27 or 28 and chain id 0', () => {
    const tx = signTransaction(transfer, cowKey, 0)
    expect([27, 28]).toContain(tx.v)
    expect(tx.chainId).toBe(0)
    expect(transactionSender(decodeTransaction(tx.raw))).toBe('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826')
    expect(EthersTransaction.from(bytesToHex(tx.raw)).from?.toLowerCase()).toBe(
      '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
    )
  })

  test('a chain id that does not fit in one v byte is refused', () => {
    expect(() => signTransaction(transfer, cowKey, 111)).toThrow(RangeError)
  })

  test('the Ethereum EIP-155 example transaction re-encodes to its published hash and sender', () => {
    const raw = encodeTransaction({
      nonce: 0x15n,
      gasPrice: 0x4a817c800n,
      gasLimit: 0xc350n,
      to: '0xf02c1c8e6114b1dbe8937a39260b5b0a374432bb',
      value: 0xf3dbb76162000n,
      data: hexToBytes('0x68656c6c6f21'),
      v: 0x25,
      r: 0x1b5e176d927f8e9ab405058b2d2457392da3e20f328b16ddabcebc33eaac5fean,
      s: 0x4ba69724e8f69de52f0125ad8b3c5c2cef33019bac3249e2c0a2192766d1721cn,
    })
    const tx = decodeTransaction(raw)
    expect(bytesToHex(tx.hash)).toBe('0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b')
    expect(tx.chainId).toBe(1)
    expect(transactionSender(tx)).toBe('0xa7d9ddbe1f17865597fbd27ec712455208b6b76d')
  })

  test('contract creation has no to and derives the created address from sender and nonce', () => {
    const tx = signTransaction({ ...transfer, to: undefined, data: hexToBytes('0x6000') }, cowKey, 33)
    const decoded = decodeTransaction(tx.raw)
    expect(decoded.to).toBeUndefined()
    const parsed = EthersTransaction.from(bytesToHex(tx.raw))
    expect(parsed.to).toBeNull()
    for (const nonce of [0n, 1n, 127n, 128n, 70000n]) {
      expect(contractAddress('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826', nonce)).toBe(
        getCreateAddress({ from: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826', nonce }).toLowerCase(),
      )
    }
  })
})

describe('decoding with RSKj checks', () => {
  test('typed EIP-2718 transactions are rejected with a legacy-only message and -32602', async () => {
    const typed = await new Wallet(bytesToHex(cowKey)).signTransaction({
      type: 2,
      chainId: 33,
      nonce: 0,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
      gasLimit: 21000n,
      to: transfer.to,
      value: 1n,
    })
    const attempt = () => decodeTransaction(hexToBytes(typed))
    expect(attempt).toThrow(TypedTransactionNotSupportedError)
    expect(attempt).toThrow(/Rootstock accepts legacy transactions only/)
    expect(attempt).toThrow(/type 0x02/)
    expect(TypedTransactionNotSupportedError.code).toBe(-32602)
  })

  test('a list that is not nine items long is refused with RSKj text', () => {
    const eight = rlpEncode(Array.from({ length: 8 }, () => new Uint8Array(0)))
    expect(() => decodeTransaction(eight)).toThrow('A transaction must have exactly 9 elements')
    expect(InvalidTransactionEncodingError.code).toBe(-32602)
  })

  test('a v longer than one byte is refused with RSKj text', () => {
    const tx = signTransaction(transfer, cowKey, 33)
    const raw = rlpEncode([
      ...slotsOf(tx.raw).slice(0, 6),
      Uint8Array.of(1, 0x25),
      new Uint8Array(32).fill(1),
      new Uint8Array(32).fill(1),
    ])
    expect(() => decodeTransaction(raw)).toThrow('Signature V is invalid')
  })

  test('a to address of the wrong length is refused', () => {
    const raw = rlpEncode([
      new Uint8Array(0),
      new Uint8Array(0),
      Uint8Array.of(0x52, 0x08),
      new Uint8Array(19),
      new Uint8Array(0),
      new Uint8Array(0),
      Uint8Array.of(0x1b),
      Uint8Array.of(1),
      Uint8Array.of(1),
    ])
    expect(() => decodeTransaction(raw)).toThrow('An RSK address must be 20 bytes long')
  })

  test('bytes that are not RLP are refused as invalid input', () => {
    expect(() => decodeTransaction(hexToBytes('0xf8ff00'))).toThrow(/^Invalid input: /)
  })

  test('decoding and re-encoding a signed transaction is the identity', () => {
    const tx = signTransaction({ ...transfer, data: hexToBytes('0xa9059cbb00') }, cowKey, 31)
    const again = decodeTransaction(tx.raw)
    expect(again.raw).toEqual(tx.raw)
    expect(again.hash).toEqual(tx.hash)
    expect({ ...again, hash: 0, raw: 0 }).toEqual({ ...tx, hash: 0, raw: 0 })
  })

  test('a zero gas price written as the byte 0x00 keeps that byte, as RSKj re-encodes it', () => {
    const tx = signTransaction({ ...transfer, gasPrice: 0n }, cowKey, 33)
    const slots = slotsOf(tx.raw)
    slots[1] = Uint8Array.of(0)
    const raw = rlpEncode(slots)
    const decoded = decodeTransaction(raw)
    expect(decoded.raw).toEqual(raw)
    expect(decoded.gasPrice).toBe(0n)
  })
})

describe('signature acceptance (acceptTransactionSignature)', () => {
  test('a transaction for another chain is refused with "Invalid chainId: <id>"', () => {
    const tx = signTransaction(transfer, cowKey, 31)
    expect(() => assertAcceptableSignature(tx, 33)).toThrow(new InvalidChainIdError(31))
    expect(() => assertAcceptableSignature(tx, 31)).not.toThrow()
  })

  test('an unprotected transaction is accepted on any chain', () => {
    expect(() => assertAcceptableSignature(signTransaction(transfer, cowKey, 0), 30)).not.toThrow()
  })

  test('a high-s signature is refused', () => {
    const tx = signTransaction(transfer, cowKey, 33)
    const slots = slotsOf(tx.raw)
    const flippedV = tx.v === 0x65 ? 0x66 : 0x65
    const highS = rlpEncode([
      ...slots.slice(0, 6),
      Uint8Array.of(flippedV),
      slots[7] as Uint8Array,
      hexToBytes(`0x${(SECP256K1_N - tx.s).toString(16).padStart(64, '0')}`),
    ])
    const malleated = decodeTransaction(highS)
    // Same signer, different encoding: recovery alone would accept it; RSKj's s < n/2 rule does not.
    expect(transactionSender(malleated)).toBe(transactionSender(tx))
    expect(() => assertAcceptableSignature(malleated, 33)).toThrow('Invalid chainId: 33')
  })
})

describe('recovery backends', () => {
  test('libsecp256k1 (WASM) and noble recover identical senders for 200 signatures', () => {
    const wasm = tinySecp256k1Backend(tinySecp256k1)
    for (let i = 0; i < 200; i++) {
      const key = keccak256(utf8ToBytes(`key-${i}`))
      const tx = signTransaction({ ...transfer, nonce: BigInt(i) }, key, [30, 31, 33][i % 3] as number)
      const hash = signingHash(tx)
      const sig = hexToBytes(`0x${tx.r.toString(16).padStart(64, '0')}${tx.s.toString(16).padStart(64, '0')}`)
      const recoveryId = (tx.v - 35) & 1
      const fromNoble = nobleBackend.recoverPublicKey(hash, sig, recoveryId)
      expect(fromNoble).not.toBeNull()
      expect(wasm.recoverPublicKey(hash, sig, recoveryId)).toEqual(fromNoble)
    }
  })

  test('the WASM backend is installed only after agreeing with noble, and senders stay the same', () => {
    const tx = signTransaction(transfer, cowKey, 33)
    expect(recoveryBackend()).toBe('noble')
    expect(setRecoveryBackend(tinySecp256k1Backend(tinySecp256k1))).toBe(true)
    expect(recoveryBackend()).toBe('libsecp256k1-wasm')
    expect(transactionSender(decodeTransaction(tx.raw))).toBe('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826')
  })

  test('enableFastRecovery loads libsecp256k1 in Node by dynamic import', async () => {
    expect(await enableFastRecovery()).toBe('libsecp256k1-wasm')
    expect(recoveryBackend()).toBe('libsecp256k1-wasm')
  })

  test('enableFastRecovery keeps noble when the WASM module cannot load', async () => {
    const refused = () => Promise.reject(new Error('WebAssembly.Module(): Refused to compile'))
    expect(await enableFastRecovery(refused)).toBe('noble')
    expect(recoveryBackend()).toBe('noble')
  })

  test('a backend that disagrees with noble is not installed', () => {
    const broken = { name: 'libsecp256k1-wasm' as const, recoverPublicKey: () => new Uint8Array(65) }
    expect(setRecoveryBackend(broken)).toBe(false)
    expect(recoveryBackend()).toBe('noble')
  })
})

function slotsOf(raw: Uint8Array): Uint8Array[] {
  return rlpDecodeList(raw) as Uint8Array[]
}
