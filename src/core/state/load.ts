/**
 * Start-up: the latest flat state from range scans of its records, and the flat changes of the
 * few commits since they were last rewritten replayed on top (flatDeltas.ts). No trie walk.
 */
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import type { TrieRoot } from '../trie/trie.js'
import type { Address } from '../util/hex.js'
import { bytesToBigint } from '../util/hex.js'
import { appendVarint, ByteReader } from '../util/varint.js'
import { decodeFlatAccount } from './account.js'
import { readUnflushedDeltas, UnflushedFlatState } from './flatDeltas.js'
import type { FlatState } from './flatState.js'
import { CODE_PREFIX, FLAT_ACCOUNT_PREFIX, FLAT_ROOT_KEY, FLAT_STORAGE_PREFIX, prefixEnd } from './keys.js'

export interface LoadedFlatState {
  /** The recorded root (`sr`), when the flat records describe a state no block header names. */
  root: TrieRoot | undefined
  flat: FlatState
  /** The changes replayed, not in the flat records yet. */
  unflushed: UnflushedFlatState
}

// Keys are `ss:<40 hex address>:<64 hex slot>`, so the address and the slot are at fixed offsets.
const ADDRESS_START = FLAT_STORAGE_PREFIX.length
const SLOT_START = ADDRESS_START + 41

export async function loadFlatState(kv: KeyValueStore): Promise<LoadedFlatState> {
  const scan = (prefix: string) => kv.range({ gte: prefix, lt: prefixEnd(prefix) })
  const [root, accountRecords, storageRecords, codeRecords, replay] = await Promise.all([
    kv.get(FLAT_ROOT_KEY),
    scan(FLAT_ACCOUNT_PREFIX),
    scan(FLAT_STORAGE_PREFIX),
    scan(CODE_PREFIX),
    readUnflushedDeltas(kv),
  ])
  const flat: FlatState = { accounts: new Map(), storage: new Map(), codes: new Map() }
  for (const [key, value] of accountRecords) {
    flat.accounts.set(`0x${key.slice(FLAT_ACCOUNT_PREFIX.length)}` as Address, decodeFlatAccount(value))
  }
  let lastAddress = ''
  let slots = new Map<bigint, bigint>()
  for (const [key, value] of storageRecords) {
    const addressHex = key.slice(ADDRESS_START, ADDRESS_START + 40)
    if (addressHex !== lastAddress) {
      lastAddress = addressHex
      slots = new Map()
      flat.storage.set(`0x${addressHex}` as Address, slots)
    }
    slots.set(BigInt(`0x${key.slice(SLOT_START)}`), bytesToBigint(value))
  }
  for (const [key, value] of codeRecords) flat.codes.set(key.slice(CODE_PREFIX.length), value)
  const unflushed = new UnflushedFlatState()
  unflushed.commitsSinceRewrite = replay.commits
  unflushed.add(replay.operations)
  for (const op of replay.operations) applyFlatChange(flat, op)
  return { root: root && decodeRootLocation(root), flat, unflushed }
}

/** The value of `sr`: the root's 32 bytes, then where it lies (a varint) unless under `t:`. */
export function encodeRootLocation({ root, at }: TrieRoot): Uint8Array {
  return at === 0 ? root : appendVarint(root, at)
}

function decodeRootLocation(value: Uint8Array): TrieRoot {
  const root = value.slice(0, 32)
  return { root, at: value.length > 32 ? new ByteReader(value, 32).varint() : 0 }
}

/** One flat record's change, as the flat records would hold it once rewritten. */
function applyFlatChange(flat: FlatState, op: KvOperation): void {
  if (op.key.startsWith(FLAT_ACCOUNT_PREFIX)) {
    const address = `0x${op.key.slice(FLAT_ACCOUNT_PREFIX.length)}` as Address
    if (op.type === 'put') flat.accounts.set(address, decodeFlatAccount(op.value))
    else flat.accounts.delete(address)
    return
  }
  if (!op.key.startsWith(FLAT_STORAGE_PREFIX)) throw new RangeError(`a flat change of ${op.key}`)
  const address = `0x${op.key.slice(ADDRESS_START, ADDRESS_START + 40)}` as Address
  const slot = BigInt(`0x${op.key.slice(SLOT_START)}`)
  let slots = flat.storage.get(address)
  if (op.type === 'put') {
    if (!slots) {
      slots = new Map()
      flat.storage.set(address, slots)
    }
    slots.set(slot, bytesToBigint(op.value))
  } else if (slots) {
    slots.delete(slot)
    if (slots.size === 0) flat.storage.delete(address)
  }
}
