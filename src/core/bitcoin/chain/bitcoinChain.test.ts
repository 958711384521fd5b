import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../accounts/devAccounts.js'
import { bytesToUnprefixedHex, hexToBytes } from '../../util/hex.js'
import { decodeMerkleBlock, parsePartialMerkleTree } from '../partialMerkleTree.js'
import { BitcoinChain, DEFAULT_PAYOUT_SCRIPT } from './bitcoinChain.js'
import { mapBtcStore } from './store.js'
import { BtcRejectError, type Utxo } from './types.js'

const regtest = bitcoin.networks.regtest
const ECPair = ECPairFactory(ecc)
const keyOf = (i: number) =>
  ECPair.fromPrivateKey(hexToBytes(COW_ACCOUNTS[i]!.privateKey), { network: regtest })
const cow = keyOf(0)
const cow1 = keyOf(1)
const p2pkh = (key: typeof cow) => bitcoin.payments.p2pkh({ pubkey: key.publicKey, network: regtest }).output!
const hex = bytesToUnprefixedHex
const BTC = 100_000_000n

type Out = { script: Uint8Array; value: bigint }

/** A legacy P2PKH spend signed with bitcoinjs-lib, the oracle. */
function spend(key: typeof cow, coins: Utxo[], outputs: Out[]): bitcoin.Transaction {
  const tx = new bitcoin.Transaction()
  tx.version = 2
  for (const coin of coins) tx.addInput(hexToBytes(hex(coin.txid)).reverse(), coin.index)
  for (const output of outputs) tx.addOutput(output.script, output.value)
  coins.forEach((coin, i) => {
    const hash = tx.hashForSignature(i, coin.scriptPubKey, bitcoin.Transaction.SIGHASH_ALL)
    const signature = bitcoin.script.signature.encode(key.sign(hash), bitcoin.Transaction.SIGHASH_ALL)
    tx.setInputScript(i, bitcoin.script.compile([signature, key.publicKey]))
  })
  return tx
}

function rejection(run: () => unknown): { code: number; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof BtcRejectError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('not rejected')
}

function fresh() {
  const store = mapBtcStore()
  const chain = new BitcoinChain(store, 'regtest')
  const coin = chain.utxosOf(p2pkh(cow))[0]!
  return { store, chain, coin }
}

describe('a P2PKH transaction built and signed with bitcoinjs-lib', () => {
  test('is accepted into the mempool, mined with a valid block, and its outputs are spendable', () => {
    const { chain, coin } = fresh()
    const tx = spend(
      cow,
      [coin],
      [
        { script: p2pkh(cow1), value: 30n * BTC },
        { script: p2pkh(cow), value: 70n * BTC - 10_000n },
      ],
    )
    const txid = chain.submit(tx.toBuffer())
    expect(hex(txid)).toBe(tx.getId())
    expect(chain.mempool()).toEqual([txid])
    expect(chain.transaction(txid)?.blockHash).toBeUndefined()
    expect(chain.balanceOf(p2pkh(cow1))).toBe(100n * BTC)
    expect(chain.balanceOf(p2pkh(cow1), { mempool: true })).toBe(130n * BTC)

    const [mined] = chain.mine(1)
    const block = bitcoin.Block.fromBuffer(mined!.raw)
    expect(block.checkProofOfWork()).toBe(true)
    expect(block.checkTxRoots()).toBe(true)
    expect(block.getId()).toBe(hex(mined!.hash))
    expect(block.prevHash).toEqual(hexToBytes(hex(chain.blockByHeight(0)!.hash)).reverse())
    expect(block.transactions!.map((t) => t.getId())).toEqual([expect.any(String), tx.getId()])
    expect(block.transactions![0]!.outs[0]!.value).toBe(50n * BTC + 10_000n)
    expect(chain.bestHeight()).toBe(1)
    expect(chain.mempool()).toEqual([])
    expect(chain.transaction(txid)).toMatchObject({ blockHash: mined!.hash, height: 1, index: 1 })
    expect(chain.balanceOf(p2pkh(cow1))).toBe(130n * BTC)
    expect(chain.balanceOf(p2pkh(cow))).toBe(70n * BTC - 10_000n)
    expect(chain.utxo(coin.txid, coin.index)).toBeUndefined()

    const received = chain.utxosOf(p2pkh(cow1)).find((u) => u.value === 30n * BTC)!
    expect(received).toMatchObject({ height: 1, coinbase: false })
    const next = spend(cow1, [received], [{ script: p2pkh(cow), value: 30n * BTC - 5_000n }])
    chain.submit(next.toBuffer())
    chain.mine(1)
    expect(chain.balanceOf(p2pkh(cow))).toBe(100n * BTC - 15_000n)
  })

  test('may spend an output of a transaction still in the mempool; both are mined in order', () => {
    const { chain, coin } = fresh()
    const parent = spend(cow, [coin], [{ script: p2pkh(cow1), value: 100n * BTC - 10_000n }])
    chain.submit(parent.toBuffer())
    const child = chain.utxosOf(p2pkh(cow1), { mempool: true }).find((u) => u.value === 100n * BTC - 10_000n)!
    chain.submit(spend(cow1, [child], [{ script: p2pkh(cow), value: 99n * BTC }]).toBuffer())
    const [mined] = chain.mine(1)
    expect(mined!.block.transactions).toHaveLength(3)
    expect(chain.balanceOf(p2pkh(cow))).toBe(99n * BTC)
  })
})

describe('rejections, with bitcoind codes and reasons', () => {
  test('bytes that are no transaction: -22 TX decode failed', () => {
    const { chain } = fresh()
    expect(rejection(() => chain.submit(hexToBytes('0200000001')))).toEqual({
      code: -22,
      message: 'TX decode failed',
    })
  })

  test('a double spend in the mempool, then of a mined spend, then the mined transaction again', () => {
    const { chain, coin } = fresh()
    const first = spend(cow, [coin], [{ script: p2pkh(cow1), value: 99n * BTC }])
    const second = spend(cow, [coin], [{ script: p2pkh(cow1), value: 98n * BTC }])
    chain.submit(first.toBuffer())
    expect(hex(chain.submit(first.toBuffer()))).toBe(first.getId())
    expect(rejection(() => chain.submit(second.toBuffer()))).toEqual({
      code: -26,
      message: 'txn-mempool-conflict',
    })
    chain.mine(1)
    expect(rejection(() => chain.submit(second.toBuffer()))).toEqual({
      code: -25,
      message: 'bad-txns-inputs-missingorspent',
    })
    expect(rejection(() => chain.submit(first.toBuffer()))).toEqual({
      code: -27,
      message: 'transaction already in block chain',
    })
  })

  test('a signature that does not cover the transaction: -26 mandatory-script-verify-flag-failed', () => {
    const { chain, coin } = fresh()
    const tx = spend(cow, [coin], [{ script: p2pkh(cow1), value: 99n * BTC }])
    tx.outs[0]!.value = 98n * BTC
    const { code, message } = rejection(() => chain.submit(tx.toBuffer()))
    expect(code).toBe(-26)
    expect(message).toMatch(/^mandatory-script-verify-flag-failed \(.+\)$/)
    const wrongKey = spend(cow1, [coin], [{ script: p2pkh(cow1), value: 99n * BTC }])
    expect(rejection(() => chain.submit(wrongKey.toBuffer())).message).toMatch(
      /^mandatory-script-verify-flag-failed/,
    )
  })

  test('more out than in, no fee, dust, an immature coinbase', () => {
    const { chain, coin } = fresh()
    expect(
      rejection(() =>
        chain.submit(spend(cow, [coin], [{ script: p2pkh(cow1), value: 101n * BTC }]).toBuffer()),
      ),
    ).toEqual({
      code: -26,
      message: 'bad-txns-in-belowout, value in (100.00) < value out (101.00)',
    })
    const noFee = spend(cow, [coin], [{ script: p2pkh(cow1), value: 100n * BTC }])
    expect(rejection(() => chain.submit(noFee.toBuffer()))).toEqual({
      code: -26,
      message: `min relay fee not met, 0 < ${noFee.virtualSize()}`,
    })
    const dust = spend(
      cow,
      [coin],
      [
        { script: p2pkh(cow1), value: 545n },
        { script: p2pkh(cow), value: 99n * BTC },
      ],
    )
    expect(rejection(() => chain.submit(dust.toBuffer()))).toEqual({ code: -26, message: 'dust' })
    const [mined] = chain.mine(1, p2pkh(cow))
    const reward = chain.utxosOf(p2pkh(cow)).find((u) => u.coinbase && u.height === mined!.height)!
    const early = spend(cow, [reward], [{ script: p2pkh(cow1), value: 49n * BTC }])
    expect(rejection(() => chain.submit(early.toBuffer()))).toEqual({
      code: -26,
      message: 'bad-txns-premature-spend-of-coinbase, tried to spend coinbase at depth 1',
    })
    chain.mine(99)
    expect(hex(chain.submit(early.toBuffer()))).toBe(early.getId())
  })
})

describe('mining', () => {
  test('times increase by 600 s or follow the given time, always after the parent', () => {
    const { chain } = fresh()
    const genesisTime = chain.blockByHeight(0)!.block.header.time
    const [a, b] = chain.mine(2)
    expect(a!.block.header.time).toBe(genesisTime + 600)
    expect(b!.block.header.time).toBe(genesisTime + 1200)
    const [c, d] = chain.mine(2, undefined, genesisTime)
    expect(c!.block.header.time).toBe(genesisTime + 1201)
    expect(d!.block.header.time).toBe(genesisTime + 1202)
    expect(chain.mine(1, undefined, 2_000_000_000)[0]!.block.header.time).toBe(2_000_000_000)
    expect(rejection(() => chain.mine(1, undefined, 2 ** 32))).toEqual({
      code: -8,
      message: 'Invalid block time: 4294967296',
    })
    expect(rejection(() => chain.mine(-1)).code).toBe(-8)
  })

  test('without a payout script the reward is burnt and stores no output', () => {
    const { chain, store } = fresh()
    chain.mine(1)
    const before = store.entries.size
    const [block] = chain.mine(1)
    expect(block!.block.transactions[0]!.outputs[0]!.scriptPubKey).toEqual(DEFAULT_PAYOUT_SCRIPT)
    expect(DEFAULT_PAYOUT_SCRIPT[0]).toBe(bitcoin.opcodes.OP_RETURN)
    // The block, its height index, its coinbase's location; the tip is rewritten.
    expect(store.entries.size - before).toBe(3)
  })

  test('the subsidy halves every 150 blocks, as on regtest', () => {
    const { chain } = fresh()
    const blocks = chain.mine(151)
    expect(blocks[148]!.block.transactions[0]!.outputs[0]!.value).toBe(50n * BTC)
    expect(blocks[149]!.block.transactions[0]!.outputs[0]!.value).toBe(25n * BTC)
    expect(blocks[149]!.height).toBe(150)
  })
})

describe('proofs and persistence', () => {
  test('the merkleblock proof parses and matches the block header and merkle root', () => {
    const { chain, coin } = fresh()
    const tx = spend(cow, [coin], [{ script: p2pkh(cow1), value: 99n * BTC }])
    const txid = chain.submit(tx.toBuffer())
    const [mined] = chain.mine(1)
    const { header, pmt } = decodeMerkleBlock(chain.proof([txid]))
    const block = bitcoin.Block.fromBuffer(mined!.raw)
    expect(hex(header)).toBe(hex(block.toBuffer(true)))
    const parsed = parsePartialMerkleTree(pmt)
    expect(hex(parsed.root)).toBe(hex(hexToBytes(hex(block.merkleRoot!)).reverse()))
    expect(parsed.matched.map(hex)).toEqual([tx.getId()])
    expect(parsed.totalTransactions).toBe(2)
    expect(chain.proof([txid], mined!.hash)).toEqual(chain.proof([txid]))
    expect(rejection(() => chain.proof([new Uint8Array(32)]))).toEqual({
      code: -5,
      message: 'Transaction not yet in block',
    })
    expect(rejection(() => chain.proof([txid], chain.blockByHeight(0)!.hash)).code).toBe(-5)
    expect(rejection(() => chain.proof([txid, txid])).message).toBe(
      `Invalid parameter, duplicated txid: ${tx.getId()}`,
    )
  })

  test('a new chain over the same store sees every block, output and mempool transaction', () => {
    const { store, chain, coin } = fresh()
    chain.submit(spend(cow, [coin], [{ script: p2pkh(cow1), value: 99n * BTC }]).toBuffer())
    chain.mine(3)
    const other = spend(cow1, [chain.utxosOf(p2pkh(cow1))[0]!], [{ script: p2pkh(cow), value: 99n * BTC }])
    const pending = chain.submit(other.toBuffer())
    const again = new BitcoinChain(store, 'regtest')
    expect(again.bestHeight()).toBe(3)
    expect(again.bestHash()).toEqual(chain.bestHash())
    expect(again.blockByHeight(2)).toEqual(chain.blockByHeight(2))
    expect(again.balanceOf(p2pkh(cow1))).toBe(199n * BTC)
    expect(again.mempool()).toEqual([pending])
    expect(again.transaction(pending)?.raw).toEqual(other.toBuffer())
  })
})
