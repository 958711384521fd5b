import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../accounts/devAccounts.js'
import { bytesToUnprefixedHex, hexToBytes, utf8ToBytes } from '../../util/hex.js'
import { BitcoinChain } from './bitcoinChain.js'
import { mapBtcStore } from './store.js'
import { BtcRejectError } from './types.js'
import { buildPayment, type PaymentKind, scriptOfKey } from './wallet.js'

const regtest = bitcoin.networks.regtest
const ECPair = ECPairFactory(ecc)
const cowKey = hexToBytes(COW_ACCOUNTS[0]!.privateKey)
const cow1Key = hexToBytes(COW_ACCOUNTS[1]!.privateKey)
const cow = ECPair.fromPrivateKey(cowKey, { network: regtest })
const cow1 = ECPair.fromPrivateKey(cow1Key, { network: regtest })
const BTC = 100_000_000n

const cow1Script = bitcoin.payments.p2pkh({ pubkey: cow1.publicKey, network: regtest }).output!

/** Fee rate of a raw transaction (sat/vB) given what its inputs spent. */
function feeRate(raw: Uint8Array, spent: bigint): number {
  const tx = bitcoin.Transaction.fromBuffer(raw)
  const out = tx.outs.reduce((sum, o) => sum + o.value, 0n)
  return Number(spent - out) / tx.virtualSize()
}

describe('buildPayment', () => {
  test('pays from a dev key’s P2PKH coins with change back and an OP_RETURN, at ≥ the fee rate', () => {
    const chain = new BitcoinChain(mapBtcStore(), 'regtest')
    const raw = buildPayment(chain, {
      privateKey: cowKey,
      outputs: [{ scriptPubKey: cow1Script, value: 2n * BTC }],
      opReturn: utf8ToBytes('RSKT'),
    })
    const tx = bitcoin.Transaction.fromBuffer(raw)
    expect(tx.ins).toHaveLength(1)
    expect(tx.outs.map((o) => bitcoin.script.toASM(o.script).split(' ')[0])).toEqual([
      'OP_DUP',
      'OP_RETURN',
      'OP_DUP',
    ])
    expect(bitcoin.script.decompile(tx.outs[1]!.script)![1]).toEqual(utf8ToBytes('RSKT'))
    expect(tx.outs[2]!.script).toEqual(
      bitcoin.payments.p2pkh({ pubkey: cow.publicKey, network: regtest }).output,
    )
    const rate = feeRate(raw, 100n * BTC)
    expect(rate).toBeGreaterThanOrEqual(10)
    expect(rate).toBeLessThan(10.5)
    expect(bytesToUnprefixedHex(chain.submit(raw))).toBe(tx.getId())
    chain.mine(1)
    expect(chain.balanceOf(cow1Script)).toBe(102n * BTC)
  })

  test('spends unconfirmed change: two payments in a row enter the mempool', () => {
    const chain = new BitcoinChain(mapBtcStore(), 'regtest')
    for (let i = 0; i < 2; i++)
      chain.submit(
        buildPayment(chain, { privateKey: cowKey, outputs: [{ scriptPubKey: cow1Script, value: BTC }] }),
      )
    expect(chain.mempool()).toHaveLength(2)
    chain.mine(1)
    expect(chain.balanceOf(cow1Script)).toBe(102n * BTC)
  })

  test.each(['p2wpkh', 'p2sh-p2wpkh'] as PaymentKind[])(
    'spends %s coins, which the chain then mines',
    (kind) => {
      const chain = new BitcoinChain(mapBtcStore(), 'regtest')
      const script = scriptOfKey(cow.publicKey, kind)
      const expected =
        kind === 'p2wpkh'
          ? bitcoin.payments.p2wpkh({ pubkey: cow.publicKey, network: regtest }).output
          : bitcoin.payments.p2sh({
              redeem: bitcoin.payments.p2wpkh({ pubkey: cow.publicKey, network: regtest }),
            }).output
      expect(script).toEqual(expected)
      chain.submit(
        buildPayment(chain, { privateKey: cowKey, outputs: [{ scriptPubKey: script, value: 5n * BTC }] }),
      )
      chain.mine(1)
      const raw = buildPayment(chain, {
        privateKey: cowKey,
        kind,
        outputs: [{ scriptPubKey: cow1Script, value: BTC }],
      })
      const tx = bitcoin.Transaction.fromBuffer(raw)
      expect(tx.hasWitnesses()).toBe(true)
      expect(feeRate(raw, 5n * BTC)).toBeGreaterThanOrEqual(10)
      chain.submit(raw)
      const [mined] = chain.mine(1)
      const block = bitcoin.Block.fromBuffer(mined!.raw)
      expect(block.hasWitnessCommit()).toBe(true)
      expect(block.checkTxRoots()).toBe(true)
      expect(chain.balanceOf(cow1Script)).toBe(101n * BTC)
      expect(chain.balanceOf(script)).toBe(4n * BTC - fee(raw, 5n * BTC))
    },
  )

  test('refuses when the key cannot pay the outputs and the fee: -6 Insufficient funds', () => {
    const chain = new BitcoinChain(mapBtcStore(), 'regtest')
    const attempt = () =>
      buildPayment(chain, { privateKey: cowKey, outputs: [{ scriptPubKey: cow1Script, value: 100n * BTC }] })
    expect(attempt).toThrow(BtcRejectError)
    expect(attempt).toThrow('Insufficient funds')
  })
})

function fee(raw: Uint8Array, spent: bigint): bigint {
  const tx = bitcoin.Transaction.fromBuffer(raw)
  return spent - tx.outs.reduce((sum, o) => sum + o.value, 0n)
}
