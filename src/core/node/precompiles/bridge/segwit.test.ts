import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { beforeAll, describe, expect, it } from 'vitest'
import { publicKeyToAddress } from '../../../chain/secp256k1.js'
import { loadCurves } from '../../../crypto/curves.js'
import { loadFastSha256 } from '../../../crypto/fastSha256.js'
import { merkleRoot } from '../../../mining/bitcoin/merkle.js'
import type { Address } from '../../../util/hex.js'
import { bytesToBigint, concatBytes, hexToBytes } from '../../../util/hex.js'
import { bridgeFederation } from './federation.js'
import {
  block,
  bridgeOnMemoryState,
  callData,
  headersData,
  mineBlocks,
  proofOfFirst,
  proofOfSecond,
  USER,
} from './testing/harness.js'

beforeAll(() => Promise.all([loadCurves(), loadFastSha256()]))

const ECPair = ECPairFactory(ecc)
const key = ECPair.fromPrivateKey(new Uint8Array(32).fill(0x5a))
const BTC = 100_000_000n
const display = (internal: Uint8Array) => internal.slice().reverse()

/** A P2SH-P2WPKH peg-in signed with bitcoinjs-lib (its spent output is fabricated). */
function segwitPegin(): bitcoin.Transaction {
  const p2wpkh = bitcoin.payments.p2wpkh({ pubkey: key.publicKey })
  const tx = new bitcoin.Transaction()
  tx.version = 2
  tx.addInput(new Uint8Array(32).fill(7), 0)
  tx.addOutput(bridgeFederation('regtest').scriptPubKey, BTC)
  const scriptCode = bitcoin.payments.p2pkh({ pubkey: key.publicKey }).output as Uint8Array
  const hash = tx.hashForWitnessV0(0, scriptCode, 2n * BTC, bitcoin.Transaction.SIGHASH_ALL)
  const signature = bitcoin.script.signature.encode(key.sign(hash), bitcoin.Transaction.SIGHASH_ALL)
  tx.setInputScript(0, bitcoin.script.compile([p2wpkh.output as Uint8Array]))
  tx.setWitness(0, [signature, key.publicKey])
  return tx
}

/** A coinbase committing (BIP141) to `witnessRoot` (display order) with a zero reserved value. */
function coinbaseCommitting(witnessRoot: Uint8Array): bitcoin.Transaction {
  const tx = new bitcoin.Transaction()
  tx.addInput(new Uint8Array(32), 0xffffffff)
  tx.setInputScript(0, Uint8Array.of(0x51, 0x51))
  tx.addOutput(Uint8Array.of(0x51), 50n * BTC)
  const commitment = bitcoin.crypto.hash256(concatBytes(display(witnessRoot), new Uint8Array(32)))
  tx.addOutput(concatBytes(hexToBytes('0x6a24aa21a9ed'), commitment), 0n)
  return tx
}

describe('segwit peg-ins (RSKIP143)', () => {
  it('register against the coinbase witness root, crediting the P2SH-P2WPKH key', () => {
    const federator = bridgeFederation('regtest').rskAddresses[0] as Address
    const bridge = bridgeOnMemoryState([USER, federator])
    const pegin = segwitPegin()
    const wtxid = display(pegin.getHash(true))
    const witnessRoot = merkleRoot([new Uint8Array(32), wtxid])
    const coinbase = coinbaseCommitting(witnessRoot)
    const coinbaseTxid = hexToBytes(coinbase.getId())
    const [mined, ...rest] = mineBlocks(3, undefined, [[hexToBytes(pegin.getId())]], [coinbaseTxid])
    if (!mined) throw new Error('no block')
    bridge.send(federator, headersData([mined, ...rest]))
    const hasInfo = () =>
      bytesToBigint(
        bridge.call(
          callData('hasBtcBlockCoinbaseTransactionInformation(bytes32)', {
            type: 'uint',
            value: bytesToBigint(mined.hash),
          }),
        ).returnData,
      )
    expect(hasInfo()).toBe(0n)
    const registerCoinbase = (blockHash: Uint8Array, root: Uint8Array) =>
      bridge.send(
        USER,
        callData(
          'registerBtcCoinbaseTransaction(bytes,bytes32,bytes,bytes32,bytes32)',
          { type: 'bytes', value: coinbase.toBuffer() },
          { type: 'uint', value: bytesToBigint(blockHash) },
          { type: 'bytes', value: proofOfFirst(mined) },
          { type: 'uint', value: bytesToBigint(root) },
          { type: 'uint', value: 0n },
        ),
      )
    // A root the coinbase does not commit to, or a block the light client lacks, fail the call.
    expect(registerCoinbase(mined.hash, new Uint8Array(32).fill(1)).success).toBe(false)
    expect(registerCoinbase(new Uint8Array(32).fill(2), witnessRoot).success).toBe(false)
    expect(hasInfo()).toBe(0n)
    expect(registerCoinbase(mined.hash, witnessRoot).success).toBe(true)
    expect(hasInfo()).toBe(1n)
    const result = bridge.send(
      USER,
      callData(
        'registerBtcTransaction(bytes,int256,bytes)',
        { type: 'bytes', value: pegin.toBuffer() },
        { type: 'int', value: 1n },
        { type: 'bytes', value: proofOfSecond({ txids: [new Uint8Array(32), wtxid] }) },
      ),
      { block: block(9n) },
    )
    expect(result.logs).toHaveLength(1)
    expect(result.logs[0]?.topics[2]).toEqual(hexToBytes(pegin.getId()))
    const receiver = publicKeyToAddress(ECPair.fromPublicKey(key.publicKey, { compressed: false }).publicKey)
    expect(bridge.state.getAccount(receiver.toLowerCase() as Address)?.balance).toBe(BTC * 10n ** 10n)
  })
})
