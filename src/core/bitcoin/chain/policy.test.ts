import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../accounts/devAccounts.js'
import { hexToBytes, utf8ToBytes } from '../../util/hex.js'
import { BitcoinChain } from './bitcoinChain.js'
import { BTC_GENESIS_HEIGHT } from './genesis.js'
import { formatMoney } from './policy.js'
import { mapBtcStore } from './store.js'
import { BtcRejectError } from './types.js'

const regtest = bitcoin.networks.regtest
const ECPair = ECPairFactory(ecc)
const cow = ECPair.fromPrivateKey(hexToBytes(COW_ACCOUNTS[0]!.privateKey), { network: regtest })
const cowScript = bitcoin.payments.p2pkh({ pubkey: cow.publicKey, network: regtest }).output!
const BTC = 100_000_000n

/** A signed spend of cow's genesis coin, shaped by `edit` before signing. */
function spendWith(chain: BitcoinChain, edit: (tx: bitcoin.Transaction) => void): Uint8Array {
  const coin = chain.utxosOf(cowScript)[0]!
  const tx = new bitcoin.Transaction()
  tx.version = 2
  tx.addInput(coin.txid.slice().reverse(), coin.index)
  tx.addOutput(cowScript, 99n * BTC)
  edit(tx)
  const hash = tx.hashForSignature(0, coin.scriptPubKey, bitcoin.Transaction.SIGHASH_ALL)
  const signature = bitcoin.script.signature.encode(cow.sign(hash), bitcoin.Transaction.SIGHASH_ALL)
  tx.setInputScript(0, bitcoin.script.compile([signature, cow.publicKey]))
  return tx.toBuffer()
}

function reason(chain: BitcoinChain, raw: Uint8Array): string {
  try {
    chain.submit(raw)
  } catch (error) {
    if (error instanceof BtcRejectError && error.code === -26) return error.message
    throw error
  }
  return 'accepted'
}

const opReturn = (data: string) => bitcoin.script.compile([bitcoin.opcodes.OP_RETURN!, utf8ToBytes(data)])

describe('relay policy, with bitcoind reject reasons (-26)', () => {
  test.each([
    ['version', (tx: bitcoin.Transaction) => (tx.version = 4)],
    [
      'multi-op-return',
      (tx: bitcoin.Transaction) => {
        tx.addOutput(opReturn('a'), 0n)
        tx.addOutput(opReturn('b'), 0n)
      },
    ],
    ['scriptpubkey', (tx: bitcoin.Transaction) => tx.addOutput(opReturn('x'.repeat(81)), 0n)],
    ['scriptpubkey', (tx: bitcoin.Transaction) => tx.addOutput(Uint8Array.of(0x51), 1000n)],
    ['bad-txns-vout-toolarge', (tx: bitcoin.Transaction) => tx.addOutput(cowScript, 21_000_001n * BTC)],
    [
      'non-final',
      (tx: bitcoin.Transaction) => {
        tx.locktime = 5
        tx.ins[0]!.sequence = 0xfffffffe
      },
    ],
  ])('%s', (expected, edit) => {
    const chain = new BitcoinChain(mapBtcStore(), 'regtest')
    expect(reason(chain, spendWith(chain, edit))).toBe(expected)
  })

  test('a lock time already passed, an OP_RETURN of 80 bytes and a witness v1 output are standard', () => {
    const chain = new BitcoinChain(mapBtcStore(), 'regtest')
    chain.mine(5)
    const raw = spendWith(chain, (tx) => {
      tx.locktime = 5
      tx.ins[0]!.sequence = 0xfffffffe
      tx.addOutput(opReturn('x'.repeat(80)), 0n)
      tx.addOutput(Uint8Array.of(0x51, 32, ...new Uint8Array(32).fill(9)), 1000n)
    })
    expect(reason(chain, raw)).toBe('accepted')
  })

  test('amounts print as Bitcoin Core prints them', () => {
    expect(formatMoney(5_000_000_000n)).toBe('50.00')
    expect(formatMoney(12_345_678n)).toBe('0.12345678')
    expect(formatMoney(10_000_000n)).toBe('0.10')
  })
})

describe('testnet and mainnet chains', () => {
  test('start at their checkpoint heights and mine the full subsidy from there', () => {
    for (const network of ['testnet', 'mainnet'] as const) {
      const chain = new BitcoinChain(mapBtcStore(), network)
      expect(chain.bestHeight()).toBe(BTC_GENESIS_HEIGHT[network])
      const [block] = chain.mine(1)
      expect(block!.height).toBe(BTC_GENESIS_HEIGHT[network] + 1)
      expect(block!.block.transactions[0]!.outputs[0]!.value).toBe(50n * BTC)
      const [height] = bitcoin.script.decompile(
        bitcoin.Block.fromBuffer(block!.raw).transactions![0]!.ins[0]!.script,
      )!
      expect(bitcoin.script.number.decode(height as Uint8Array)).toBe(block!.height)
    }
  })
})
