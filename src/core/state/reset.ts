/**
 * Moving the flat state from one committed root to another (snapshot revert, reorg, recovery).
 *
 * The account tries of the two roots are compared with `diffTries`, which skips every subtree the
 * roots share; for each account that differs, its storage tries are compared the same way. The
 * secure tries only hold keccak(address) and keccak(slot), so the originals come from the preimage
 * records written at commit (or, without storage, from the keys the state holds now).
 */
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import { diffTries } from '../trie/diff.js'
import { keccak256 } from '../trie/keccak.js'
import { SecureMerklePatriciaTrie } from '../trie/secure.js'
import type { TrieNodeStore } from '../trie/store.js'
import type { TrieRoot } from '../trie/trie.js'
import {
  type Address,
  bigintToBytes,
  bytesToBigint,
  bytesToHex,
  bytesToUnprefixedHex,
  equalBytes,
  hexToBytes,
  toAddress,
} from '../util/hex.js'
import { decodeAccount, decodeStorageValue, encodeFlatAccount, slotKey } from './account.js'
import type { FlatState } from './flatState.js'
import { flatAccountKey, flatStorageKey, preimageKey } from './keys.js'

export interface MoveFlatStateParameters {
  flat: FlatState
  nodes: TrieNodeStore
  kv: KeyValueStore | undefined
  from: TrieRoot
  to: TrieRoot
  /** Addresses with uncommitted changes: their flat values are re-read from the target root. */
  dirty: ReadonlySet<Address>
  /** Preimages kept in memory by a state without storage (hex of the hashed key → key). */
  memoryPreimages?: ReadonlyMap<string, Uint8Array>
  loadCode: (codeHash: Uint8Array) => Promise<Uint8Array>
}

class PreimageResolver {
  private known: Map<string, Uint8Array> | undefined
  constructor(
    private readonly kv: KeyValueStore | undefined,
    private readonly memory: ReadonlyMap<string, Uint8Array> | undefined,
    private readonly candidates: () => Iterable<Uint8Array>,
  ) {}

  async resolve(hashedKey: Uint8Array): Promise<Uint8Array> {
    const stored = this.memory?.get(bytesToHex(hashedKey)) ?? (await this.kv?.get(preimageKey(hashedKey)))
    if (stored) return stored
    if (!this.known) {
      this.known = new Map()
      for (const key of this.candidates()) this.known.set(bytesToHex(keccak256(key)), key)
    }
    const found = this.known.get(bytesToHex(hashedKey))
    if (!found) throw new Error(`no preimage recorded for trie key ${bytesToHex(hashedKey)}`)
    return found
  }
}

/** Updates `flat` in place to the state at `toRoot`; returns the flat-record writes that match. */
export async function moveFlatState(parameters: MoveFlatStateParameters): Promise<KvOperation[]> {
  const { flat, nodes, kv, from, to, dirty, memoryPreimages, loadCode } = parameters
  const writes: KvOperation[] = []
  const addressPreimages = new PreimageResolver(kv, memoryPreimages, () =>
    [...flat.accounts.keys(), ...dirty].map((a) => hexToBytes(a)),
  )
  const addresses = new Set<Address>(dirty)
  for (const { key } of await diffTries(nodes, from, to)) {
    addresses.add(toAddress(await addressPreimages.resolve(key)))
  }
  const target = new SecureMerklePatriciaTrie({ root: to.root, rootAt: to.at, store: nodes })
  for (const address of addresses) {
    const current = flat.accounts.get(address)
    const currentSlots = flat.storage.get(address) ?? new Map<bigint, bigint>()
    const found = await target.getWithLocation(hexToBytes(address))
    if (!found) {
      flat.accounts.delete(address)
      flat.storage.delete(address)
      writes.push({ type: 'delete', key: flatAccountKey(address) })
      for (const slot of currentSlots.keys())
        writes.push({ type: 'delete', key: flatStorageKey(address, slot) })
      continue
    }
    const account = decodeAccount(found.value, found.valueAt)
    if (!equalBytes(account.codeHash, KECCAK256_EMPTY)) {
      const id = bytesToUnprefixedHex(account.codeHash)
      if (!flat.codes.has(id)) flat.codes.set(id, await loadCode(account.codeHash))
    }
    const heldSlots = [...currentSlots.keys()]
    const slotPreimages = new PreimageResolver(kv, memoryPreimages, () => heldSlots.map(slotKey))
    // Uncommitted or absent accounts have no trustworthy flat storage: compare from empty.
    const trusted = current !== undefined && !dirty.has(address)
    if (!trusted) currentSlots.clear()
    const fromStorage = trusted
      ? { root: current.storageRoot, at: current.storageAt ?? 0 }
      : { root: EMPTY_TRIE_ROOT, at: 0 }
    if (!equalBytes(fromStorage.root, account.storageRoot)) {
      const toStorage = { root: account.storageRoot, at: account.storageAt ?? 0 }
      for (const { key, after } of await diffTries(nodes, fromStorage, toStorage)) {
        const slot = bytesToBigint(await slotPreimages.resolve(key))
        const flatKey = flatStorageKey(address, slot)
        // A zero present in the trie is a forked node's: it hides the upstream's value, so it stays.
        const value = after ? decodeStorageValue(after) : undefined
        if (value === undefined) {
          currentSlots.delete(slot)
          writes.push({ type: 'delete', key: flatKey })
        } else {
          currentSlots.set(slot, value)
          writes.push({ type: 'put', key: flatKey, value: bigintToBytes(value) })
        }
      }
    }
    if (!trusted) {
      for (const slot of heldSlots) {
        if (!currentSlots.has(slot)) writes.push({ type: 'delete', key: flatStorageKey(address, slot) })
      }
    }
    if (currentSlots.size > 0) flat.storage.set(address, currentSlots)
    else flat.storage.delete(address)
    flat.accounts.set(address, account)
    writes.push({ type: 'put', key: flatAccountKey(address), value: encodeFlatAccount(account, found.value) })
  }
  return writes
}
