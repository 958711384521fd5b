import { describe, expect, test } from 'vitest'
import { MissingTrieNodeError } from '../trie/store.js'
import { seededRandom } from '../trie/testRandom.js'
import { bytesToHex } from '../util/hex.js'
import { runWithStateLoading } from './historicalReader.js'
import { addressOf, cloneModel, MapKeyValueStore, type Model, randomBlockDiff } from './testSupport.js'
import { WorldState } from './worldState.js'

const ADDRESSES = Array.from({ length: 20 }, (_, i) => addressOf(i))

describe('HistoricalStateReader', () => {
  test('reads an old root synchronously once runWithStateLoading has loaded its nodes', async () => {
    const random = seededRandom(4)
    const kv = new MapKeyValueStore()
    const writer = new WorldState({ kv })
    const model: Model = new Map()
    let old: { root: Uint8Array; at: number; model: Model } | undefined
    for (let block = 0; block < 60; block++) {
      writer.applyDiff(randomBlockDiff(random, model, ADDRESSES))
      const { stateRoot, stateAt, writes } = await writer.commit()
      await kv.batch(writes)
      if (block === 20) old = { root: stateRoot, at: stateAt, model: cloneModel(model) }
    }
    const state = await WorldState.load(kv)
    const reader = state.readerAt(old!.root, old!.at)
    expect(() => reader.getAccount(ADDRESSES[0]!)).toThrow(MissingTrieNodeError)
    let runs = 0
    const snapshot = await runWithStateLoading(reader, () => {
      runs++
      return ADDRESSES.map((address) => ({
        balance: reader.getAccount(address)?.balance,
        code: bytesToHex(reader.getCode(address)),
        slots: [0n, 1n, 5n, 11n].map((slot) => reader.getStorage(address, slot)),
      }))
    })
    expect(runs).toBeGreaterThan(1)
    expect(snapshot).toEqual(
      ADDRESSES.map((address) => {
        const account = old!.model.get(address)
        return {
          balance: account?.balance,
          code: bytesToHex(account?.code ?? new Uint8Array(0)),
          slots: [0n, 1n, 5n, 11n].map((slot) => account?.storage.get(slot) ?? 0n),
        }
      }),
    )
    // Warm now: a second run reads without reloading.
    let secondRuns = 0
    await runWithStateLoading(reader, () => {
      secondRuns++
      return reader.getStorage(ADDRESSES[3]!, 1n)
    })
    expect(secondRuns).toBe(1)
  })
})
