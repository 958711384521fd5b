/**
 * The "secure" trie of Ethereum's state and storage: every key is replaced by its keccak256
 * before it enters the trie, which keeps paths short and evenly spread.
 */
import { keccak256 } from './keccak.js'
import { createProof, createProofSync, verifyProof } from './proof.js'
import type { TrieNodeStore } from './store.js'
import { MerklePatriciaTrie, type MerklePatriciaTrieParameters, type TrieCommitResult } from './trie.js'

export class SecureMerklePatriciaTrie {
  /** The underlying trie, keyed by hashed keys. */
  readonly trie: MerklePatriciaTrie

  constructor(parameters: MerklePatriciaTrieParameters | MerklePatriciaTrie = {}) {
    this.trie = parameters instanceof MerklePatriciaTrie ? parameters : new MerklePatriciaTrie(parameters)
  }

  get store(): TrieNodeStore {
    return this.trie.store
  }

  copy(): SecureMerklePatriciaTrie {
    return new SecureMerklePatriciaTrie(this.trie.copy())
  }

  root(): Uint8Array {
    return this.trie.root()
  }

  /** `MerklePatriciaTrie.commit`: the nodes, root included, in the record of commit `seq`. */
  commit(seq = 0): TrieCommitResult {
    return this.trie.commit(seq)
  }

  getSync(key: Uint8Array): Uint8Array | undefined {
    return this.trie.getSync(keccak256(key))
  }

  putSync(key: Uint8Array, value: Uint8Array): void {
    this.trie.putSync(keccak256(key), value)
  }

  deleteSync(key: Uint8Array): void {
    this.trie.deleteSync(keccak256(key))
  }

  get(key: Uint8Array): Promise<Uint8Array | undefined> {
    return this.trie.get(keccak256(key))
  }

  getWithLocationSync(key: Uint8Array): { value: Uint8Array; valueAt: number } | undefined {
    return this.trie.getWithLocationSync(keccak256(key))
  }

  /** The value and where the trie it names lies (an account's storage root: `LeafNode.valueAt`). */
  getWithLocation(key: Uint8Array): Promise<{ value: Uint8Array; valueAt: number } | undefined> {
    return this.trie.getWithLocation(keccak256(key))
  }

  put(key: Uint8Array, value: Uint8Array, valueAt = 0): Promise<void> {
    return this.trie.put(keccak256(key), value, valueAt)
  }

  delete(key: Uint8Array): Promise<void> {
    return this.trie.delete(keccak256(key))
  }

  createProofSync(key: Uint8Array): Uint8Array[] {
    return createProofSync(this.trie, keccak256(key))
  }

  createProof(key: Uint8Array): Promise<Uint8Array[]> {
    return createProof(this.trie, keccak256(key))
  }
}

/** `verifyProof` for a secure trie: `key` is the unhashed key (an address, a 32-byte slot). */
export function verifySecureProof(
  root: Uint8Array,
  key: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array | undefined {
  return verifyProof(root, keccak256(key), proof)
}
