/**
 * Account and storage values as Ethereum's state trie holds them:
 * account = RLP([nonce, balance, storageRoot, codeHash]), storage value = RLP(minimal big-endian).
 */
import { decode } from '@ethereumjs/rlp'
import { encodeRlp as encode } from '../chain/rlpEncode.js'
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import type { AccountData } from '../evm/types.js'
import { bigintToBytes, bigintToPaddedBytes, bytesToBigint, equalBytes } from '../util/hex.js'
import { ByteReader, varintLength, writeVarint } from '../util/varint.js'

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
    return concat(
      Uint8Array.of(PLAIN_ACCOUNT),
      encode([bigintToBytes(account.nonce), bigintToBytes(account.balance)]),
    )
  const full = encoded ?? encodeAccount(account)
  if (at === 0) return full
  const out = new Uint8Array(full.length + varintLength(at))
  out.set(full)
  writeVarint(out, full.length, at)
  return out
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
  const end = rlpItemEnd(value)
  if (end === value.length) return decodeAccount(value)
  return decodeAccount(value.subarray(0, end), new ByteReader(value, end).varint())
}

/** The first byte of a short flat account; an RLP list starts at 0xc0 or above. */
const PLAIN_ACCOUNT = 0x01

function isPlain(account: StateAccount): boolean {
  return equalBytes(account.storageRoot, EMPTY_TRIE_ROOT) && equalBytes(account.codeHash, KECCAK256_EMPTY)
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

/** Where the RLP item at the start of `bytes` ends. */
function rlpItemEnd(bytes: Uint8Array): number {
  const first = bytes[0] as number
  if (first < 0x80) return 1
  if (first <= 0xb7) return 1 + first - 0x80
  if (first < 0xc0) return 1 + (first - 0xb7) + lengthAt(bytes, 1, first - 0xb7)
  if (first <= 0xf7) return 1 + first - 0xc0
  return 1 + (first - 0xf7) + lengthAt(bytes, 1, first - 0xf7)
}

function lengthAt(bytes: Uint8Array, offset: number, size: number): number {
  let length = 0
  for (let i = 0; i < size; i++) length = length * 256 + (bytes[offset + i] as number)
  return length
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
