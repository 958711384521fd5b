import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import type { StoredBtcBlock } from '../../bitcoin/chain/types.js'
import { BTC_PARAMS } from '../../bitcoin/params.js'
import { serializeBitcoinBlock } from '../../mining/bitcoin/block.js'
import { bitcoinHeaderHash, encodeBitcoinHeader } from '../../mining/bitcoin/header.js'
import { merkleRoot } from '../../mining/bitcoin/merkle.js'
import { parseTransaction, transactionId } from '../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex, hexToBytes } from '../../util/hex.js'
import { scriptAsm, withChecksum } from './scriptJson.js'
import { blockHeaderJson, blockJson, difficulty, rawTransactionJson, transactionJson } from './views.js'

const regtest = BTC_PARAMS.regtest
const SIG =
  '3044022047ac8e878352d3ebbde1c94ce3a10d057c24175747116f8288e5d794d12d482f0220217f36a485cae903c713331d877c1f64677e3622ad4010726870540656fe9dcb01'
const KEY = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'

function spend(withWitness: boolean): bitcoin.Transaction {
  const tx = new bitcoin.Transaction()
  tx.version = 2
  tx.addInput(
    new Uint8Array(32).fill(7),
    1,
    0xfffffffd,
    withWitness ? new Uint8Array(0) : bitcoin.script.compile([hexToBytes(SIG), hexToBytes(KEY)]),
  )
  if (withWitness) tx.setWitness(0, [hexToBytes(SIG), hexToBytes(KEY)])
  const address = bitcoin.payments.p2pkh({
    pubkey: hexToBytes(KEY),
    network: bitcoin.networks.regtest,
  })
  tx.addOutput(address.output!, 123_456_789n)
  tx.addOutput(bitcoin.script.compile([bitcoin.opcodes.OP_RETURN!, hexToBytes('52534b54')]), 0n)
  return tx
}

describe('bitcoind JSON of transactions', () => {
  test('txid, hash, sizes and weight agree with bitcoinjs-lib, legacy and segwit', () => {
    for (const withWitness of [false, true]) {
      const reference = spend(withWitness)
      const json = transactionJson(parseTransaction(hexToBytes(reference.toHex())), regtest, { hex: true })
      expect(json.txid).toBe(reference.getId())
      expect(json.hash).toBe(bytesToUnprefixedHex(reference.getHash(true).reverse()))
      expect(json.size).toBe(reference.byteLength())
      expect(json.vsize).toBe(reference.virtualSize())
      expect(json.weight).toBe(reference.weight())
      expect(json.hex).toBe(reference.toHex())
    }
  })

  test('inputs and outputs read as bitcoind prints them', () => {
    const json = transactionJson(parseTransaction(hexToBytes(spend(false).toHex())), regtest)
    expect(json.vin[0]).toEqual({
      txid: '07'.repeat(32),
      vout: 1,
      scriptSig: { asm: `${SIG.slice(0, -2)}[ALL] ${KEY}`, hex: expect.any(String) },
      sequence: 0xfffffffd,
    })
    expect(json.vout[0]).toMatchObject({ value: 1.23456789, n: 0 })
    expect(json.vout[0]?.scriptPubKey).toMatchObject({
      asm: expect.stringMatching(/^OP_DUP OP_HASH160 [0-9a-f]{40} OP_EQUALVERIFY OP_CHECKSIG$/),
      address: bitcoin.payments.p2pkh({ pubkey: hexToBytes(KEY), network: bitcoin.networks.regtest }).address,
      type: 'pubkeyhash',
    })
    expect(json.vout[1]?.scriptPubKey).toEqual({
      asm: 'OP_RETURN 1414222674',
      desc: withChecksum('raw(6a0452534b54)'),
      hex: '6a0452534b54',
      type: 'nulldata',
    })
    const witness = transactionJson(parseTransaction(hexToBytes(spend(true).toHex())), regtest)
    expect(witness.vin[0]).toMatchObject({ scriptSig: { asm: '', hex: '' }, txinwitness: [SIG, KEY] })
  })

  test('asm spells small numbers, opcodes and a truncated push as Bitcoin Core does', () => {
    expect(scriptAsm(hexToBytes('00515f4f'))).toBe('0 1 15 -1')
    expect(scriptAsm(hexToBytes('02ff00'))).toBe('255')
    expect(scriptAsm(hexToBytes('0181'))).toBe('-1')
    expect(scriptAsm(hexToBytes('b1b2ba'))).toBe(
      'OP_CHECKLOCKTIMEVERIFY OP_CHECKSEQUENCEVERIFY OP_CHECKSIGADD',
    )
    expect(scriptAsm(hexToBytes('76a905aa'))).toBe('OP_DUP OP_HASH160 [error]')
  })

  test('descriptor checksums match the BIP380 test vector', () => {
    expect(withChecksum('raw(deadbeef)')).toBe('raw(deadbeef)#89f8spxm')
  })
})

describe('bitcoind JSON of blocks', () => {
  test('header fields, sizes and links between blocks', () => {
    const coinbase = parseTransaction(hexToBytes(spend(false).toHex()))
    coinbase.inputs[0] = {
      previousTxid: new Uint8Array(32),
      previousIndex: 0xffffffff,
      scriptSig: hexToBytes('0101'),
      sequence: 0xffffffff,
    }
    const blocks: StoredBtcBlock[] = []
    let previous: Uint8Array = new Uint8Array(32)
    for (let height = 0; height < 3; height++) {
      const header = {
        version: 0x20000000,
        previousBlockHash: previous,
        merkleRoot: merkleRoot([transactionId(coinbase)]),
        time: 1_700_000_000 + height,
        bits: 0x207fffff,
        nonce: height,
      }
      const block = { header, transactions: [coinbase] }
      const hash = bitcoinHeaderHash(encodeBitcoinHeader(header))
      blocks.push({ block, hash, height, raw: serializeBitcoinBlock(block) })
      previous = hash
    }
    const chain = { params: regtest, bestHeight: () => 2, blockByHeight: (h: number) => blocks[h] }
    const genesis = blockHeaderJson(chain, blocks[0]!)
    expect(genesis).not.toHaveProperty('previousblockhash')
    expect(genesis).toMatchObject({
      confirmations: 3,
      height: 0,
      versionHex: '20000000',
      bits: '207fffff',
      chainwork: `${'0'.repeat(63)}2`,
      nTx: 1,
    })
    expect(genesis.nextblockhash).toBe(bytesToUnprefixedHex(blocks[1]!.hash))
    const tip = blockJson(chain, blocks[2]!, 1)
    expect(tip).not.toHaveProperty('nextblockhash')
    expect(tip.mediantime).toBe(1_700_000_001)
    const reference = bitcoin.Block.fromBuffer(blocks[2]!.raw)
    expect(tip.hash).toBe(reference.getId())
    expect(tip.size).toBe(reference.byteLength())
    expect(tip.weight).toBe(reference.weight())
    expect(tip.tx).toEqual([reference.transactions![0]!.getId()])
    // Bitcoin Core prints this double with 16 digits: 4.656542373906925e-10.
    expect(difficulty(0x207fffff)).toBeCloseTo(4.656542373906925e-10, 24)
    const located = rawTransactionJson(chain, coinbase, { blockHash: blocks[1]!.hash, height: 1 })
    expect(located).toMatchObject({ confirmations: 2, time: 1_700_000_001, blocktime: 1_700_000_001 })
    expect(located.vin[0]).toEqual({ coinbase: '0101', sequence: 0xffffffff })
  })
})
