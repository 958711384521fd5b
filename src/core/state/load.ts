/** Start-up: the latest flat state from range scans of its records (no trie walk, no replay). */
import type { KeyValueStore } from '../storage/types.js'
import type { Address } from '../util/hex.js'
import { bytesToBigint } from '../util/hex.js'
import { decodeAccount } from './account.js'
import type { FlatState } from './flatState.js'
import { CODE_PREFIX, FLAT_ACCOUNT_PREFIX, FLAT_ROOT_KEY, FLAT_STORAGE_PREFIX, prefixEnd } from './keys.js'

export interface LoadedFlatState {
  /** The recorded root (`sr`), when the flat records describe a state no block header names. */
  root: Uint8Array | undefined
  flat: FlatState
}

export async function loadFlatState(kv: KeyValueStore): Promise<LoadedFlatState> {
  const scan = (prefix: string) => kv.range({ gte: prefix, lt: prefixEnd(prefix) })
  const [root, accountRecords, storageRecords, codeRecords] = await Promise.all([
    kv.get(FLAT_ROOT_KEY),
    scan(FLAT_ACCOUNT_PREFIX),
    scan(FLAT_STORAGE_PREFIX),
    scan(CODE_PREFIX),
  ])
  const flat: FlatState = { accounts: new Map(), storage: new Map(), codes: new Map() }
  for (const [key, value] of accountRecords) {
    flat.accounts.set(`0x${key.slice(FLAT_ACCOUNT_PREFIX.length)}` as Address, decodeAccount(value))
  }
  // Keys are `ss:<40 hex address>:<64 hex slot>`, so the address part is at a fixed offset.
  const addressStart = FLAT_STORAGE_PREFIX.length
  const slotStart = addressStart + 41
  let lastAddress = ''
  let slots = new Map<bigint, bigint>()
  for (const [key, value] of storageRecords) {
    const addressHex = key.slice(addressStart, addressStart + 40)
    if (addressHex !== lastAddress) {
      lastAddress = addressHex
      slots = new Map()
      flat.storage.set(`0x${addressHex}` as Address, slots)
    }
    slots.set(BigInt(`0x${key.slice(slotStart)}`), bytesToBigint(value))
  }
  for (const [key, value] of codeRecords) flat.codes.set(key.slice(CODE_PREFIX.length), value)
  return { root, flat }
}
