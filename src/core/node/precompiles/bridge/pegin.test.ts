import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../../../accounts/devAccounts.js'
import { bitcoinGenesis } from '../../../bitcoin/chain/genesis.js'
import { loadCurves } from '../../../crypto/curves.js'
import { loadFastSha256 } from '../../../crypto/fastSha256.js'
import { keccak256 } from '../../../crypto/hash.js'
import { transactionId } from '../../../mining/bitcoin/transaction.js'
import type { Address } from '../../../util/hex.js'
import {
  bytesToBigint,
  bytesToHex,
  bytesToUnprefixedHex,
  concatBytes,
  hexToBytes,
  utf8ToBytes,
} from '../../../util/hex.js'
import { bridgeFederation } from './federation.js'
import { bridgeStorageIn } from './genesis.js'
import { hashOfRawTransaction } from './registration.js'
import { readFederationUtxos } from './storage.js'
import {
  block,
  bridgeOnMemoryState,
  callData,
  headersData,
  mineBlocks,
  proofOfSecond,
  type TestBlock,
  USER,
} from './testing/harness.js'

beforeAll(() => Promise.all([loadCurves(), loadFastSha256()]))

const regtest = bitcoin.networks.regtest
const ECPair = ECPairFactory(ecc)
const dev = DEV_ACCOUNTS[0] as (typeof DEV_ACCOUNTS)[number]
const devKey = ECPair.fromPrivateKey(hexToBytes(dev.privateKey), { network: regtest })
const BTC = 100_000_000n
const topic = (signature: string) => bytesToHex(keccak256(utf8ToBytes(signature)))

/** A dev key's genesis output (P2PKH, 100 BTC) spent to the federation, signed with bitcoinjs-lib. */
function peginFromDevKey(
  value: bigint,
  extraOutputs: { script: Uint8Array; value: bigint }[] = [],
): bitcoin.Transaction {
  const genesis = bitcoinGenesis('regtest')
  const coinbase = genesis.block.transactions[0]
  if (!coinbase) throw new Error('no genesis coinbase')
  const prevScript = bitcoin.payments.p2pkh({ pubkey: devKey.publicKey, network: regtest })
    .output as Uint8Array
  const index = coinbase.outputs.findIndex((o) => bytesToHex(o.scriptPubKey) === bytesToHex(prevScript))
  const tx = new bitcoin.Transaction()
  tx.addInput(transactionId(coinbase).slice().reverse(), index)
  tx.addOutput(bridgeFederation('regtest').scriptPubKey, value)
  for (const o of extraOutputs) tx.addOutput(o.script, o.value)
  tx.addOutput(prevScript, 100n * BTC - value - 10_000n)
  const hash = tx.hashForSignature(0, prevScript, bitcoin.Transaction.SIGHASH_ALL)
  const signature = bitcoin.script.signature.encode(devKey.sign(hash), bitcoin.Transaction.SIGHASH_ALL)
  tx.setInputScript(0, bitcoin.script.compile([signature, devKey.publicKey]))
  return tx
}

const uintWord = (v: bigint) => hexToBytes(`0x${v.toString(16).padStart(64, '0')}`)
const word = (v: bigint) => ({ type: 'int' as const, value: v })

function setup() {
  const federator = bridgeFederation('regtest').rskAddresses[0] as Address
  const bridge = bridgeOnMemoryState([USER, federator])
  /** Mines the transaction in block 1 under more blocks and feeds their headers. */
  const prove = (raw: Uint8Array, confirmations = 3) => {
    const txid = hexToBytes(bitcoin.Transaction.fromBuffer(raw).getId())
    const blocks = mineBlocks(confirmations, undefined, [[txid]])
    bridge.send(federator, headersData(blocks))
    return { block: blocks[0] as TestBlock, txid }
  }
  const register = (raw: Uint8Array, height: bigint, pmt: Uint8Array) =>
    bridge.send(
      USER,
      callData('registerBtcTransaction(bytes,int256,bytes)', { type: 'bytes', value: raw }, word(height), {
        type: 'bytes',
        value: pmt,
      }),
      { block: block(77n) },
    )
  const balance = (address: Address) =>
    bridge.state.getAccount(address.toLowerCase() as Address)?.balance ?? 0n
  const processedHeight = (txid: Uint8Array) =>
    BigInt.asIntN(
      256,
      bytesToBigint(
        bridge.call(
          callData('getBtcTxHashProcessedHeight(string)', {
            type: 'string',
            value: bytesToUnprefixedHex(txid),
          }),
        ).returnData,
      ),
    )
  return { bridge, prove, register, balance, processedHeight }
}

describe('registerBtcTransaction', () => {
  it("credits a dev key's P2PKH peg-in to its RSK address once, with pegin_btc", () => {
    const { bridge, prove, register, balance, processedHeight } = setup()
    const tx = peginFromDevKey(BTC)
    const raw = new Uint8Array(tx.toBuffer())
    const { block: mined, txid } = prove(raw)
    const before = balance(dev.address as Address)
    const result = register(raw, 1n, proofOfSecond(mined))
    expect(result.success).toBe(true)
    expect(balance(dev.address as Address) - before).toBe(BTC * 10n ** 10n)
    expect(result.logs).toHaveLength(1)
    const [log] = result.logs
    expect(bytesToHex(log?.topics[0] as Uint8Array)).toBe(topic('pegin_btc(address,bytes32,int256,int256)'))
    expect(bytesToHex(log?.topics[1] as Uint8Array)).toBe(
      `0x${'00'.repeat(12)}${dev.address.slice(2).toLowerCase()}`,
    )
    expect(bytesToHex(log?.topics[2] as Uint8Array)).toBe(`0x${tx.getId()}`)
    // amount in satoshis, protocol version 0 (the sender's key decides)
    expect(log?.data).toEqual(concatBytes(uintWord(BTC), uintWord(0n)))
    expect(processedHeight(txid)).toBe(77n)
    const utxos = readFederationUtxos(bridgeStorageIn(bridge.state, 'regtest'))
    expect(utxos.at(-1)).toMatchObject({ index: 0, value: BTC })
    expect(utxos).toHaveLength(21)
    // A second registration changes nothing (RSKj logs "Transaction already processed").
    const again = register(raw, 1n, proofOfSecond(mined))
    expect(again.success).toBe(true)
    expect(again.logs).toHaveLength(0)
    expect(balance(dev.address as Address) - before).toBe(BTC * 10n ** 10n)
  })
})

/** A transaction from a fabricated input (the Bridge never sees the spent output) with `scriptSig`. */
function txFrom(scriptSig: Uint8Array, outputs: { script: Uint8Array; value: bigint }[]): Uint8Array {
  const tx = new bitcoin.Transaction()
  tx.addInput(keccak256(scriptSig), 0)
  for (const o of outputs) tx.addOutput(o.script, o.value)
  tx.setInputScript(0, scriptSig)
  return tx.toBuffer()
}

const signature = () =>
  bitcoin.script.signature.encode(devKey.sign(new Uint8Array(32).fill(1)), bitcoin.Transaction.SIGHASH_ALL)
const fedScript = () => bridgeFederation('regtest').scriptPubKey
const p2pkhSig = () => bitcoin.script.compile([signature(), devKey.publicKey])
const opReturn = (payload: Uint8Array) =>
  bitcoin.script.compile([bitcoin.opcodes.OP_RETURN as number, payload])
const topics = (logs: { topics: Uint8Array[] }[]) => logs.map((l) => bytesToHex(l.topics[0] as Uint8Array))

describe('registerBtcTransaction refuses as RSKj does', () => {
  it('does nothing without enough confirmations or when the proof does not hold the transaction', () => {
    const { prove, register, processedHeight } = setup()
    const raw = txFrom(p2pkhSig(), [{ script: fedScript(), value: BTC }])
    const { block: mined, txid } = prove(raw, 2)
    const early = register(raw, 1n, proofOfSecond(mined))
    expect(early.success).toBe(true)
    expect(early.logs).toHaveLength(0)
    expect(processedHeight(txid)).toBe(-1n)
    const other = { ...mined, txids: [mined.txids[0] as Uint8Array, new Uint8Array(32).fill(9)] }
    expect(register(raw, 1n, proofOfSecond(other)).logs).toHaveLength(0)
  })

  it('fails the call on a malformed proof or transaction', () => {
    const { prove, register } = setup()
    const raw = txFrom(p2pkhSig(), [{ script: fedScript(), value: BTC }])
    const { block: mined } = prove(raw)
    expect(register(raw, 1n, proofOfSecond(mined).subarray(0, 60)).success).toBe(false)
    const garbage = Uint8Array.of(1, 2, 3, 4, 5)
    const garbageProof = proofOfSecond({
      ...mined,
      txids: [mined.txids[0] as Uint8Array, hashOfRawTransaction(garbage)],
    })
    expect(register(garbage, 1n, garbageProof).success).toBe(false)
    expect(register(garbage, 1n, proofOfSecond(mined)).success).toBe(true)
  })

  it('ignores a payment below the minimum before the peg-out index height (legacy type rules)', () => {
    const { prove, register, processedHeight } = setup()
    const raw = txFrom(p2pkhSig(), [{ script: fedScript(), value: 400_000n }])
    const { block: mined, txid } = prove(raw)
    const result = register(raw, 1n, proofOfSecond(mined))
    expect(result.success).toBe(true)
    expect(result.logs).toHaveLength(0)
    expect(processedHeight(txid)).toBe(-1n)
  })

  it('credits the RSKIP170 OP_RETURN destination, protocol version 1', () => {
    const { prove, register, balance } = setup()
    const destination = `0x${'42'.repeat(20)}` as Address
    const payload = concatBytes(utf8ToBytes('RSKT'), Uint8Array.of(1), hexToBytes(destination))
    const raw = txFrom(p2pkhSig(), [
      { script: fedScript(), value: 2n * BTC },
      { script: opReturn(payload), value: 0n },
    ])
    const { block: mined } = prove(raw)
    const result = register(raw, 1n, proofOfSecond(mined))
    expect(balance(destination)).toBe(2n * BTC * 10n ** 10n)
    expect(result.logs[0]?.data).toEqual(concatBytes(uintWord(2n * BTC), uintWord(1n)))
  })

  it('rejects an undetermined sender without refund, and leaves it unprocessed (RSKIP551)', () => {
    const { prove, register, processedHeight } = setup()
    const raw = txFrom(bitcoin.script.compile([new Uint8Array(20).fill(7)]), [
      { script: fedScript(), value: BTC },
    ])
    const { block: mined, txid } = prove(raw)
    const result = register(raw, 1n, proofOfSecond(mined))
    expect(topics(result.logs)).toEqual([
      topic('rejected_pegin(bytes32,int256)'),
      topic('unrefundable_pegin(bytes32,int256)'),
    ])
    expect(result.logs.map((l) => bytesToBigint(l.data))).toEqual([3n, 1n])
    expect(processedHeight(txid)).toBe(-1n)
  })

  it('refunds a multisig sender and an invalid OP_RETURN payload on the Bitcoin side', () => {
    const { prove, register, processedHeight } = setup()
    const keys = [1, 2].map((i) => ECPair.fromPrivateKey(new Uint8Array(32).fill(i)).publicKey)
    const redeem = bitcoin.payments.p2ms({ m: 1, pubkeys: keys }).output as Uint8Array
    const multisig = txFrom(bitcoin.script.compile([bitcoin.opcodes.OP_0 as number, signature(), redeem]), [
      { script: fedScript(), value: BTC },
    ])
    const first = prove(multisig)
    const refunded = register(multisig, 1n, proofOfSecond(first.block))
    expect(topics(refunded.logs)[0]).toBe(topic('rejected_pegin(bytes32,int256)'))
    expect(bytesToBigint(refunded.logs[0]?.data as Uint8Array)).toBe(2n)
    expect(topics(refunded.logs)).toContain(topic('release_requested(bytes32,bytes32,uint256)'))
    expect(processedHeight(first.txid)).toBe(77n)

    const { prove: prove2, register: register2 } = setup()
    const payload = concatBytes(utf8ToBytes('RSKT'), Uint8Array.of(2), new Uint8Array(20))
    const invalid = txFrom(p2pkhSig(), [
      { script: fedScript(), value: BTC },
      { script: opReturn(payload), value: 0n },
    ])
    const second = prove2(invalid)
    const result = register2(invalid, 1n, proofOfSecond(second.block))
    expect(bytesToBigint(result.logs[0]?.data as Uint8Array)).toBe(4n)
    expect(topics(result.logs)).toContain(topic('release_requested(bytes32,bytes32,uint256)'))
  })

  it("adds a federation peg-out's change to the federation's UTXOs without crediting anyone", () => {
    const { bridge, prove, register, processedHeight } = setup()
    const federation = bridgeFederation('regtest')
    const raw = txFrom(
      bitcoin.script.compile([
        bitcoin.opcodes.OP_0 as number,
        signature(),
        signature(),
        federation.redeemScript,
      ]),
      [
        {
          script: bitcoin.payments.p2pkh({ pubkey: devKey.publicKey, network: regtest }).output as Uint8Array,
          value: BTC,
        },
        { script: fedScript(), value: 3n * BTC },
      ],
    )
    const { block: mined, txid } = prove(raw)
    const result = register(raw, 1n, proofOfSecond(mined))
    expect(result.logs).toHaveLength(0)
    expect(processedHeight(txid)).toBe(77n)
    expect(readFederationUtxos(bridgeStorageIn(bridge.state, 'regtest')).at(-1)).toMatchObject({
      index: 1,
      value: 3n * BTC,
    })
  })
})
