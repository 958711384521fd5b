/**
 * Account and storage values as Ethereum's state trie holds them:
 * account = RLP([nonce, balance, storageRoot, codeHash]), storage value = RLP(minimal big-endian).
 */
import { decode } from '@ethereumjs/rlp'
import { encodeRlp as encode } from '../chain/rlpEncode.js'
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import type { AccountData } from '../evm/types.js'
import { bigintToBytes, bigintToPaddedBytes, bytesToBigint } from '../util/hex.js'

/** An account as stored: what the EVM sees plus the root of its storage trie. */
export interface StateAccount extends AccountData {
  storageRoot: Uint8Array
}

export function emptyAccount(): StateAccount {
  return { nonce: 0n, balance: 0n, codeHash: KECCAK256_EMPTY, storageRoot: EMPTY_TRIE_ROOT }
}

export function encodeAccount(account: StateAccount): Uint8Array {
  return encode([
    bigintToBytes(account.nonce),
    bigintToBytes(account.balance),
    account.storageRoot,
    account.codeHash,
  ])
}

export function decodeAccount(encoded: Uint8Array): StateAccount {
  const fields = decode(encoded)
  if (!Array.isArray(fields) || fields.length !== 4 || fields.some((f) => !(f instanceof Uint8Array))) {
    throw new Error('an account is an RLP list of 4 byte strings')
  }
  const [nonce, balance, storageRoot, codeHash] = fields as Uint8Array[]
  return {
    nonce: bytesToBigint(nonce as Uint8Array),
    balance: bytesToBigint(balance as Uint8Array),
    storageRoot: storageRoot as Uint8Array,
    codeHash: codeHash as Uint8Array,
  }
}

/** The 32-byte key of a storage slot (before the secure trie hashes it). */
export function slotKey(slot: bigint): Uint8Array {
  return bigintToPaddedBytes(slot, 32)
}

export function encodeStorageValue(value: bigint): Uint8Array {
  return encode(bigintToBytes(value))
}

export function decodeStorageValue(encoded: Uint8Array): bigint {
  const value = decode(encoded)
  if (!(value instanceof Uint8Array)) throw new Error('a storage value is an RLP byte string')
  return bytesToBigint(value)
}
