/**
 * The storage layout of one network's chain. Every key of a block (record, indexes, state
 * changes) is written in one atomic batch, so a reader never sees half a block. A block with no
 * state change writes three records: its record (header with the bloom, transactions, receipts;
 * the highest one is the head), its hash and its REMASC transaction's hash; log sections add one
 * every 16 blocks, and a transaction its hash and the state's changes.
 *
 * Block numbers are fixed-width hex so that key order is block order for range scans.
 */

const NUMBER_WIDTH = 12

export function blockNumberKeyPart(n: bigint): string {
  return n.toString(16).padStart(NUMBER_WIDTH, '0')
}

export const keys = {
  /**
   * Written by chains before the block record named the head (headBlock.ts): the head's number.
   * Read by nothing; the conversion (legacyLayout.ts) deletes it.
   */
  legacyHead: 'meta:head',
  /** Engine settings that survive restarts: mining mode, time control, snapshots. */
  settings: 'meta:settings',
  /** Installed filters. */
  filters: 'meta:filters',
  /** The chain's identity (genesis hash, instance id): changes on reset. */
  identity: 'meta:identity',
  /** The full block record by number (canonical chain only; reverts delete above the target). */
  block: (n: bigint) => `b:${blockNumberKeyPart(n)}`,
  blockPrefix: 'b:',
  blockEnd: 'b;',
  /**
   * Logs blooms kept apart from the block record by chains written before the record was the one
   * place for it (the header holds the bloom; the log sections say which blocks have logs). Read
   * by nothing; the conversion (legacyLayout.ts) deletes them.
   */
  legacyBloomPrefix: 'lb:',
  legacyBloomEnd: 'lb;',
  /**
   * The union of the logs blooms of the `size` blocks from `start` (logSectionRecords.ts), written
   * by the block that completes the section; `size` is one of LOG_SECTION_SIZES (a power of 16).
   */
  logSection: (size: bigint, start: bigint) =>
    `ls${size.toString(16).length - 1}:${blockNumberKeyPart(start)}`,
  /** Block hash (hex without 0x) → block number. */
  blockHash: (hashHex: string) => `bh:${hashHex}`,
  /** Transaction hash (hex without 0x) → block number and index. */
  transaction: (hashHex: string) => `tx:${hashHex}`,
  /** A transaction waiting in the mempool (raw bytes), so a restart loses none. */
  pooled: (hashHex: string) => `p:${hashHex}`,
  pooledPrefix: 'p:',
  pooledEnd: 'p;',
} as const
