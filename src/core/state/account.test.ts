import { describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import { decodeFlatAccount, encodeAccount, encodeFlatAccount, type StateAccount } from './account.js'

const plain: StateAccount = {
  nonce: 7n,
  balance: 10n ** 21n,
  storageRoot: EMPTY_TRIE_ROOT,
  codeHash: KECCAK256_EMPTY,
}
const contract: StateAccount = {
  nonce: 1n,
  balance: 0n,
  storageRoot: new Uint8Array(32).fill(0xab),
  codeHash: new Uint8Array(32).fill(0xcd),
}

describe('flat account records', () => {
  test('an account without code or storage is written without its empty roots, and reads back', () => {
    const value = encodeFlatAccount(plain)
    // The marker, a list prefix, a one-byte nonce, and the balance's nine bytes with their prefix.
    expect(value.length).toBe(1 + 1 + 1 + 10)
    expect(value.length).toBeLessThan(encodeAccount(plain).length - 60)
    expect(decodeFlatAccount(value)).toEqual(plain)
  })

  test('an account with storage keeps its RLP, and where its storage root lies when in a packed record', () => {
    expect(encodeFlatAccount(contract)).toEqual(encodeAccount(contract))
    expect(decodeFlatAccount(encodeFlatAccount(contract))).toEqual(contract)
    const located = { ...contract, storageAt: 300 }
    const value = encodeFlatAccount(located)
    expect(value.length).toBe(encodeAccount(contract).length + 2)
    expect(decodeFlatAccount(value)).toEqual(located)
  })

  test('records of the previous layout, the RLP alone, read as before', () => {
    expect(decodeFlatAccount(encodeAccount(plain))).toEqual(plain)
    expect(decodeFlatAccount(encodeAccount(contract))).toEqual(contract)
  })
})
