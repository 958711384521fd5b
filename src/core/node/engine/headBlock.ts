/**
 * The head is the highest block record: a block's batch writes its record, and a revert deletes
 * every record above its target in the batch that moves the chain back, so no other key needs to
 * say which block is the head. Chains written before this also kept a `meta:head` key; it is
 * ignored, and removed by the conversion (`legacyLayout.ts`).
 */
import type { KeyValueStore } from '../../storage/types.js'
import { decodeBlockRecord } from './blockCodec.js'
import type { StoredBlock } from './blockRecord.js'
import { keys } from './keys.js'

/** The head block's record as stored, or undefined for a store without a chain. */
export async function readHeadRecord(kv: KeyValueStore): Promise<Uint8Array | undefined> {
  const [row] = await kv.range({ gte: keys.blockPrefix, lt: keys.blockEnd, reverse: true, limit: 1 })
  return row?.[1]
}

export async function readHeadBlock(kv: KeyValueStore): Promise<StoredBlock | undefined> {
  const record = await readHeadRecord(kv)
  return record && decodeBlockRecord(record)
}
