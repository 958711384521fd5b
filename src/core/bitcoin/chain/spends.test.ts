import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../accounts/devAccounts.js'
import type { SlotWriter } from '../../state/slotBlobs.js'
import { bytesToUnprefixedHex, hexToBytes } from '../../util/hex.js'
import { BitcoinChain } from './bitcoinChain.js'
import { federationOf } from './federation.js'
import { mapBtcStore, slotBtcStore } from './store.js'
import { buildPayment, scriptOfKey } from './wallet.js'

const regtest = bitcoin.networks.regtest
const ECPair = ECPairFactory(ecc)
const cowKey = hexToBytes(COW_ACCOUNTS[0]!.privateKey)
const cow = ECPair.fromPrivateKey(cowKey, { network: regtest })
const cow1Script = bitcoin.payments.p2pkh({
  pubkey: ECPair.fromPrivateKey(hexToBytes(COW_ACCOUNTS[1]!.privateKey)).publicKey,
  network: regtest,
}).output!
const hex = bytesToUnprefixedHex
const BTC = 100_000_000n

function memorySlots(): SlotWriter & { slots: Map<bigint, bigint> } {
  const slots = new Map<bigint, bigint>()
  return {
    slots,
    getStorage: (slot) => slots.get(slot) ?? 0n,
    setStorage: (slot, value) => {
      if (value === 0n) slots.delete(slot)
      else slots.set(slot, value)
    },
  }
}

describe('spends of each standard kind, signed with bitcoinjs-lib', () => {
  test('P2WPKH and P2SH-P2WPKH inputs are accepted and mined with a witness commitment', () => {
    const chain = new BitcoinChain(mapBtcStore(), 'regtest')
    const p2wpkh = bitcoin.payments.p2wpkh({ pubkey: cow.publicKey, network: regtest })
    const nested = bitcoin.payments.p2sh({ redeem: p2wpkh, network: regtest })
    for (const script of [p2wpkh.output!, nested.output!])
      chain.submit(
        buildPayment(chain, { privateKey: cowKey, outputs: [{ scriptPubKey: script, value: 3n * BTC }] }),
      )
    chain.mine(1)
    const psbt = new bitcoin.Psbt({ network: regtest })
    const [native] = chain.utxosOf(p2wpkh.output!)
    const [wrapped] = chain.utxosOf(nested.output!)
    psbt.addInput({
      hash: hex(native!.txid),
      index: native!.index,
      witnessUtxo: { script: p2wpkh.output!, value: native!.value },
    })
    psbt.addInput({
      hash: hex(wrapped!.txid),
      index: wrapped!.index,
      witnessUtxo: { script: nested.output!, value: wrapped!.value },
      redeemScript: p2wpkh.output!,
    })
    psbt.addOutput({ script: cow1Script, value: 6n * BTC - 2_000n })
    psbt.signAllInputs(cow).finalizeAllInputs()
    const tx = psbt.extractTransaction()
    expect(hex(chain.submit(tx.toBuffer()))).toBe(tx.getId())
    const [mined] = chain.mine(1)
    const block = bitcoin.Block.fromBuffer(mined!.raw)
    expect(block.hasWitnessCommit()).toBe(true)
    expect(block.checkTxRoots()).toBe(true)
    expect(chain.balanceOf(cow1Script)).toBe(106n * BTC - 2_000n)
  })

  test("the federation's genesis UTXO is spent with 2 of its 3 regtest keys (P2SH multisig)", () => {
    const chain = new BitcoinChain(mapBtcStore(), 'regtest')
    const federation = federationOf('regtest')
    const [coin] = chain.utxosOf(federation.scriptPubKey)
    const psbt = new bitcoin.Psbt({ network: regtest })
    psbt.addInput({
      hash: hex(coin!.txid),
      index: coin!.index,
      nonWitnessUtxo: chain.transaction(coin!.txid)!.raw,
      redeemScript: federation.redeemScript,
    })
    psbt.addOutput({ script: cow1Script, value: 50n * BTC - 10_000n })
    for (const key of federation.privateKeys.slice(1)) psbt.signInput(0, ECPair.fromPrivateKey(key))
    const tx = psbt.finalizeAllInputs().extractTransaction()
    chain.submit(tx.toBuffer())
    chain.mine(1)
    expect(chain.utxosOf(federation.scriptPubKey)).toHaveLength(19)
    const oneSignature = new bitcoin.Psbt({ network: regtest })
    const [other] = chain.utxosOf(federation.scriptPubKey)
    oneSignature.addInput({
      hash: hex(other!.txid),
      index: other!.index,
      nonWitnessUtxo: chain.transaction(other!.txid)!.raw,
      redeemScript: federation.redeemScript,
    })
    oneSignature.addOutput({ script: cow1Script, value: 50n * BTC - 10_000n })
    oneSignature.signInput(0, ECPair.fromPrivateKey(federation.privateKeys[0]!))
    // Finalize with the one signature and a placeholder where the second belongs.
    const partial = oneSignature.data.inputs[0]!.partialSig![0]!
    const scriptSig = bitcoin.script.compile([
      bitcoin.opcodes.OP_0!,
      partial.signature,
      federation.redeemScript,
    ])
    const unsigned = bitcoin.Transaction.fromBuffer(tx.toBuffer())
    unsigned.ins = []
    unsigned.addInput(hexToBytes(hex(other!.txid)).reverse(), other!.index)
    unsigned.setInputScript(0, scriptSig)
    expect(() => chain.submit(unsigned.toBuffer())).toThrow(/mandatory-script-verify-flag-failed/)
  })
})

describe('the chain over storage slots', () => {
  test('works the same, survives a new instance, and spends few slots per block', () => {
    const storage = memorySlots()
    const chain = new BitcoinChain(slotBtcStore(storage), 'regtest')
    expect(chain.balanceOf(scriptOfKey(cow.publicKey))).toBe(100n * BTC)
    expect(storage.slots.size).toBe(0)
    chain.submit(
      buildPayment(chain, { privateKey: cowKey, outputs: [{ scriptPubKey: cow1Script, value: BTC }] }),
    )
    chain.mine(1)
    const afterFirst = storage.slots.size
    chain.submit(
      buildPayment(chain, { privateKey: cowKey, outputs: [{ scriptPubKey: cow1Script, value: BTC }] }),
    )
    chain.mine(1)
    // A block with one payment: raw block, height index, 2 tx locations, tip, UTXOs and script indexes.
    expect(storage.slots.size - afterFirst).toBeLessThan(40)
    const again = new BitcoinChain(slotBtcStore(storage), 'regtest')
    expect(again.bestHeight()).toBe(2)
    expect(again.balanceOf(cow1Script)).toBe(102n * BTC)
  })
})
