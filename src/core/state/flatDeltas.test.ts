import { describe, expect, it } from 'vitest'
import { createMemoryStore } from '../storage/memoryStore.js'
import type { KeyValueStore, KvOperation } from '../storage/types.js'
import { encodeCommitRecord, packedNodesKey } from '../trie/packedNodes.js'
import {
  encodeFlatDelta,
  encodeFlushedSeq,
  FLAT_FLUSHED_KEY,
  FLAT_REWRITE_EVERY,
  readUnflushedDeltas,
} from './flatDeltas.js'

const accountKey = (i: number) => `sa:${i.toString(16).padStart(40, '0')}`

/** Commits 1..count, commit i putting account i, and `sf` at `flushedSeq`. */
async function storeWithCommits(count: number, flushedSeq: number): Promise<KeyValueStore> {
  const kv = createMemoryStore()
  const ops: KvOperation[] = []
  for (let seq = 1; seq <= count; seq++) {
    const delta = encodeFlatDelta([{ type: 'put', key: accountKey(seq), value: Uint8Array.of(seq & 0xff) }])
    ops.push({ type: 'put', key: packedNodesKey(seq), value: encodeCommitRecord(new Uint8Array(0), delta) })
  }
  if (flushedSeq > 0) ops.push({ type: 'put', key: FLAT_FLUSHED_KEY, value: encodeFlushedSeq(flushedSeq) })
  await kv.batch(ops)
  return kv
}

const replayedKeys = async (kv: KeyValueStore) =>
  (await readUnflushedDeltas(kv)).operations.map((op) => op.key)
const keysOf = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => accountKey(from + i))

describe('readUnflushedDeltas', () => {
  it('replays, oldest first, the commits after the last rewrite when they are among the newest records', async () => {
    const kv = await storeWithCommits(200, 180)
    expect(await replayedKeys(kv)).toEqual(keysOf(181, 200))
    expect((await readUnflushedDeltas(kv)).commits).toBe(20)
  })

  it('replays every commit of a chain never rewritten that has fewer records than the window', async () => {
    const kv = await storeWithCommits(10, 0)
    expect(await replayedKeys(kv)).toEqual(keysOf(1, 10))
  })

  it('reads past the window when more commits than a rewrite allows wait (an older layout)', async () => {
    const waiting = FLAT_REWRITE_EVERY + 37
    const kv = await storeWithCommits(300, 300 - waiting)
    expect(await replayedKeys(kv)).toEqual(keysOf(300 - waiting + 1, 300))
    expect((await readUnflushedDeltas(kv)).commits).toBe(waiting)
  })

  it('replays nothing when the rewrite is the newest commit', async () => {
    const kv = await storeWithCommits(100, 100)
    expect(await replayedKeys(kv)).toEqual([])
  })
})
