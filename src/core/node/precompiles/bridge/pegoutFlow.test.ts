import { RLP } from '@ethereumjs/rlp'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from 'tiny-secp256k1'
import { beforeAll, describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../../accounts/devAccounts.js'
import { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { slotBtcStore } from '../../../bitcoin/chain/store.js'
import { signBtc } from '../../../bitcoin/signature.js'
import { privateKeyToAddress } from '../../../chain/secp256k1.js'
import { curves, loadCurves } from '../../../crypto/curves.js'
import { BITCOIN_CHAIN_ADDRESS } from '../../../network/networks.js'
import { bytesToHex, bytesToUnprefixedHex, hexToBytes } from '../../../util/hex.js'
import { AbiReader, selectorOf } from '../abi.js'
import { needsUpdateCollections, signaturesToAdd, updateCollectionsCall } from './federatorActions.js'
import { createBridgeContract } from './index.js'
import {
  readNextPegoutHeight,
  readReleaseRequests,
  readWaitingForConfirmations,
  readWaitingForSignatures,
} from './pegoutStorage.js'
import { COW, federators, NETWORK, PegoutWorld, RBTC, type Sender, topicOf } from './pegoutTestHarness.js'
import { encodeAddSignatureCall } from './signatures.js'

beforeAll(async () => {
  await loadCurves()
})

const topics = (result: { logs: { topics: Uint8Array[] }[] }) =>
  result.logs.map((log) => bytesToHex(log.topics[0] ?? new Uint8Array()))

function call(world: PegoutWorld, signature: string): Uint8Array {
  const result = world.send(COW, selectorOf(signature))
  expect(result.success).toBe(true)
  return result.returnData
}

/** Queues 0.5 RBTC from the cow account, batches it in block 2 and confirms it in block 5. */
function pegoutWaitingForSignatures(): { world: PegoutWorld; batchTxHash: Uint8Array; federator: Sender } {
  const world = new PegoutWorld()
  world.send(COW, new Uint8Array(0), RBTC / 2n)
  const federator = federators()[0] as Sender
  world.blockNumber = 2n
  const batch = world.send(federator, updateCollectionsCall())
  world.blockNumber = 5n
  world.send(federator, updateCollectionsCall())
  return { world, batchTxHash: batch.txHash, federator }
}

describe('updateCollections', () => {
  test('only a federator may call it, as RSKj’s federation-only methods fail the call', () => {
    const world = new PegoutWorld()
    const result = world.send(COW, updateCollectionsCall())
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/not authorized to invoke the function: 'updateCollections'/)
  })

  test('batches the queue into one transaction paying the sender’s key, change to the federation', () => {
    const world = new PegoutWorld()
    world.send(COW, new Uint8Array(0), RBTC / 2n)
    expect(needsUpdateCollections(world.storage(), NETWORK, 2n)).toBe(true)
    world.blockNumber = 2n
    const result = world.send(federators()[0] as Sender, updateCollectionsCall())
    expect(result.success).toBe(true)
    expect(topics(result)).toEqual([
      topicOf('update_collections(address)'),
      topicOf('release_requested(bytes32,bytes32,uint256)'),
      topicOf('pegout_transaction_created(bytes32,bytes)'),
      topicOf('batch_pegout_created(bytes32,bytes)'),
    ])
    const storage = world.storage()
    expect(readReleaseRequests(storage)).toHaveLength(0)
    expect(readNextPegoutHeight(storage)).toBe(52n)
    const [waiting] = readWaitingForConfirmations(storage)
    const tx = bitcoin.Transaction.fromHex(bytesToUnprefixedHex(waiting?.btcTx ?? new Uint8Array()))
    expect(tx.version).toBe(2)
    expect(tx.ins).toHaveLength(1)
    // One 50 BTC input; 372 estimated bytes at 100,000 sat/kB: a 37,200 sat fee from the only peg-out.
    expect(tx.outs.map((o) => BigInt(o.value))).toEqual([50_000_000n - 37_200n, 5_000_000_000n - 50_000_000n])
    expect(bytesToHex(result.logs[3]?.topics[1] ?? new Uint8Array())).toBe(`0x${tx.getId()}`)
    // batch_pegout_created lists the peg-out request's RSK transaction hash.
    const hashes = new AbiReader(concat(new Uint8Array(4), result.logs[3]?.data ?? new Uint8Array())).bytes(0)
    expect(hashes).toHaveLength(32)
  })

  test('requests from two senders share one transaction and its fee', () => {
    const world = new PegoutWorld()
    const other: Sender = {
      address: privateKeyToAddress(hexToBytes(COW_ACCOUNTS[1]?.privateKey ?? '0x')),
      privateKey: hexToBytes(COW_ACCOUNTS[1]?.privateKey ?? '0x'),
    }
    world.state.put(other.address, { balance: RBTC })
    const first = world.send(COW, new Uint8Array(0), RBTC / 2n)
    const second = world.send(other, new Uint8Array(0), RBTC / 4n)
    world.blockNumber = 2n
    const batch = world.send(federators()[0] as Sender, updateCollectionsCall())
    const hashes = new AbiReader(concat(new Uint8Array(4), batch.logs[3]?.data ?? new Uint8Array())).bytes(0)
    expect(bytesToHex(hashes)).toBe(bytesToHex(concat(first.txHash, second.txHash)))
    const [waiting] = readWaitingForConfirmations(world.storage())
    const tx = bitcoin.Transaction.fromHex(bytesToUnprefixedHex(waiting?.btcTx ?? new Uint8Array()))
    // 1 input, 2 peg-outs and change: 406 bytes → 40,600 sat, 20,300 from each.
    expect(tx.outs.map((o) => BigInt(o.value))).toEqual([
      50_000_000n - 20_300n,
      25_000_000n - 20_300n,
      5_000_000_000n - 75_000_000n,
    ])
  })

  test('a request made after a batch waits numberOfBlocksBetweenPegouts (50) blocks', () => {
    const { world, federator } = pegoutWaitingForSignatures()
    world.blockNumber = 6n
    world.send(COW, new Uint8Array(0), RBTC / 4n)
    world.blockNumber = 51n
    expect(needsUpdateCollections(world.storage(), NETWORK, 51n)).toBe(false)
    world.send(federator, updateCollectionsCall())
    expect(readReleaseRequests(world.storage())).toHaveLength(1)
    expect(new AbiReader(concat(new Uint8Array(4), call(world, 'getQueuedPegoutsCount()'))).uint(0)).toBe(1n)
    world.blockNumber = 52n
    const result = world.send(federator, updateCollectionsCall())
    expect(topics(result)).toContain(topicOf('batch_pegout_created(bytes32,bytes)'))
    expect(readNextPegoutHeight(world.storage())).toBe(102n)
  })

  test('after 3 RSK blocks the peg-out waits for signatures, with pegout_confirmed', () => {
    const world = new PegoutWorld()
    world.send(COW, new Uint8Array(0), RBTC / 2n)
    const federator = federators()[0] as Sender
    world.blockNumber = 2n
    world.send(federator, updateCollectionsCall())
    world.blockNumber = 4n
    expect(topics(world.send(federator, updateCollectionsCall()))).toEqual([
      topicOf('update_collections(address)'),
    ])
    world.blockNumber = 5n
    const result = world.send(federator, updateCollectionsCall())
    expect(topics(result)).toEqual([
      topicOf('update_collections(address)'),
      topicOf('pegout_confirmed(bytes32,uint256)'),
    ])
    expect(BigInt(bytesToHex(result.logs[1]?.data ?? new Uint8Array()))).toBe(2n)
    expect(readWaitingForConfirmations(world.storage())).toHaveLength(0)
    expect(readWaitingForSignatures(world.storage())).toHaveLength(1)
    const state = new AbiReader(
      concat(new Uint8Array(4), call(world, 'getStateForBtcReleaseClient()')),
    ).bytes(0)
    const [entries] = RLP.decode(state) as unknown as Uint8Array[][]
    expect(entries).toHaveLength(2)
    expect(bytesToHex(entries?.[1] ?? new Uint8Array())).toBe(
      bytesToHex(readWaitingForSignatures(world.storage())[0]?.btcTx ?? new Uint8Array()),
    )
  })
})

describe('addSignature', () => {
  test('two federators sign; the transaction is released, broadcast and its 2-of-3 inputs verify', () => {
    const { world, batchTxHash } = pegoutWaitingForSignatures()
    const calls = signaturesToAdd(world.storage(), NETWORK)
    expect(calls).toHaveLength(2)
    const byAddress = new Map(federators().map((f) => [f.address, f]))
    world.blockNumber = 6n
    const first = world.send(
      byAddress.get(calls[0]?.from ?? '0x') as Sender,
      calls[0]?.data ?? new Uint8Array(),
    )
    expect(topics(first)).toEqual([topicOf('add_signature(bytes32,address,bytes)')])
    expect(bytesToHex(first.logs[0]?.topics[1] ?? new Uint8Array())).toBe(bytesToHex(batchTxHash))
    expect(signaturesToAdd(world.storage(), NETWORK)).toHaveLength(1)
    const second = world.send(
      byAddress.get(calls[1]?.from ?? '0x') as Sender,
      calls[1]?.data ?? new Uint8Array(),
    )
    expect(topics(second)).toEqual([
      topicOf('add_signature(bytes32,address,bytes)'),
      topicOf('release_btc(bytes32,bytes)'),
    ])
    expect(readWaitingForSignatures(world.storage())).toHaveLength(0)

    const raw = new AbiReader(concat(new Uint8Array(4), second.logs[1]?.data ?? new Uint8Array())).bytes(0)
    const tx = bitcoin.Transaction.fromHex(bytesToUnprefixedHex(raw))
    const federation = federationOf(NETWORK)
    for (const [i, input] of tx.ins.entries()) {
      const chunks = bitcoin.script.decompile(input.script) ?? []
      expect(chunks[0]).toBe(bitcoin.opcodes.OP_0)
      const redeem = chunks[3] as Uint8Array
      expect(bytesToHex(redeem)).toBe(bytesToHex(federation.redeemScript))
      const hash = tx.hashForSignature(i, redeem, bitcoin.Transaction.SIGHASH_ALL)
      const signers = [chunks[1], chunks[2]].map((sig) => {
        const decoded = bitcoin.script.signature.decode(sig as Uint8Array)
        return federation.publicKeys.findIndex((key) => ecc.verify(hash, key, decoded.signature))
      })
      // Both verify, with different keys in redeem-script order, as OP_CHECKMULTISIG requires.
      expect(signers[0]).toBeGreaterThanOrEqual(0)
      expect(signers[1]).toBeGreaterThan(signers[0] as number)
    }
    const pubkey = curves().secp256k1.getPublicKey(COW.privateKey, true)
    const cowScript = bitcoin.payments.p2pkh({ pubkey, network: bitcoin.networks.regtest }).output
    expect(bytesToUnprefixedHex(tx.outs[0]?.script ?? new Uint8Array())).toBe(
      bytesToUnprefixedHex(cowScript ?? new Uint8Array()),
    )
    expect(BigInt(tx.outs[0]?.value ?? 0)).toBe(50_000_000n - 37_200n)

    const chain = new BitcoinChain(
      slotBtcStore({
        getStorage: (slot) => world.state.getStorage(BITCOIN_CHAIN_ADDRESS, slot),
        setStorage: () => {
          throw new Error('read-only')
        },
      }),
      NETWORK,
    )
    expect(chain.mempool().map(bytesToUnprefixedHex)).toEqual([tx.getId()])
  })

  test('a signature that does not verify is ignored without an event', () => {
    const { world } = pegoutWaitingForSignatures()
    const federator = federators()[0] as Sender
    const [entry] = readWaitingForSignatures(world.storage())
    // A valid signature by the federator, over the wrong hash.
    const wrong = signBtc(new Uint8Array(32).fill(7), federator.privateKey)
    const key = curves().secp256k1.getPublicKey(federator.privateKey, true)
    const data = encodeAddSignatureCall(key, [wrong], entry?.rskTxHash ?? new Uint8Array(32))
    const result = world.send(federator, data)
    expect(result.success).toBe(true)
    expect(result.logs).toHaveLength(0)
    expect(signaturesToAdd(world.storage(), NETWORK)).toHaveLength(2)
  })

  test('a caller outside the federation fails the call', () => {
    const { world } = pegoutWaitingForSignatures()
    const [good] = signaturesToAdd(world.storage(), NETWORK)
    const result = world.send(COW, good?.data ?? new Uint8Array())
    expect(result.success).toBe(false)
    expect(result.error).toMatch(/not authorized to call the function: 'addSignature'/)
  })
})

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

describe('the whole Bridge contract', () => {
  test('a 0.5 RBTC peg-out from a cow account ends in a signed transaction paying its key, in the mempool', () => {
    const world = new PegoutWorld(createBridgeContract({ name: NETWORK }))
    const request = world.send(COW, new Uint8Array(0), RBTC / 2n)
    expect(topics(request)).toEqual([topicOf('release_request_received(address,string,uint256)')])
    const byAddress = new Map(federators().map((f) => [f.address, f]))
    for (let block = 2n; block <= 6n; block++) {
      world.blockNumber = block
      if (needsUpdateCollections(world.storage(), NETWORK, block))
        expect(world.send(federators()[0] as Sender, updateCollectionsCall()).success).toBe(true)
      for (const call of signaturesToAdd(world.storage(), NETWORK))
        expect(world.send(byAddress.get(call.from) as Sender, call.data).success).toBe(true)
    }
    const chain = new BitcoinChain(
      slotBtcStore({
        getStorage: (slot) => world.state.getStorage(BITCOIN_CHAIN_ADDRESS, slot),
        setStorage: () => {
          throw new Error('read-only')
        },
      }),
      NETWORK,
    )
    const [txid] = chain.mempool()
    const tx = bitcoin.Transaction.fromHex(
      bytesToUnprefixedHex(chain.transaction(txid ?? new Uint8Array(32))?.raw ?? new Uint8Array()),
    )
    const pubkey = curves().secp256k1.getPublicKey(COW.privateKey, true)
    const cowScript = bitcoin.payments.p2pkh({ pubkey, network: bitcoin.networks.regtest }).output
    expect(bytesToUnprefixedHex(tx.outs[0]?.script ?? new Uint8Array())).toBe(
      bytesToUnprefixedHex(cowScript ?? new Uint8Array()),
    )
    expect(BigInt(tx.outs[0]?.value ?? 0)).toBe(50_000_000n - 37_200n)
    expect(new AbiReader(concat(new Uint8Array(4), call(world, 'getQueuedPegoutsCount()'))).uint(0)).toBe(0n)
  })
})
