/**
 * Reads of any committed state root, for block-tagged RPC calls and eth_getProof. Trie nodes are
 * loaded on demand through the shared node store, so every past root stays readable.
 */
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import type { StateReader } from '../evm/types.js'
import { SecureMerklePatriciaTrie } from '../trie/secure.js'
import type { TrieNodeStore } from '../trie/store.js'
import type { TrieRoot } from '../trie/trie.js'
import { type Address, hexToBytes } from '../util/hex.js'
import { decodeAccount, decodeStorageValue, type StateAccount, slotKey } from './account.js'

export interface StorageProof {
  key: bigint
  value: bigint
  /** RLP nodes from the storage root to the slot. */
  proof: Uint8Array[]
}

/** The eth_getProof (EIP-1186) result in domain types. */
export interface AccountProof {
  address: Address
  /** RLP nodes from the state root to the account. */
  accountProof: Uint8Array[]
  balance: bigint
  codeHash: Uint8Array
  nonce: bigint
  storageHash: Uint8Array
  storageProof: StorageProof[]
}

export class HistoricalState {
  readonly stateRoot: Uint8Array
  private readonly nodes: TrieNodeStore
  private readonly loadCode: (codeHash: Uint8Array) => Promise<Uint8Array>
  private readonly accounts: SecureMerklePatriciaTrie
  /** A forked node's state at its fork block, for what was never written locally. */
  private readonly fallback: StateReader | undefined

  constructor(
    { root, at }: TrieRoot,
    nodes: TrieNodeStore,
    loadCode: (codeHash: Uint8Array) => Promise<Uint8Array>,
    fallback?: StateReader,
  ) {
    this.stateRoot = root
    this.fallback = fallback
    this.nodes = nodes
    this.loadCode = loadCode
    this.accounts = new SecureMerklePatriciaTrie({ root, rootAt: at, store: nodes })
  }

  async getAccount(address: Address): Promise<StateAccount | undefined> {
    const found = await this.accounts.getWithLocation(hexToBytes(address))
    if (found) return decodeAccount(found.value, found.valueAt)
    const remote = this.fallback?.getAccount(address)
    return remote && { ...remote, storageRoot: EMPTY_TRIE_ROOT }
  }

  async getBalance(address: Address): Promise<bigint> {
    return (await this.getAccount(address))?.balance ?? 0n
  }

  async getNonce(address: Address): Promise<bigint> {
    return (await this.getAccount(address))?.nonce ?? 0n
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const account = await this.getAccount(address)
    return account ? this.loadCode(account.codeHash) : new Uint8Array(0)
  }

  async getStorage(address: Address, slot: bigint): Promise<bigint> {
    const account = await this.getAccount(address)
    if (!account) return 0n
    const encoded = await this.storageTrie(account).get(slotKey(slot))
    if (encoded) return decodeStorageValue(encoded)
    return this.fallback?.getStorage(address, slot) ?? 0n
  }

  /**
   * Account and storage proofs as eth_getProof returns them. A missing account proves absence
   * and reports zero nonce and balance, the empty code hash and the empty storage root.
   */
  async getProof(address: Address, slots: readonly bigint[]): Promise<AccountProof> {
    const addressBytes = hexToBytes(address)
    const accountProof = await this.accounts.createProof(addressBytes)
    const found = await this.accounts.getWithLocation(addressBytes)
    const account = found ? decodeAccount(found.value, found.valueAt) : undefined
    const storageHash = account?.storageRoot ?? EMPTY_TRIE_ROOT
    const storage = this.storageTrie(account)
    const storageProof: StorageProof[] = []
    for (const slot of slots) {
      const key = slotKey(slot)
      const value = await storage.get(key)
      storageProof.push({
        key: slot,
        value: value ? decodeStorageValue(value) : 0n,
        proof: await storage.createProof(key),
      })
    }
    return {
      address,
      accountProof,
      balance: account?.balance ?? 0n,
      codeHash: account?.codeHash ?? KECCAK256_EMPTY,
      nonce: account?.nonce ?? 0n,
      storageHash,
      storageProof,
    }
  }

  private storageTrie(account: StateAccount | undefined): SecureMerklePatriciaTrie {
    return new SecureMerklePatriciaTrie({
      root: account?.storageRoot ?? EMPTY_TRIE_ROOT,
      rootAt: account?.storageAt ?? 0,
      store: this.nodes,
    })
  }
}
