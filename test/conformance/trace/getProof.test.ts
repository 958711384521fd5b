/**
 * eth_getProof against an independent MPT implementation: every account and storage proof must
 * verify against the block's stateRoot (and the account's storageHash) with @ethereumjs/mpt.
 */
import { verifyMerkleProof } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { beforeAll, describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../../../src/core/crypto/hash.js'
import { bytesToBigint, bytesToHex, hexToBytes } from '../../../src/core/util/hex.js'
import { BOB, createTraceChain, SENDER } from './traceChain.js'

type Chain = Awaited<ReturnType<typeof createTraceChain>>
let chain: Chain

beforeAll(async () => {
  chain = await createTraceChain()
})

interface ProofResponse {
  address: string
  accountProof: string[]
  balance: string
  codeHash: string
  nonce: string
  storageHash: string
  storageProof: { key: string; value: string; proof: string[] }[]
}

const slotKey = (slot: bigint) => hexToBytes(`0x${slot.toString(16).padStart(64, '0')}`)
const quantity = (bytes: Uint8Array) => `0x${bytesToBigint(bytes).toString(16)}`

/** Checks the whole response with @ethereumjs/mpt and returns the proven account fields. */
async function verifyProof(proof: ProofResponse, stateRoot: string, slots: bigint[]) {
  const proven = await verifyMerkleProof(hexToBytes(proof.address), proof.accountProof.map(hexToBytes), {
    root: hexToBytes(stateRoot),
    useKeyHashing: true,
  })
  if (proven === null) {
    expect([proof.nonce, proof.balance, proof.codeHash, proof.storageHash]).toEqual([
      '0x0',
      '0x0',
      bytesToHex(KECCAK256_EMPTY),
      bytesToHex(EMPTY_TRIE_ROOT),
    ])
  } else {
    const [nonce, balance, storageRoot, codeHash] = RLP.decode(proven) as Uint8Array[]
    expect(proof.nonce).toBe(quantity(nonce!))
    expect(proof.balance).toBe(quantity(balance!))
    expect(proof.storageHash).toBe(bytesToHex(storageRoot!))
    expect(proof.codeHash).toBe(bytesToHex(codeHash!))
  }
  expect(proof.storageProof.map((s) => s.key)).toEqual(slots.map((s) => `0x${s.toString(16)}`))
  for (const [i, storage] of proof.storageProof.entries()) {
    if (proof.storageHash === bytesToHex(EMPTY_TRIE_ROOT)) {
      // An empty storage trie has no node to show: the proof is empty and the root alone proves
      // every slot zero (the library refuses a proof without nodes).
      expect(storage.value).toBe('0x0')
      continue
    }
    const value = await verifyMerkleProof(slotKey(slots[i]!), storage.proof.map(hexToBytes), {
      root: hexToBytes(proof.storageHash),
      useKeyHashing: true,
    })
    expect(storage.value).toBe(value === null ? '0x0' : quantity(RLP.decode(value) as Uint8Array))
  }
}

async function stateRootOf(block: string): Promise<string> {
  return ((await chain.call('eth_getBlockByNumber', [block, false])) as { stateRoot: string }).stateRoot
}

describe('eth_getProof', () => {
  test("a contract's account and storage proofs verify against the latest stateRoot", async () => {
    const proof = (await chain.call('eth_getProof', [
      chain.tiny,
      [slotKey(0n), slotKey(7n)].map(bytesToHex),
      'latest',
    ])) as ProofResponse
    expect(proof.storageProof.map((s) => s.value)).toEqual(['0x2a', '0x0'])
    await verifyProof(proof, await stateRootOf('latest'), [0n, 7n])
  })

  test('a past block proves the state of that block', async () => {
    const slots = [slotKey(0n)].map(bytesToHex)
    const before = (await chain.call('eth_getProof', [chain.reverterAddress, slots, '0x3'])) as ProofResponse
    const after = (await chain.call('eth_getProof', [chain.reverterAddress, slots, '0x4'])) as ProofResponse
    expect(before.storageProof[0]!.value).toBe('0x0')
    expect(after.storageProof[0]!.value).toBe('0x1')
    await verifyProof(before, await stateRootOf('0x3'), [0n])
    await verifyProof(after, await stateRootOf('0x4'), [0n])
  })

  test('an account without storage has the empty storage root and empty storage proofs', async () => {
    const proof = (await chain.call('eth_getProof', [
      SENDER,
      [bytesToHex(slotKey(1n))],
      'latest',
    ])) as ProofResponse
    expect(proof.storageHash).toBe(bytesToHex(EMPTY_TRIE_ROOT))
    expect(proof.nonce).toBe('0x6')
    await verifyProof(proof, await stateRootOf('latest'), [1n])
  })

  test('a missing account is proven absent', async () => {
    const missing = '0x00000000000000000000000000000000000000ee'
    const proof = (await chain.call('eth_getProof', [missing, [], 'latest'])) as ProofResponse
    await verifyProof(proof, await stateRootOf('latest'), [])
    expect(proof.balance).toBe('0x0')
  })

  test("the response has the specification's members in order", async () => {
    const proof = (await chain.call('eth_getProof', [
      BOB,
      [bytesToHex(slotKey(0n))],
      'latest',
    ])) as ProofResponse
    expect(Object.keys(proof)).toEqual([
      'address',
      'accountProof',
      'balance',
      'codeHash',
      'nonce',
      'storageHash',
      'storageProof',
    ])
    expect(Object.keys(proof.storageProof[0]!)).toEqual(['key', 'value', 'proof'])
    expect(proof.balance).toBe('0x3e8')
  })

  test("an unknown block is RSKj's -32600", async () => {
    const response = await chain.rpc('eth_getProof', [BOB, [], '0x99'])
    expect(response.error).toEqual({ code: -32600, message: 'Block 0x99 not found' })
  })
})
