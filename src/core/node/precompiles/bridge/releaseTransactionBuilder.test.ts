import { beforeAll, describe, expect, test } from 'vitest'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { hash160 } from '../../../bitcoin/hash160.js'
import { p2pkhScript } from '../../../bitcoin/script.js'
import { loadCurves } from '../../../crypto/curves.js'
import { bytesToHex } from '../../../util/hex.js'
import { NETWORK } from './pegoutTestHarness.js'
import { buildReleaseTransaction, minNonDustValue, pegoutTxSize } from './releaseTransactionBuilder.js'
import type { BridgeUtxo } from './storage.js'

beforeAll(async () => {
  await loadCurves()
})

const FEE_PER_KB = 100_000n
const user = (n: number) => p2pkhScript(hash160(Uint8Array.of(n)))

function utxo(txidByte: number, index: number, value: bigint): BridgeUtxo {
  const federation = federationOf(NETWORK)
  return {
    txid: new Uint8Array(32).fill(txidByte),
    index,
    value,
    scriptPubKey: federation.scriptPubKey,
    height: 0,
    coinbase: false,
  }
}

function build(utxos: BridgeUtxo[], values: bigint[], feePerKb = FEE_PER_KB) {
  return buildReleaseTransaction({
    utxos,
    outputs: values.map((value, i) => ({ script: user(i), value })),
    federation: federationOf(NETWORK),
    feePerKb,
  })
}

describe('the release transaction builder', () => {
  test('a regular peg-out (2 inputs, 2 outputs) is estimated at 654 bytes, as RSKj regtest', () => {
    expect(pegoutTxSize(federationOf(NETWORK), 2, 2)).toBe(654)
  })

  test('the fee is split equally among the peg-outs, the first paying the remainder', () => {
    const result = build([utxo(1, 0, 100_000_000n)], [1_000_000n, 2_000_000n, 3_000_000n])
    if (!result.ok) throw new Error(result.response)
    // 1 input + 3 peg-outs + change: 185 bytes unsigned + 2×75 + 105 = 440 bytes → 44,000 sat.
    const fee = 44_000n
    expect(result.tx.outputs.map((o) => o.value)).toEqual([
      1_000_000n - fee / 3n - (fee % 3n),
      2_000_000n - fee / 3n,
      3_000_000n - fee / 3n,
      100_000_000n - 6_000_000n,
    ])
    expect(bytesToHex(result.tx.outputs[3]?.scriptPubKey ?? new Uint8Array())).toBe(
      bytesToHex(federationOf(NETWORK).scriptPubKey),
    )
  })

  test('coins are taken in txid order until the amount is reached', () => {
    const result = build(
      [utxo(9, 0, 1_000_000n), utxo(2, 1, 1_000_000n), utxo(2, 0, 1_000_000n)],
      [1_500_000n],
    )
    if (!result.ok) throw new Error(result.response)
    expect(result.tx.inputs.map((i) => [i.previousTxid[0], i.previousIndex])).toEqual([
      [2, 0],
      [2, 1],
    ])
  })

  test('inputs carry OP_0 placeholders and the redeem script, version 2', () => {
    const result = build([utxo(1, 0, 100_000_000n)], [1_000_000n])
    if (!result.ok) throw new Error(result.response)
    const redeem = federationOf(NETWORK).redeemScript
    expect(result.tx.version).toBe(2)
    expect(bytesToHex(result.tx.inputs[0]?.scriptSig ?? new Uint8Array())).toBe(
      `0x0000004c${redeem.length.toString(16)}${bytesToHex(redeem).slice(2)}`,
    )
  })

  test('not enough in the federation’s UTXOs is INSUFFICIENT_MONEY', () => {
    expect(build([utxo(1, 0, 1_000_000n)], [2_000_000n])).toEqual({
      ok: false,
      response: 'INSUFFICIENT_MONEY',
    })
  })

  test('an output below the dust limit is DUSTY_SEND_REQUESTED', () => {
    expect(minNonDustValue(user(0))).toBe(2_730n)
    expect(build([utxo(1, 0, 1_000_000n)], [2_729n])).toEqual({ ok: false, response: 'DUSTY_SEND_REQUESTED' })
  })

  test('a fee that leaves an output below dust is COULD_NOT_ADJUST_DOWNWARDS', () => {
    expect(build([utxo(1, 0, 1_000_000n)], [39_000n])).toEqual({
      ok: false,
      response: 'COULD_NOT_ADJUST_DOWNWARDS',
    })
  })

  test('dust change is raised to the dust limit at the first output’s expense', () => {
    // 1,000,000 in, 999,000 requested: 1,000 sat of change is dust (below 2,700 for a P2SH output).
    const result = build([utxo(1, 0, 1_000_000n)], [999_000n])
    if (!result.ok) throw new Error(result.response)
    expect(result.tx.outputs[1]?.value).toBe(2_700n)
    expect(result.tx.outputs[0]?.value).toBe(999_000n - 37_200n - 1_700n)
  })

  test('an empty-wallet release spends everything to one output minus the fee', () => {
    const result = buildReleaseTransaction({
      utxos: [utxo(1, 0, 100_000_000n)],
      outputs: [{ script: user(0), value: 0n }],
      federation: federationOf(NETWORK),
      feePerKb: FEE_PER_KB,
      emptyWallet: true,
    })
    if (!result.ok) throw new Error(result.response)
    // 85 bytes unsigned + 255 → 340 bytes → 34,000 sat.
    expect(result.tx.outputs.map((o) => o.value)).toEqual([100_000_000n - 34_000n])
  })
})
