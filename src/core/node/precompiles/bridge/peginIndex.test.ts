import * as bitcoin from 'bitcoinjs-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCurves } from '../../../crypto/curves.js'
import { loadFastSha256 } from '../../../crypto/fastSha256.js'
import { keccak256 } from '../../../crypto/hash.js'
import { parseTransaction } from '../../../mining/bitcoin/transaction.js'
import type { Address } from '../../../util/hex.js'
import { bytesToBigint, bytesToHex, utf8ToBytes } from '../../../util/hex.js'
import { bridgeFederation } from './federation.js'
import { bridgeStorageIn } from './genesis.js'
import { savePegoutSigHash } from './pegoutStorage.js'
import { hashOfRawTransaction } from './registration.js'
import { inputSigHash } from './signatures.js'
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
  writableBridgeStorage,
} from './testing/harness.js'

beforeAll(() => Promise.all([loadCurves(), loadFastSha256()]))

const BTC = 100_000_000n
const INDEX_HEIGHT = 350
const topic = (signature: string) => bytesToHex(keccak256(utf8ToBytes(signature)))

function tx(scriptSig: Uint8Array, outputs: { script: Uint8Array; value: bigint }[]): Uint8Array {
  const t = new bitcoin.Transaction()
  t.addInput(keccak256(scriptSig), 0)
  t.setInputScript(0, scriptSig)
  for (const o of outputs) t.addOutput(o.script, o.value)
  return t.toBuffer()
}

/** A light client at height 352 holding `raw` in the block at height 350 (RSKIP379's index height). */
function atIndexHeight(raw: Uint8Array) {
  const federator = bridgeFederation('regtest').rskAddresses[0] as Address
  const bridge = bridgeOnMemoryState([USER, federator])
  const txids: Uint8Array[][] = []
  txids[INDEX_HEIGHT - 1] = [hashOfRawTransaction(raw)]
  const blocks = mineBlocks(INDEX_HEIGHT + 2, undefined, txids)
  bridge.send(federator, headersData(blocks))
  const mined = blocks[INDEX_HEIGHT - 1] as TestBlock
  const register = () =>
    bridge.send(
      USER,
      callData(
        'registerBtcTransaction(bytes,int256,bytes)',
        { type: 'bytes', value: raw },
        { type: 'int', value: BigInt(INDEX_HEIGHT) },
        { type: 'bytes', value: proofOfSecond(mined) },
      ),
      { block: block(500n) },
    )
  return { bridge, register }
}

const p2pkhSig = () => bitcoin.script.compile([new Uint8Array(71).fill(0x30), new Uint8Array(33).fill(2)])

describe('registerBtcTransaction from the peg-out index height (RSKIP379)', () => {
  it('rejects a payment below the minimum without refund and leaves it unprocessed', () => {
    const raw = tx(p2pkhSig(), [{ script: bridgeFederation('regtest').scriptPubKey, value: 400_000n }])
    const { register } = atIndexHeight(raw)
    const result = register()
    expect(result.logs.map((l) => bytesToHex(l.topics[0] as Uint8Array))).toEqual([
      topic('rejected_pegin(bytes32,int256)'),
      topic('unrefundable_pegin(bytes32,int256)'),
    ])
    expect(result.logs.map((l) => bytesToBigint(l.data))).toEqual([5n, 3n])
  })

  it("recognizes the federation's peg-out by its first input's saved sighash", () => {
    const federation = bridgeFederation('regtest')
    const scriptSig = bitcoin.script.compile([
      0,
      new Uint8Array(0),
      new Uint8Array(0),
      federation.redeemScript,
    ])
    const raw = tx(scriptSig, [
      { script: Uint8Array.of(0x51), value: BTC },
      { script: federation.scriptPubKey, value: 2n * BTC },
    ])
    const { bridge, register } = atIndexHeight(raw)
    const before = readFederationUtxos(bridgeStorageIn(bridge.state, 'regtest')).length
    // As the peg-out builder does when it creates the peg-out.
    const storage = writableBridgeStorage(bridge.state)
    savePegoutSigHash(storage, inputSigHash(parseTransaction(raw), 0))
    const result = register()
    expect(result.logs).toHaveLength(0)
    const utxos = readFederationUtxos(bridgeStorageIn(bridge.state, 'regtest'))
    expect(utxos).toHaveLength(before + 1)
    expect(utxos.at(-1)).toMatchObject({ index: 1, value: 2n * BTC })
  })
})
