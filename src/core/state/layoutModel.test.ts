/**
 * The storage layout against a model, through random sequences of what the engine does to a state:
 * blocks, commits whose batch is lost (the engine then reloads), reverts to earlier roots and
 * reopens. Packed node records, flat changes replayed from them and their rewrites all take part;
 * after every step the state (and a reopened one) must be the model's, and every root ever
 * stored must stay readable.
 */
import { describe, expect, test } from 'vitest'
import { createMemoryStore } from '../storage/memoryStore.js'
import type { KeyValueStore } from '../storage/types.js'
import { seededRandom } from '../trie/testRandom.js'
import { bytesToHex } from '../util/hex.js'
import {
  addressOf,
  cloneModel,
  expectMatchesModel,
  MapKeyValueStore,
  type Model,
  oracleStateRoot,
  randomBlockDiff,
} from './testSupport.js'
import { WorldState } from './worldState.js'

const ADDRESSES = Array.from({ length: 10 }, (_, i) => addressOf(i))

const expectModel = (state: WorldState, model: Model) => expectMatchesModel(state, model, ADDRESSES)

async function run(kv: KeyValueStore, seed: number, steps: number) {
  const random = seededRandom(seed)
  let model: Model = new Map()
  let state = new WorldState({ kv })
  const stored: Array<{ root: Uint8Array; at: number; model: Model }> = []
  const head = () => stored.at(-1)
  const counts = { block: 0, lost: 0, revert: 0, reopen: 0 }
  for (let step = 0; step < steps; step++) {
    const roll = random()
    if (roll < 0.7 || stored.length === 0) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES, 1 + Math.floor(random() * 4)))
      const { stateRoot, stateAt, writes } = await state.commit()
      await kv.batch(writes)
      state.nodes.saved()
      stored.push({ root: stateRoot, at: stateAt, model: cloneModel(model) })
      counts.block++
    } else if (roll < 0.8) {
      // The batch never lands: the engine reloads the state from storage.
      const scratch = cloneModel(model)
      state.applyDiff(randomBlockDiff(random, scratch, ADDRESSES, 3))
      await state.commit()
      state = await WorldState.load(kv, { headState: head() })
      counts.lost++
    } else if (roll < 0.9) {
      const target = stored[Math.floor(random() * stored.length)]!
      const { writes } = await state.resetToRoot(target.root, target.at)
      await kv.batch(writes)
      state.nodes.saved()
      model = cloneModel(target.model)
      // What the engine then stores as its head: the target's root becomes the latest.
      stored.push({ root: target.root, at: target.at, model: cloneModel(model) })
      counts.revert++
    } else {
      state = await WorldState.load(kv, { headState: head() })
      counts.reopen++
    }
    expectModel(state, model)
  }
  expect(bytesToHex(state.stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
  const reopened = await WorldState.load(kv, { headState: head() })
  expectModel(reopened, model)
  for (const { root, at: rootAt, model: then } of stored.filter((_, i) => i % 5 === 0)) {
    const at = reopened.at(root, rootAt)
    for (const address of ADDRESSES)
      expect(await at.getBalance(address)).toBe(then.get(address)?.balance ?? 0n)
  }
  return counts
}

describe('the storage layout against a model', () => {
  test('blocks, lost batches, reverts and reopens over a store that answers synchronously', async () => {
    const counts = await run(createMemoryStore(), 101, 300)
    // Enough of each for the flat records to be rewritten and replayed across all of them.
    expect(counts.block).toBeGreaterThan(150)
    expect(Math.min(counts.lost, counts.revert, counts.reopen)).toBeGreaterThan(15)
  })

  test('the same over a store that answers only asynchronously', async () => {
    await run(new MapKeyValueStore(), 202, 300)
  })
})
