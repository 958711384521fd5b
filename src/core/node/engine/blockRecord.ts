/**
 * A block as the engine keeps it: the header, its transactions (REMASC last) with their senders,
 * and its receipts. Stored as one RLP record under `keys.block(n)`: senders are stored so that a
 * restart never has to recover signatures again, and contract addresses because RSKj's receipt
 * encoding does not carry them.
 */
import type { BlockHeader } from '../../chain/header.js'
import type { SignedTransaction } from '../../chain/transaction.js'
import type { Log } from '../../evm/types.js'
import type { TrieRoot } from '../../trie/trie.js'
import type { Address } from '../../util/hex.js'

export interface StoredReceipt {
  status: boolean
  cumulativeGasUsed: bigint
  gasUsed: bigint
  logs: Log[]
  bloom: Uint8Array
  contractAddress: Address | null
}

export interface StoredBlock {
  header: BlockHeader
  hash: Uint8Array
  /** Lowercase hex of `hash`, for maps and keys. */
  hashHex: string
  hashForMergedMining: Uint8Array
  transactions: SignedTransaction[]
  senders: Address[]
  receipts: StoredReceipt[]
  totalDifficulty: bigint
  /** Length of the full block RLP (the JSON `size`). */
  size: number
  /**
   * The state root the block's transactions ran on, when it is not the parent's: dev edits
   * (anvil_setBalance…) committed between blocks. A replay (traces) starts from it.
   */
  baseStateRoot?: Uint8Array
  /**
   * Where the header's state root lies in storage (`TrieRoot.at`): the packed record of the
   * commit that wrote it. 0 or absent: under `t:<hash>` (chains of the previous layout, and blocks
   * of a fork's upstream, whose state is not stored here).
   */
  stateAt?: number
  /** Where `baseStateRoot` lies, as `stateAt`. */
  baseStateAt?: number
}

/**
 * Records where the block's state root lies (and its base state root's, when it has one). A
 * location of 0 (under `t:`) stays absent, as records of the previous layout decode.
 */
export function locateState(block: StoredBlock, stateAt: number, baseStateAt = 0): void {
  if (stateAt !== 0) block.stateAt = stateAt
  if (baseStateAt !== 0) block.baseStateAt = baseStateAt
}

/** The block's state root and where it lies: what opens its state (`WorldState.at`). */
export function stateOf(block: StoredBlock): TrieRoot {
  return { root: block.header.stateRoot, at: block.stateAt ?? 0 }
}

/** The state a block's transactions ran on: its base state, or its parent's. */
export function baseStateOf(block: StoredBlock, parent: StoredBlock): TrieRoot {
  return block.baseStateRoot ? { root: block.baseStateRoot, at: block.baseStateAt ?? 0 } : stateOf(parent)
}
