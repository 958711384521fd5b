/**
 * Merkle proofs in the form eth_getProof (EIP-1186) uses: the RLP of every node on the path from
 * the root to the key, the root first; nodes embedded in their parent are not repeated.
 */
import { EMPTY_TRIE_ROOT } from '../crypto/hash.js'
import { equalBytes } from '../util/hex.js'
import { keccak256 } from './keccak.js'
import { bytesToNibbles, commonPrefixLength } from './nibbles.js'
import { encodeNode, InvalidTrieNodeError, isHashReferenced, type TrieNode } from './node.js'
import { MissingTrieNodeError, TrieNodeStore } from './store.js'
import { branchChild, extensionChild, MerklePatriciaTrie, withNodeLoading } from './trie.js'

export class InvalidProofError extends Error {
  static code = -32602
  override name = 'InvalidProofError'
}

/** The proof for `key` from nodes in memory (throws `MissingTrieNodeError` when one is not). */
export function createProofSync(trie: MerklePatriciaTrie, key: Uint8Array): Uint8Array[] {
  const { store } = trie
  const nibbles = bytesToNibbles(key)
  let node: TrieNode | undefined = trie.rootNode()
  if (!node) return []
  const proof = [encodeNode(node)]
  let offset = 0
  for (;;) {
    let next: TrieNode | undefined
    if (node.type === 'leaf') break
    if (node.type === 'extension') {
      const match = commonPrefixLength(node.path, 0, nibbles, offset)
      if (match !== node.path.length) break
      offset += match
      next = extensionChild(store, node)
    } else {
      if (offset === nibbles.length) break
      next = branchChild(store, node, nibbles[offset++] as number)
    }
    if (!next) break
    if (isHashReferenced(next)) proof.push(encodeNode(next))
    node = next
  }
  return proof
}

/** The proof for `key`, loading nodes through the trie's store as needed. */
export function createProof(trie: MerklePatriciaTrie, key: Uint8Array): Promise<Uint8Array[]> {
  return withNodeLoading(trie.store, () => createProofSync(trie, key))
}

/**
 * Checks `proof` against `root` and returns the proven value, or `undefined` when the proof
 * shows the key is absent. Throws `InvalidProofError` when the proof does not lead from the root
 * to an answer (a node is missing, does not hash to its reference, or is malformed).
 */
export function verifyProof(
  root: Uint8Array,
  key: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array | undefined {
  if (equalBytes(root, EMPTY_TRIE_ROOT)) return undefined
  const first = proof[0]
  if (!first || !equalBytes(keccak256(first), root)) {
    throw new InvalidProofError('proof does not start with the node of the expected root')
  }
  const store = new TrieNodeStore()
  store.addEncoded(proof)
  const trie = new MerklePatriciaTrie({ root, store })
  try {
    return trie.getSync(key)
  } catch (error) {
    if (error instanceof MissingTrieNodeError)
      throw new InvalidProofError('proof is missing a node on the path')
    if (error instanceof InvalidTrieNodeError)
      throw new InvalidProofError(`proof holds an invalid node: ${error.message}`)
    throw error
  }
}
