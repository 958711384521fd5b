/**
 * Bitcoin's transaction merkle tree: pairs hashed with double SHA-256 in internal byte order, an odd
 * level's last node paired with itself. Inputs and outputs here are display-order hashes.
 */
import { sha256d } from '../../crypto/fastSha256'
import { concatBytes } from '../../util/hex'
import { reverseBytes } from './byteIo'

function parentLevel(level: Uint8Array[]): Uint8Array[] {
  const parents: Uint8Array[] = []
  for (let i = 0; i < level.length; i += 2) {
    const left = level[i] as Uint8Array
    const right = level[i + 1] ?? left
    parents.push(sha256d(concatBytes(left, right)))
  }
  return parents
}

export type MerkleTreeSummary = {
  /** Display order. */
  root: Uint8Array
  /**
   * The coinbase's sibling at each level from the leaves up, display order, coinbase excluded.
   * Concatenated, this is the RSKIP92 proof (`Rskip92MerkleProofBuilder`); a block holding only
   * the coinbase has an empty branch.
   */
  coinbaseBranch: Uint8Array[]
}

/** Builds the tree once over txids (display order, coinbase first). */
export function merkleTree(txids: Uint8Array[]): MerkleTreeSummary {
  return merkleTreeOfInternalIds(txids.map(reverseBytes))
}

/**
 * {@link merkleTree} over txids in internal order (the double SHA-256 digests as computed), which
 * spares the miner reversing each id twice. The leaves themselves are not modified.
 */
export function merkleTreeOfInternalIds(leaves: Uint8Array[]): MerkleTreeSummary {
  if (leaves.length === 0) throw new RangeError('a Bitcoin block has at least one transaction')
  const coinbaseBranch: Uint8Array[] = []
  let level = leaves
  while (level.length > 1) {
    // The coinbase's ancestor is always the leftmost node, so its sibling is index 1.
    coinbaseBranch.push(reverseBytes(level[1] as Uint8Array))
    level = parentLevel(level)
  }
  return { root: reverseBytes(level[0] as Uint8Array), coinbaseBranch }
}

/** The merkle root (display order) of a block's txids (display order, coinbase first). */
export function merkleRoot(txids: Uint8Array[]): Uint8Array {
  return merkleTree(txids).root
}

/** The coinbase's merkle branch; see {@link MerkleTreeSummary.coinbaseBranch}. */
export function coinbaseMerkleBranch(txids: Uint8Array[]): Uint8Array[] {
  return merkleTree(txids).coinbaseBranch
}
