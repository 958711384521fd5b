/**
 * Account and storage values as Ethereum's state trie holds them:
 * account = RLP([nonce, balance, storageRoot, codeHash]), storage value = RLP(minimal big-endian).
 */
import { decode, type NestedUint8Array } from '@ethereumjs/rlp'
import { encodeRlp as encode } from '../chain/rlpEncode.js'
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import type { AccountData } from '../evm/types.js'
import { bigintToBytes, bigintToPaddedBytes, bytesToBigint, concatBytes, equalBytes } from '../util/hex.js'
import { appendVarint, ByteReader } from '../util/varint.js'

/** An account as stored: what the EVM sees plus the root of its storage trie. */
export interface StateAccount extends AccountData {
  storageRoot: Uint8Array
  /**
   * Where the storage root lies (`NodeMemo.at`): not part of the account's RLP, kept with it in
   * the account trie's leaf and in the flat record. 0 or absent: under `t:<hash>`.
   */
  storageAt?: number
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

export function decodeAccount(encoded: Uint8Array, storageAt = 0): StateAccount {
  return accountOf(decode(encoded), storageAt)
}

function accountOf(fields: Uint8Array | NestedUint8Array, storageAt: number): StateAccount {
  if (!Array.isArray(fields) || fields.length !== 4 || fields.some((f) => !(f instanceof Uint8Array))) {
    throw new Error('an account is an RLP list of 4 byte strings')
  }
  const [nonce, balance, storageRoot, codeHash] = fields as Uint8Array[]
  return {
    nonce: bytesToBigint(nonce as Uint8Array),
    balance: bytesToBigint(balance as Uint8Array),
    storageRoot: storageRoot as Uint8Array,
    codeHash: codeHash as Uint8Array,
    ...(storageAt !== 0 && { storageAt }),
  }
}

/**
 * A flat account record (`sa:`, and an account's change in a commit record): the account's RLP,
 * then, when its storage root lies in a packed record, that record's number as a varint. An
 * account with neither code nor storage (most of a transfer's: sender, recipient, miner) is
 * written short: a 0x01, then the RLP of its nonce and balance alone, without the 66 bytes of its
 * empty roots. Records of the previous layout are the account's RLP alone, and decode as before.
 */
export function encodeFlatAccount(account: StateAccount, encoded?: Uint8Array): Uint8Array {
  const at = account.storageAt ?? 0
  if (at === 0 && isPlain(account))
    return concatBytes(
      Uint8Array.of(PLAIN_ACCOUNT),
      encode([bigintToBytes(account.nonce), bigintToBytes(account.balance)]),
    )
  const full = encoded ?? encodeAccount(account)
  return at === 0 ? full : appendVarint(full, at)
}

export function decodeFlatAccount(value: Uint8Array): StateAccount {
  if (value[0] === PLAIN_ACCOUNT) {
    const fields = decode(value.subarray(1))
    if (!Array.isArray(fields) || fields.length !== 2 || fields.some((f) => !(f instanceof Uint8Array)))
      throw new Error('a plain flat account is an RLP list of its nonce and balance')
    const [nonce, balance] = fields as Uint8Array[]
    return {
      nonce: bytesToBigint(nonce as Uint8Array),
      balance: bytesToBigint(balance as Uint8Array),
      storageRoot: EMPTY_TRIE_ROOT,
      codeHash: KECCAK256_EMPTY,
    }
  }
  // The RLP, then (maybe) the storage root's location: what the RLP leaves over.
  const { data, remainder } = decode(value, true)
  return accountOf(data, remainder.length === 0 ? 0 : new ByteReader(remainder).varint())
}

/** The first byte of a short flat account; an RLP list starts at 0xc0 or above. */
const PLAIN_ACCOUNT = 0x01

function isPlain(account: StateAccount): boolean {
  return equalBytes(account.storageRoot, EMPTY_TRIE_ROOT) && equalBytes(account.codeHash, KECCAK256_EMPTY)
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
