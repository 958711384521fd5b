import { describe, expect, test } from 'vitest'
import { seededRandom } from '../trie/testRandom.js'
import { type Address, bytesToHex } from '../util/hex.js'
import { readUnflushedDeltas } from './flatDeltas.js'
import { FLAT_ACCOUNT_PREFIX, FLAT_STORAGE_PREFIX, flatAccountKey, flatStorageKey } from './keys.js'
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

const ADDRESSES = Array.from({ length: 30 }, (_, i) => addressOf(i))

const expectMatches = (state: WorldState, model: Model) => expectMatchesModel(state, model, ADDRESSES)

/** The flat records as opening reads them: those in storage, and the commit records' changes on top. */
async function expectFlatRecords(kv: MapKeyValueStore, model: Model) {
  const keys = new Set(kv.data.keys())
  for (const op of (await readUnflushedDeltas(kv)).operations)
    if (op.type === 'put') keys.add(op.key)
    else keys.delete(op.key)
  const accounts = [...keys].filter((k) => k.startsWith(FLAT_ACCOUNT_PREFIX)).sort()
  expect(accounts).toEqual([...model.keys()].map((a) => flatAccountKey(a)).sort())
  const slots = [...keys].filter((k) => k.startsWith(FLAT_STORAGE_PREFIX)).sort()
  const expected: string[] = []
  for (const [address, account] of model)
    for (const slot of account.storage.keys()) expected.push(flatStorageKey(address, slot))
  expect(slots).toEqual(expected.sort())
}

async function buildChain(seed: number, blocks: number) {
  const random = seededRandom(seed)
  const kv = new MapKeyValueStore()
  const state = new WorldState({ kv })
  const model: Model = new Map()
  const history: Array<{ root: Uint8Array; at: number; model: Model }> = []
  for (let block = 0; block < blocks; block++) {
    state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
    const { stateRoot, stateAt, writes } = await state.commit()
    await kv.batch(writes)
    history.push({ root: stateRoot, at: stateAt, model: cloneModel(model) })
  }
  return { kv, state, model, history }
}

describe('resetToRoot', () => {
  test('going back to an older root restores its accounts, storage and code, in memory and in storage', async () => {
    const { kv, state, history } = await buildChain(3, 80)
    const target = history[19]!
    const { stateRoot, writes } = await state.resetToRoot(target.root, target.at)
    await kv.batch(writes)
    expect(stateRoot).toEqual(target.root)
    expectMatches(state, target.model)
    await expectFlatRecords(kv, target.model)
    const reloaded = await WorldState.load(kv)
    expect(bytesToHex(reloaded.stateRoot)).toBe(bytesToHex(target.root))
    expectMatches(reloaded, target.model)
  })

  test('blocks committed after a reset build on the older state', async () => {
    const { kv, state, history } = await buildChain(4, 60)
    const model = cloneModel(history[9]!.model)
    await kv.batch((await state.resetToRoot(history[9]!.root, history[9]!.at)).writes)
    const random = seededRandom(77)
    for (let block = 0; block < 30; block++) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
      await kv.batch((await state.commit()).writes)
    }
    expect(bytesToHex(state.stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
    expectMatches(state, model)
    await expectFlatRecords(kv, model)
  })

  test('a reset can also move forward again, to a later root', async () => {
    const { kv, state, history, model } = await buildChain(5, 50)
    await kv.batch((await state.resetToRoot(history[5]!.root, history[5]!.at)).writes)
    await kv.batch((await state.resetToRoot(history[49]!.root, history[49]!.at)).writes)
    expectMatches(state, model)
    await expectFlatRecords(kv, model)
  })

  test('uncommitted changes are discarded by a reset', async () => {
    const { kv, state, history, model } = await buildChain(6, 30)
    state.applyDiff(randomBlockDiff(seededRandom(1), cloneModel(model), ADDRESSES, 10))
    expect(state.hasPendingChanges).toBe(true)
    await kv.batch((await state.resetToRoot(history[29]!.root, history[29]!.at)).writes)
    expect(state.hasPendingChanges).toBe(false)
    expectMatches(state, model)
    await expectFlatRecords(kv, model)
  })

  test('a state without storage can reset too (preimages kept in memory)', async () => {
    const random = seededRandom(9)
    const state = new WorldState()
    const model: Model = new Map()
    const roots: Array<{ root: Uint8Array; at: number; model: Model }> = []
    for (let block = 0; block < 40; block++) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
      const { stateRoot, stateAt } = await state.commit()
      roots.push({ root: stateRoot, at: stateAt, model: cloneModel(model) })
    }
    await state.resetToRoot(roots[3]!.root, roots[3]!.at)
    expectMatches(state, roots[3]!.model)
  })

  test('loadFromRoot rebuilds the flat state of any root from its tries alone', async () => {
    const { kv, history } = await buildChain(10, 40)
    // Drop the flat records, as if they were lost, keeping tries, code and preimages.
    for (const key of [...kv.data.keys()])
      if (key.startsWith('sa:') || key.startsWith('ss:')) await kv.delete(key)
    const target = history[25]!
    const { state, writes } = await WorldState.loadFromRoot(target.root, target.at, kv)
    await kv.batch(writes)
    expectMatches(state, target.model)
    await expectFlatRecords(kv, target.model)
    const address = [...target.model.keys()][0] as Address
    expect(state.getAccount(address)).toBeDefined()
  })
})
