import * as bitcoin from 'bitcoinjs-lib'
import { beforeAll, describe, expect, test } from 'vitest'
import { curves, loadCurves } from '../../../crypto/curves.js'
import { intrinsicGas } from '../../../evm/gas.js'
import { bytesToHex, bytesToUnprefixedHex, hexToBytes } from '../../../util/hex.js'
import { selectorOf } from '../abi.js'
import { releaseBtc } from './pegout.js'
import { readReleaseRequests } from './pegoutStorage.js'
import { COW, ENV, fakeContext, PegoutWorld, RBTC, topicOf } from './pegoutTestHarness.js'
import { BRIDGE_STORAGE_ADDRESS } from './storage.js'

beforeAll(async () => {
  await loadCurves()
})

const RELEASE_BTC = selectorOf('releaseBtc()')
const RECEIVED = topicOf('release_request_received(address,string,uint256)')
const REJECTED = topicOf('release_request_rejected(address,uint256,int256)')

function cowBtcAddress(): string {
  const pubkey = curves().secp256k1.getPublicKey(COW.privateKey, true)
  const address = bitcoin.payments.p2pkh({ pubkey, network: bitcoin.networks.regtest }).address
  if (!address) throw new Error('no address')
  return address
}

function word(data: Uint8Array, index: number): bigint {
  return BigInt(bytesToHex(data.subarray(index * 32, index * 32 + 32)))
}

describe('a peg-out request', () => {
  test('a plain 0.5 RBTC transfer is queued for the sender key’s P2PKH address, with release_request_received', () => {
    const world = new PegoutWorld()
    const result = world.send(COW, new Uint8Array(0), RBTC / 2n)
    expect(result.success).toBe(true)
    expect(result.gasUsed).toBe(21_000n + 23_000n)
    const [log] = result.logs
    expect(result.logs).toHaveLength(1)
    expect(bytesToHex(log?.topics[0] ?? new Uint8Array())).toBe(RECEIVED)
    expect(bytesToUnprefixedHex(log?.topics[1] ?? new Uint8Array()).slice(24)).toBe(COW.address.slice(2))
    const data = log?.data ?? new Uint8Array()
    expect(word(data, 1)).toBe(RBTC / 2n)
    const length = Number(word(data, 2))
    expect(new TextDecoder().decode(data.subarray(96, 96 + length))).toBe(cowBtcAddress())
    const queue = readReleaseRequests(world.storage())
    expect(queue).toEqual([{ destination: cowBtcAddress(), amount: 50_000_000n, rskTxHash: result.txHash }])
    expect(world.balance(BRIDGE_STORAGE_ADDRESS)).toBe(21_000_000n * RBTC + RBTC / 2n)
  })

  test('releaseBtc() queues too, and its gas is the fixed cost plus the call data', () => {
    const world = new PegoutWorld()
    const result = world.send(COW, RELEASE_BTC, RBTC / 10n)
    expect(result.success).toBe(true)
    const intrinsic = intrinsicGas({ data: RELEASE_BTC, isCreate: false })
    expect(result.gasUsed).toBe(intrinsic + 23_000n + 8n)
    expect(readReleaseRequests(world.storage())).toHaveLength(1)
  })

  test('below 250,000 satoshis it is refunded in RBTC with reason LOW_AMOUNT (1)', () => {
    const world = new PegoutWorld()
    const value = 249_999n * 10n ** 10n + 5n
    const before = world.balance(COW.address)
    const result = world.send(COW, new Uint8Array(0), value)
    expect(result.success).toBe(true)
    expect(world.balance(COW.address)).toBe(before)
    const [log] = result.logs
    expect(bytesToHex(log?.topics[0] ?? new Uint8Array())).toBe(REJECTED)
    expect(word(log?.data ?? new Uint8Array(), 0)).toBe(value)
    expect(word(log?.data ?? new Uint8Array(), 1)).toBe(1n)
    expect(readReleaseRequests(world.storage())).toHaveLength(0)
  })

  test('exactly the minimum is accepted (inclusive since RSKIP219)', () => {
    const world = new PegoutWorld()
    const result = world.send(COW, new Uint8Array(0), 250_000n * 10n ** 10n)
    expect(bytesToHex(result.logs[0]?.topics[0] ?? new Uint8Array())).toBe(RECEIVED)
  })

  test('when the estimated fee is above the value the reason is FEE_ABOVE_VALUE (3)', () => {
    const world = new PegoutWorld()
    // At 500,000 sat/kB the fee of a 2-in/2-out peg-out (654 bytes) plus 20% is 392,400 sat.
    ENV.feePerKb = () => 500_000n
    try {
      const result = world.send(COW, new Uint8Array(0), 300_000n * 10n ** 10n)
      expect(word(result.logs[0]?.data ?? new Uint8Array(), 1)).toBe(3n)
    } finally {
      ENV.feePerKb = undefined
    }
  })

  test('a sender without a known public key (impersonated) fails, and keeps its RBTC', () => {
    const world = new PegoutWorld()
    const before = world.balance(COW.address)
    const result = world.send(COW, new Uint8Array(0), RBTC, { publicKey: null })
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/public key/)
    expect(world.balance(COW.address)).toBe(before)
  })

  test('a public key that is not the sender’s is refused the same way', () => {
    const world = new PegoutWorld()
    const other = curves().secp256k1.getPublicKey(hexToBytes(`0x${'11'.repeat(32)}`), false)
    const result = world.send(COW, new Uint8Array(0), RBTC, { publicKey: other })
    expect(result.success).toBe(false)
  })

  test('a call without a signature (eth_call, eth_estimateGas) is simulated and succeeds', () => {
    const { ctx, logs, storage } = fakeContext({
      txHash: undefined,
      senderPublicKey: () => null,
      value: RBTC,
    })
    releaseBtc(ENV, ctx)
    expect(bytesToHex(logs[0]?.topics[0] ?? new Uint8Array())).toBe(RECEIVED)
    expect(readReleaseRequests(storage())).toHaveLength(1)
  })
})
