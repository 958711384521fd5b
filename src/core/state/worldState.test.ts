import { verifyMerkleProof } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { createAccount } from '@ethereumjs/util'
import { describe, expect, test } from 'vitest'
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY, keccak256 } from '../crypto/hash.js'
import { seededRandom } from '../trie/testRandom.js'
import { type Address, bigintToBytes, bigintToPaddedBytes, bytesToHex, hexToBytes } from '../util/hex.js'
import { createGenesisState } from './genesis.js'
import {
  addressOf,
  cloneModel,
  MapKeyValueStore,
  type Model,
  oracleStateRoot,
  randomBlockDiff,
} from './testSupport.js'
import { WorldState } from './worldState.js'

function expectStateMatches(state: WorldState, model: Model, addresses: Address[]) {
  for (const address of addresses) {
    const expected = model.get(address)
    const account = state.getAccount(address)
    if (!expected) {
      expect(account).toBeUndefined()
      continue
    }
    expect(account?.nonce).toBe(expected.nonce)
    expect(account?.balance).toBe(expected.balance)
    expect(bytesToHex(state.getCode(address))).toBe(bytesToHex(expected.code))
    for (let slot = 0n; slot < 12n; slot++)
      expect(state.getStorage(address, slot)).toBe(expected.storage.get(slot) ?? 0n)
  }
}

const ADDRESSES = Array.from({ length: 25 }, (_, i) => addressOf(i))

describe('WorldState', () => {
  test('a genesis with known accounts has the root the oracle library computes', async () => {
    const code = hexToBytes('0x6080604052600080fd')
    const allocations = new Map<
      Address,
      { balance: bigint; nonce?: bigint; code?: Uint8Array; storage?: Map<bigint, bigint> }
    >([
      ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826', { balance: 10n ** 24n }],
      ['0x7986b3df570230288501eea3d890bd66948c9b79', { balance: 1n, nonce: 5n }],
      [
        '0x0000000000000000000000000000000001000008',
        {
          balance: 0n,
          code,
          storage: new Map([
            [0n, 7n],
            [2n ** 255n, 1n],
          ]),
        },
      ],
    ])
    const { stateRoot, writes } = await createGenesisState(allocations)
    const model: Model = new Map(
      [...allocations].map(([a, v]) => [
        a,
        {
          nonce: v.nonce ?? 0n,
          balance: v.balance,
          code: v.code ?? new Uint8Array(0),
          storage: new Map(v.storage ?? []),
        },
      ]),
    )
    expect(bytesToHex(stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
    // Its nodes, roots included, in the commit's packed record.
    expect(writes.some((w) => w.type === 'put' && w.key.startsWith('tn:'))).toBe(true)
    expect(writes.some((w) => w.key.startsWith('t:'))).toBe(false)
  })

  test('an empty state has the empty trie root', async () => {
    const state = new WorldState()
    expect((await state.commit()).stateRoot).toEqual(EMPTY_TRIE_ROOT)
  })

  test('incremental commits over many blocks track the oracle root and the model', async () => {
    const random = seededRandom(21)
    const model: Model = new Map()
    const state = new WorldState()
    for (let block = 1; block <= 120; block++) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
      const { stateRoot } = await state.commit()
      if (block % 30 === 0) {
        expect(bytesToHex(stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
        expectStateMatches(state, model, ADDRESSES)
      }
    }
  })

  test('several diffs before one commit give the same root as one diff per commit', async () => {
    const randomA = seededRandom(5)
    const randomB = seededRandom(5)
    const modelA: Model = new Map()
    const modelB: Model = new Map()
    const perBlock = new WorldState()
    const batched = new WorldState()
    for (let block = 0; block < 40; block++) {
      perBlock.applyDiff(randomBlockDiff(randomA, modelA, ADDRESSES))
      await perBlock.commit()
      batched.applyDiff(randomBlockDiff(randomB, modelB, ADDRESSES))
      if (block % 8 === 7) await batched.commit()
    }
    expect(bytesToHex(batched.stateRoot)).toBe(bytesToHex(perBlock.stateRoot))
  })

  test('historical roots stay readable after many commits', async () => {
    const random = seededRandom(33)
    const kv = new MapKeyValueStore()
    const model: Model = new Map()
    const state = new WorldState({ kv })
    const history: Array<{ root: Uint8Array; at: number; model: Model }> = []
    for (let block = 0; block < 150; block++) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
      const { stateRoot, stateAt, writes } = await state.commit()
      await kv.batch(writes)
      if (block % 25 === 0) history.push({ root: stateRoot, at: stateAt, model: cloneModel(model) })
    }
    // Read through a cold node cache, so every node comes from storage.
    const cold = await WorldState.load(kv)
    for (const { root, at, model: then } of history) {
      const view = cold.at(root, at)
      for (const address of ADDRESSES.slice(0, 10)) {
        const expected = then.get(address)
        expect(await view.getBalance(address)).toBe(expected?.balance ?? 0n)
        expect(await view.getNonce(address)).toBe(expected?.nonce ?? 0n)
        expect(bytesToHex(await view.getCode(address))).toBe(bytesToHex(expected?.code ?? new Uint8Array(0)))
        for (const slot of [0n, 3n, 7n])
          expect(await view.getStorage(address, slot)).toBe(expected?.storage.get(slot) ?? 0n)
      }
    }
  })

  test('a state written to storage loads back with the same accounts, root and future roots', async () => {
    const random = seededRandom(8)
    const kv = new MapKeyValueStore()
    const model: Model = new Map()
    const state = new WorldState({ kv })
    for (let block = 0; block < 60; block++) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
      await kv.batch((await state.commit()).writes)
    }
    const loaded = await WorldState.load(kv)
    expect(bytesToHex(loaded.stateRoot)).toBe(bytesToHex(state.stateRoot))
    expectStateMatches(loaded, model, ADDRESSES)
    const continueRandom = seededRandom(99)
    for (let block = 0; block < 20; block++) {
      const diff = randomBlockDiff(continueRandom, model, ADDRESSES)
      state.applyDiff(diff)
      loaded.applyDiff(diff)
      const [a, b] = [await state.commit(), await loaded.commit()]
      await kv.batch(b.writes)
      expect(bytesToHex(b.stateRoot)).toBe(bytesToHex(a.stateRoot))
    }
    expect(bytesToHex(loaded.stateRoot)).toBe(bytesToHex(await oracleStateRoot(model)))
  })

  test('deleting an account and clearing storage remove its flat records', async () => {
    const kv = new MapKeyValueStore()
    const state = new WorldState({ kv })
    const address = ADDRESSES[0] as Address
    state.applyDiff(
      new Map([
        [
          address,
          {
            account: { nonce: 1n, balance: 5n, codeHash: KECCAK256_EMPTY },
            storage: new Map([
              [1n, 2n],
              [3n, 4n],
            ]),
          },
        ],
      ]),
    )
    await kv.batch((await state.commit()).writes)
    expect((await WorldState.load(kv)).getStorage(address, 3n)).toBe(4n)
    state.applyDiff(new Map([[address, { account: null, storage: new Map() }]]))
    const { stateRoot, writes } = await state.commit()
    await kv.batch(writes)
    expect(stateRoot).toEqual(EMPTY_TRIE_ROOT)
    expect(state.getStorage(address, 1n)).toBe(0n)
    const reopened = await WorldState.load(kv)
    expect(reopened.getAccount(address)).toBeUndefined()
    expect(reopened.getStorage(address, 1n)).toBe(0n)
    // Once the flat records are rewritten (a reset does it at once), none is left of the account.
    await kv.batch((await reopened.resetToRoot(stateRoot, 0)).writes)
    expect([...kv.data.keys()].filter((k) => k.startsWith('ss:') || k.startsWith('sa:'))).toEqual([])
  })
})

describe('getProof', () => {
  test('account and storage proofs verify against the state root with the oracle library', async () => {
    const random = seededRandom(12)
    const model: Model = new Map()
    const state = new WorldState()
    for (let block = 0; block < 50; block++) {
      state.applyDiff(randomBlockDiff(random, model, ADDRESSES))
      await state.commit()
    }
    const root = state.stateRoot
    const rootAt = state.stateAt
    const withStorage = [...model].find(([, a]) => a.storage.size > 0)
    expect(withStorage).toBeDefined()
    const [address, expected] = withStorage!
    const slots = [...expected.storage.keys(), 999n]
    const proof = await state.at(root, rootAt).getProof(address, slots)
    expect(proof.balance).toBe(expected.balance)
    expect(proof.nonce).toBe(expected.nonce)
    const accountRlp = await verifyMerkleProof(hexToBytes(address), proof.accountProof, {
      root,
      useKeyHashing: true,
    })
    const oracleAccount = createAccount({
      nonce: proof.nonce,
      balance: proof.balance,
      storageRoot: proof.storageHash,
      codeHash: proof.codeHash,
    }).serialize()
    expect(bytesToHex(accountRlp!)).toBe(bytesToHex(oracleAccount))
    for (const { key, value, proof: nodes } of proof.storageProof) {
      const proven = await verifyMerkleProof(bigintToPaddedBytes(key, 32), nodes, {
        root: proof.storageHash,
        useKeyHashing: true,
      })
      expect(proven === null ? 0n : value).toBe(expected.storage.get(key) ?? 0n)
      if (proven) expect(bytesToHex(proven)).toBe(bytesToHex(RLP.encode(bigintToBytes(value))))
    }
  })

  test('a missing account proves absence with empty hashes', async () => {
    const state = new WorldState()
    state.applyDiff(
      new Map([
        [
          ADDRESSES[1] as Address,
          { account: { nonce: 0n, balance: 1n, codeHash: KECCAK256_EMPTY }, storage: new Map() },
        ],
      ]),
    )
    const { stateRoot, stateAt } = await state.commit()
    const missing = ADDRESSES[2] as Address
    const proof = await state.at(stateRoot, stateAt).getProof(missing, [1n])
    expect(proof.storageHash).toEqual(EMPTY_TRIE_ROOT)
    expect(proof.codeHash).toEqual(keccak256(new Uint8Array(0)))
    expect(
      await verifyMerkleProof(hexToBytes(missing), proof.accountProof, {
        root: stateRoot,
        useKeyHashing: true,
      }),
    ).toBeNull()
    expect(proof.storageProof).toEqual([{ key: 1n, value: 0n, proof: [] }])
  })
})

describe('WorldState guards and dumps', () => {
  test('changing the state while a commit is in progress is refused', async () => {
    const state = new WorldState()
    state.applyDiff(
      new Map([
        [
          ADDRESSES[0] as Address,
          { account: { nonce: 0n, balance: 1n, codeHash: KECCAK256_EMPTY }, storage: new Map() },
        ],
      ]),
    )
    const committing = state.commit()
    expect(() => state.applyDiff(new Map())).toThrow(/in progress/)
    await committing
    expect(() => state.applyDiff(new Map())).not.toThrow()
  })

  test('entries lists every account with its code and storage', async () => {
    const code = Uint8Array.of(0x60, 0x01)
    const allocations = new Map<
      Address,
      { balance: bigint; code?: Uint8Array; storage?: Map<bigint, bigint> }
    >([
      [ADDRESSES[0] as Address, { balance: 3n }],
      [ADDRESSES[1] as Address, { balance: 0n, code, storage: new Map([[4n, 9n]]) }],
    ])
    const { state } = await createGenesisState(allocations)
    const entries = new Map(state.entries())
    expect(entries.size).toBe(2)
    expect(entries.get(ADDRESSES[0] as Address)?.balance).toBe(3n)
    expect(entries.get(ADDRESSES[1] as Address)?.code).toEqual(code)
    expect([...(entries.get(ADDRESSES[1] as Address)?.storage ?? [])]).toEqual([[4n, 9n]])
  })
})

test('a diff whose code does not match its code hash is refused without changing the state', () => {
  const state = new WorldState()
  const good = ADDRESSES[0] as Address
  const bad = ADDRESSES[1] as Address
  expect(() =>
    state.applyDiff(
      new Map([
        [good, { account: { nonce: 1n, balance: 1n, codeHash: KECCAK256_EMPTY }, storage: new Map() }],
        [
          bad,
          {
            account: { nonce: 1n, balance: 1n, codeHash: KECCAK256_EMPTY },
            code: Uint8Array.of(1),
            storage: new Map(),
          },
        ],
      ]),
    ),
  ).toThrow(/codeHash/)
  expect(state.getAccount(good)).toBeUndefined()
  expect(state.hasPendingChanges).toBe(false)
})
