import * as bitcoin from 'bitcoinjs-lib'
import { beforeAll, describe, expect, test } from 'vitest'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { loadCurves } from '../../../crypto/curves.js'
import { bytesToHex, bytesToUnprefixedHex } from '../../../util/hex.js'
import { releaseBtc } from './pegout.js'
import { encodeOutpointValues, RejectedPegoutReason } from './pegoutEvents.js'
import { estimatedFeesForNextPegout } from './pegoutReads.js'
import { refundRejectedPegin } from './pegoutRefund.js'
import { readReleaseRequests, readWaitingForConfirmations, writeReleaseRequests } from './pegoutStorage.js'
import { ENV, fakeContext, NETWORK, topicOf } from './pegoutTestHarness.js'

beforeAll(async () => {
  await loadCurves()
})

const REFUND_ADDRESS = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'

describe('the refund of a rejected peg-in', () => {
  test('spends the peg-in’s outputs to the federation back to the refund address, waiting for confirmations', () => {
    const { ctx, logs, storage } = fakeContext()
    const federation = federationOf(NETWORK)
    const pegin = {
      version: 2,
      inputs: [
        {
          previousTxid: new Uint8Array(32).fill(5),
          previousIndex: 0,
          scriptSig: new Uint8Array(0),
          sequence: 0,
        },
      ],
      outputs: [
        { value: 300_000n, scriptPubKey: federation.scriptPubKey },
        { value: 1_000n, scriptPubKey: new Uint8Array([0x6a]) },
      ],
      lockTime: 0,
    }
    const result = refundRejectedPegin(ENV, ctx, storage(), {
      btcTx: pegin,
      refundAddress: REFUND_ADDRESS,
      amount: 300_000n,
    })
    expect(result.ok).toBe(true)
    const [waiting] = readWaitingForConfirmations(storage())
    expect(waiting?.pegoutCreationBlockNumber).toBe(10n)
    expect(bytesToHex(waiting?.rskTxHash ?? new Uint8Array())).toBe(
      bytesToHex(ctx.txHash ?? new Uint8Array()),
    )
    const tx = bitcoin.Transaction.fromHex(bytesToUnprefixedHex(waiting?.btcTx ?? new Uint8Array()))
    expect(tx.ins).toHaveLength(1)
    expect(tx.outs).toHaveLength(1)
    expect(
      bitcoin.address.fromOutputScript(tx.outs[0]?.script ?? new Uint8Array(), bitcoin.networks.regtest),
    ).toBe(REFUND_ADDRESS)
    // 85 unsigned bytes + 2 signatures and the redeem script: 340 bytes at 100,000 sat/kB.
    expect(BigInt(tx.outs[0]?.value ?? 0)).toBe(300_000n - 34_000n)
    expect(logs.map((l) => bytesToHex(l.topics[0] ?? new Uint8Array()))).toEqual([
      topicOf('release_requested(bytes32,bytes32,uint256)'),
      topicOf('pegout_transaction_created(bytes32,bytes)'),
    ])
  })
})

describe('a peg-out request from a contract', () => {
  test('is rejected with CALLER_CONTRACT (2) and, as in RSKj, not refunded', () => {
    const contract = '0x00000000000000000000000000000000000c0de0'
    const { ctx, logs, transfers, storage } = fakeContext({ caller: contract, value: 10n ** 18n })
    releaseBtc(ENV, ctx)
    expect(transfers).toEqual([])
    expect(readReleaseRequests(storage())).toEqual([])
    expect(bytesToHex(logs[0]?.topics[0] ?? new Uint8Array())).toBe(
      topicOf('release_request_rejected(address,uint256,int256)'),
    )
    expect(bytesToHex(logs[0]?.topics[1] ?? new Uint8Array()).endsWith(contract.slice(2))).toBe(true)
    expect(BigInt(bytesToHex(logs[0]?.data.subarray(32, 64) ?? new Uint8Array()))).toBe(
      BigInt(RejectedPegoutReason.CALLER_CONTRACT),
    )
  })
})

describe('getEstimatedFeesForNextPegOutEvent', () => {
  test('is the fee of the batch the queue would make with one more peg-out', () => {
    const { storage } = fakeContext()
    // Empty queue: 1 input, the hypothetical peg-out and change: 372 bytes → 37,200 sat.
    expect(estimatedFeesForNextPegout(ENV, storage())).toBe(37_200n)
    writeReleaseRequests(storage(), [
      { destination: REFUND_ADDRESS, amount: 500_000n, rskTxHash: new Uint8Array(32) },
    ])
    // One more P2PKH output: 34 bytes → 40,600 sat.
    expect(estimatedFeesForNextPegout(ENV, storage())).toBe(40_600n)
  })
})

describe('pegout_transaction_created', () => {
  test('lists the spent outputs’ values as Bitcoin varints (RSKj UtxoUtils)', () => {
    expect(bytesToHex(encodeOutpointValues([5_000_000_000n, 300_000n, 252n, 253n]))).toBe(
      '0xff00f2052a01000000fee0930400fcfdfd00',
    )
  })
})
