/**
 * The writes of a state commit's trie nodes (packedNodes.ts): every node of the commit, roots
 * included, in one packed record numbered by the commit (a commit numbered 0, outside a state,
 * writes each node under its hash, as previous layouts did).
 */
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import {
  encodeCommitRecord,
  encodePackedNodes,
  encodeRootRecord,
  PACKED_NODES_END,
  PACKED_NODES_PREFIX,
  type PackedTrieNode,
  packedNodesKey,
  seqOfPackedNodesKey,
} from '../trie/packedNodes.js'
import { trieNodeKey } from '../trie/store.js'
import type { TrieNodeWrite } from '../trie/trie.js'

/** The highest commit number with a packed record in `kv` (0 for none): one reverse range row. */
export async function highestPackedSeq(kv: KeyValueStore): Promise<number> {
  const [row] = await kv.range({ gte: PACKED_NODES_PREFIX, lt: PACKED_NODES_END, reverse: true, limit: 1 })
  return row ? seqOfPackedNodesKey(row[0]) : 0
}

/** Collects the nodes of the tries one commit (`seq`) updates, then writes them. */
export class CommitNodeWrites {
  readonly seq: number
  readonly #packed: PackedTrieNode[] = []

  constructor(seq: number) {
    this.seq = seq
  }

  /** A trie's committed nodes: under their hash at once for commit 0, else kept for `finish`. */
  add(nodes: readonly TrieNodeWrite[], writes: KvOperation[]): void {
    for (const node of nodes) {
      if (node.at === 0)
        writes.push({
          type: 'put',
          key: trieNodeKey(node.hash),
          value: encodeRootRecord(node.encoded, node.childAt),
        })
      else this.#packed.push(node)
    }
  }

  /** The commit's record, when it wrote nodes or carries `extra` (flatDeltas.ts). */
  finish(writes: KvOperation[], extra: Uint8Array = new Uint8Array(0)): void {
    if (this.#packed.length === 0 && extra.length === 0) return
    writes.push({
      type: 'put',
      key: packedNodesKey(this.seq),
      value: encodeCommitRecord(encodePackedNodes(this.seq, this.#packed), extra),
    })
  }
}
