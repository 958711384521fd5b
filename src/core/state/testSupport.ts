/**
 * Test-only helpers: a Map-based KeyValueStore with the contract's key order, a model of the
 * state kept as plain maps, random block diffs, and the expected state root computed with the
 * independent MPT library (`@ethereumjs/mpt`, `@ethereumjs/util`) rather than with our code.
 */
import { createMPT } from '@ethereumjs/mpt'
import { RLP } from '@ethereumjs/rlp'
import { createAccount } from '@ethereumjs/util'
import { expect } from 'vitest'
import { KECCAK256_EMPTY, keccak256 } from '../crypto/hash.js'
import type { AccountDiff, StateDiff, StateReader } from '../evm/types.js'
import type { KeyValueStore, KvOperation, KvRange } from '../storage/types.js'
import { type Address, bigintToBytes, bigintToPaddedBytes, bytesToHex, hexToBytes } from '../util/hex.js'

export class MapKeyValueStore implements KeyValueStore {
  readonly data = new Map<string, Uint8Array>()
  private sorted: string[] | undefined
  async get(key: string) {
    return this.data.get(key)
  }
  async put(key: string, value: Uint8Array) {
    this.batchSync([{ type: 'put', key, value }])
  }
  async delete(key: string) {
    this.batchSync([{ type: 'delete', key }])
  }
  async range({ gte, lt, reverse, limit }: KvRange) {
    if (!this.sorted) this.sorted = [...this.data.keys()].sort()
    const keys = this.sorted
    let start = 0
    if (gte !== undefined) {
      let hi = keys.length
      while (start < hi) {
        const mid = (start + hi) >> 1
        if ((keys[mid] as string) < gte) start = mid + 1
        else hi = mid
      }
    }
    let end = start
    while (end < keys.length && (lt === undefined || (keys[end] as string) < lt)) end++
    const selected = keys.slice(start, end)
    if (reverse) selected.reverse()
    return selected
      .slice(0, limit ?? selected.length)
      .map((k): [string, Uint8Array] => [k, this.data.get(k) as Uint8Array])
  }
  async batch(operations: KvOperation[]) {
    this.batchSync(operations)
  }
  private batchSync(operations: KvOperation[]) {
    for (const op of operations) {
      if (op.type === 'put') {
        if (!this.data.has(op.key)) this.sorted = undefined
        this.data.set(op.key, op.value)
      } else if (this.data.delete(op.key)) {
        this.sorted = undefined
      }
    }
  }
  async close() {}
}

export interface ModelAccount {
  nonce: bigint
  balance: bigint
  code: Uint8Array
  storage: Map<bigint, bigint>
}

export type Model = Map<Address, ModelAccount>

export function cloneModel(model: Model): Model {
  return new Map([...model].map(([a, acc]) => [a, { ...acc, storage: new Map(acc.storage) }]))
}

/** The root the oracle library computes for the model, built from scratch. */
export async function oracleStateRoot(model: Model): Promise<Uint8Array> {
  const accounts = await createMPT({ useKeyHashing: true })
  for (const [address, account] of model) {
    const storage = await createMPT({ useKeyHashing: true })
    for (const [slot, value] of account.storage) {
      if (value !== 0n) await storage.put(bigintToPaddedBytes(slot, 32), RLP.encode(bigintToBytes(value)))
    }
    const serialized = createAccount({
      nonce: account.nonce,
      balance: account.balance,
      storageRoot: storage.root(),
      codeHash: keccak256(account.code),
    }).serialize()
    await accounts.put(hexToBytes(address), serialized)
  }
  return accounts.root()
}

/** A block's worth of changes on a few accounts, applied to `model` and returned as a diff. */
export function randomBlockDiff(
  random: () => number,
  model: Model,
  addresses: Address[],
  touched = 3,
): StateDiff {
  const diff: StateDiff = new Map()
  for (let i = 0; i < touched; i++) {
    const address = addresses[Math.floor(random() * addresses.length)] as Address
    const roll = random()
    const existing = model.get(address)
    if (existing && roll < 0.05) {
      model.delete(address)
      diff.set(address, { account: null, storage: new Map() })
      continue
    }
    const account = existing ?? { nonce: 0n, balance: 0n, code: new Uint8Array(0), storage: new Map() }
    const change: AccountDiff = diff.get(address) ?? { account: null, storage: new Map() }
    // Deleted earlier in this block and now re-created: the diff must say its storage starts empty.
    if (diff.get(address)?.account === null) change.storageCleared = true
    if (roll < 0.1 && existing) {
      account.storage = new Map()
      change.storageCleared = true
      change.storage = new Map()
    }
    account.nonce += 1n
    account.balance += BigInt(Math.floor(random() * 1e9))
    if (account.code.length === 0 && random() < 0.2) {
      account.code = Uint8Array.from({ length: 1 + Math.floor(random() * 60) }, () =>
        Math.floor(random() * 256),
      )
      change.code = account.code
    }
    const writes = Math.floor(random() * 4)
    for (let w = 0; w < writes; w++) {
      const slot = BigInt(Math.floor(random() * 12))
      const value = random() < 0.3 ? 0n : BigInt(Math.floor(random() * 1e6))
      if (value === 0n) account.storage.delete(slot)
      else account.storage.set(slot, value)
      change.storage.set(slot, value)
    }
    change.account = {
      nonce: account.nonce,
      balance: account.balance,
      codeHash: account.code.length ? keccak256(account.code) : KECCAK256_EMPTY,
    }
    model.set(address, account)
    diff.set(address, change)
  }
  return diff
}

export function addressOf(i: number): Address {
  return bytesToHex(keccak256(Uint8Array.of(i >> 8, i & 255)).slice(12)) as Address
}

/** The latest state of each of `addresses` (balance, nonce, code, slots 0–11) is the model's. */
export function expectMatchesModel(state: StateReader, model: Model, addresses: readonly Address[]): void {
  for (const address of addresses) {
    const expected = model.get(address)
    const account = state.getAccount(address)
    expect(account?.balance, address).toBe(expected?.balance)
    expect(account?.nonce).toBe(expected?.nonce)
    expect(bytesToHex(state.getCode(address))).toBe(bytesToHex(expected?.code ?? new Uint8Array(0)))
    for (let slot = 0n; slot < 12n; slot++)
      expect(state.getStorage(address, slot)).toBe(expected?.storage.get(slot) ?? 0n)
  }
}
