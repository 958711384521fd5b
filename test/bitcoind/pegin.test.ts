/**
 * A peg-in driven only through the bitcoind-compatible RPC, as a script written for Bitcoin Core
 * does it: import a key, fund it from the wallet, pay the federation with `sendtoaddress`, mine with
 * `generatetoaddress`, prove with `gettxoutproof`. The proof verifies with bitcoinjs-lib's block and
 * hash code, and the RSK address of the key is credited once the federation registered it.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { privateKeyToAddress } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { federationOf } from '../../src/core/bitcoin/chain/federation.js'
import { sha256 } from '../../src/core/crypto/hash.js'
import { bytesToHex, bytesToUnprefixedHex, hexToBytes, utf8ToBytes } from '../../src/core/util/hex.js'
import { createBitcoindNode } from './bitcoindNode.js'

const ECPair = ECPairFactory(ecc)
const regtest = bitcoin.networks.regtest

/** Reads a merkle block with bitcoinjs-lib: its header, and the root and matches its partial tree leads to. */
function verifyMerkleBlock(proof: Uint8Array) {
  const header = bitcoin.Block.fromBuffer(proof.slice(0, 80))
  const view = new DataView(proof.buffer, proof.byteOffset)
  const total = view.getUint32(80, true)
  let at = 84
  const hashCount = proof[at++] as number
  const hashes: Uint8Array[] = []
  for (let i = 0; i < hashCount; i++, at += 32) hashes.push(proof.slice(at, at + 32))
  const flagBytes = proof.slice(at + 1, at + 1 + (proof[at] as number))
  let bit = 0
  let used = 0
  const matched: string[] = []
  const width = (height: number) => (total + (1 << height) - 1) >> height
  let height = 0
  while (width(height) > 1) height++
  const walk = (h: number, pos: number): Uint8Array => {
    const flag = ((flagBytes[bit >> 3] as number) >> (bit & 7)) & 1
    bit++
    if (h === 0 || !flag) {
      const hash = hashes[used++] as Uint8Array
      if (h === 0 && flag) matched.push(bytesToUnprefixedHex(hash.slice().reverse()))
      return hash
    }
    const left = walk(h - 1, pos * 2)
    const right = pos * 2 + 1 < width(h - 1) ? walk(h - 1, pos * 2 + 1) : left
    const pair = new Uint8Array(64)
    pair.set(left)
    pair.set(right, 32)
    return bitcoin.crypto.hash256(pair)
  }
  const root = walk(height, 0)
  return { header, root, matched, total }
}

describe('peg-in through the bitcoind-compatible RPC', () => {
  test('fund, sendtoaddress to the federation, generatetoaddress, gettxoutproof: the proof verifies', async () => {
    const { call, internalErrors } = await createBitcoindNode()
    const key = ECPair.fromPrivateKey(sha256(utf8ToBytes('bitcoind peg-in test key')), { network: regtest })
    const address = bitcoin.payments.p2pkh({ pubkey: key.publicKey, network: regtest }).address as string
    expect(await call('importprivkey', key.toWIF(), 'pegin', false)).toBeNull()
    expect(await call('dumpprivkey', address)).toBe(key.toWIF())

    await call('sendtoaddress', address, 2)
    const miner = await call<string>('getnewaddress')
    await call('generatetoaddress', 1, miner)
    const [coin] = await call<Array<{ amount: number; confirmations: number }>>('listunspent', 1, 9_999_999, [
      address,
    ])
    expect(coin).toMatchObject({ amount: 2, confirmations: 1 })

    const federation = federationOf('regtest').address
    const txid = await call<string>('sendtoaddress', federation, 1)
    expect(await call('getrawmempool')).toEqual([txid])
    const sent = await call<{
      vin: Array<{ scriptSig: { asm: string } }>
      vout: Array<{ value: number; scriptPubKey: { address?: string } }>
    }>('getrawtransaction', txid, true)
    // Paid by the imported key (a P2PKH sender, as the Bridge requires of a peg-in).
    expect(sent.vin[0]?.scriptSig.asm.endsWith(bytesToUnprefixedHex(key.publicKey))).toBe(true)
    expect(sent.vout.find((o) => o.scriptPubKey.address === federation)?.value).toBe(1)

    const [blockHash] = await call<string[]>('generatetoaddress', 3, miner)
    const proofHex = await call<string>('gettxoutproof', [txid])
    const proof = verifyMerkleBlock(hexToBytes(proofHex))
    expect(proof.header.getId()).toBe(blockHash)
    expect(proof.header.checkProofOfWork()).toBe(true)
    expect(bytesToHex(proof.root)).toBe(bytesToHex(proof.header.merkleRoot as Uint8Array))
    expect(proof.matched).toEqual([txid])
    expect(await call('verifytxoutproof', proofHex)).toEqual([txid])

    // The whole block, as bitcoinjs-lib reads it: same merkle root, holding the peg-in.
    const block = bitcoin.Block.fromHex(await call<string>('getblock', blockHash, 0))
    expect(block.checkTxRoots()).toBe(true)
    expect(block.transactions?.map((tx) => tx.getId())).toContain(txid)
    expect(await call('getrawtransaction', txid, 1)).toMatchObject({ blockhash: blockHash, confirmations: 3 })
    expect(internalErrors).toEqual([])
  })

  test('the federation registers it: the RSK address of the sender key gets exactly its value', async () => {
    const { node, call, internalErrors } = await createBitcoindNode()
    const ask = (method: string, params: unknown[] = []) =>
      node.request({ jsonrpc: '2.0', id: 1, method, params }) as Promise<{
        result?: unknown
        error?: { code: number }
      }>
    const key = ECPair.fromPrivateKey(sha256(utf8ToBytes('bitcoind peg-in credit key')), { network: regtest })
    await call('importprivkey', key.toWIF())
    const address = bitcoin.payments.p2pkh({ pubkey: key.publicKey, network: regtest }).address as string
    const miner = await call<string>('getnewaddress')
    await call('sendtoaddress', address, 2)
    await call('generatetoaddress', 1, miner)
    await call('sendtoaddress', federationOf('regtest').address, 1)
    // Three confirmations; with RSK automine each call mines an RSK block the federation fills.
    for (let i = 0; i < 4; i++) await call('generatetoaddress', 1, miner)
    const recipient = privateKeyToAddress(bytesToHex(key.privateKey as Uint8Array))
    expect((await ask('eth_getBalance', [recipient, 'latest'])).result).toBe(`0x${(10n ** 18n).toString(16)}`)
    expect(internalErrors).toEqual([])
  })
})
