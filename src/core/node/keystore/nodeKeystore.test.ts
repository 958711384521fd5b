import { describe, expect, it } from 'vitest'
import { COW_ACCOUNTS } from '../../accounts/devAccounts.js'
import { privateKeyToAddress } from '../../chain/secp256k1.js'
import { createManualClock } from '../../clock/clock.js'
import { keccak256 } from '../../crypto/hash.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import { bytesToHex, bytesToUtf8, hexToBytes, utf8ToBytes } from '../../util/hex.js'
import { DEFAULT_UNLOCK_MS, NodeKeystore } from './nodeKeystore.js'

const FAST = { N: 2 ** 4, r: 8, p: 1 }
const cow = COW_ACCOUNTS[0]!
const KEY = hexToBytes('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318')

async function open(store = createMemoryStore(), clock = createManualClock()) {
  const keystore = await NodeKeystore.open({
    kv: store,
    clock,
    scrypt: FAST,
    builtIn: [{ address: cow.address, privateKey: hexToBytes(cow.privateKey) }],
  })
  return { keystore, store, clock }
}

describe('NodeKeystore', () => {
  it('lists built-in accounts first, then created accounts in creation order', async () => {
    const { keystore } = await open()
    const a = await keystore.newAccount('pw')
    const b = await keystore.importRawKey(KEY, 'pw')
    expect(keystore.accounts()).toEqual([cow.address, a, b])
    expect(b).toBe(privateKeyToAddress(KEY))
  })

  it('derives a seeded account from keccak256 of the seed and keeps it unlocked', async () => {
    const { keystore, clock } = await open()
    const address = await keystore.newAccountWithSeed('hello')
    expect(address).toBe(privateKeyToAddress(keccak256(utf8ToBytes('hello'))))
    clock.advance(10 * DEFAULT_UNLOCK_MS)
    expect(keystore.unlockedKey(address)).toEqual(keccak256(utf8ToBytes('hello')))
  })

  it('stores keys encrypted: the raw key does not appear in the store', async () => {
    const { keystore, store } = await open()
    const address = await keystore.importRawKey(KEY, 'secret')
    const rows = await store.range({ gte: 'ks:', lt: 'ks;' })
    expect(rows.map(([k]) => k)).toEqual([`ks:${address.slice(2)}`])
    const text = bytesToUtf8(rows[0]![1])
    expect(text).not.toContain(bytesToHex(KEY).slice(2))
  })

  it('relocks a new account 30 minutes after creation, by the injected clock', async () => {
    const { keystore, clock } = await open()
    const address = await keystore.newAccount('pw')
    clock.advance(DEFAULT_UNLOCK_MS - 1)
    expect(keystore.unlockedKey(address)).toBeDefined()
    clock.advance(1)
    expect(keystore.unlockedKey(address)).toBeUndefined()
  })

  it('unlocks with the right passphrase for the given duration and refuses a wrong one', async () => {
    const { keystore, clock } = await open()
    const address = await keystore.importRawKey(KEY, 'right')
    keystore.lock(address)
    expect(await keystore.unlock(address, 'wrong', 1000)).toBe(false)
    expect(keystore.unlockedKey(address)).toBeUndefined()
    expect(await keystore.unlock(address, 'right', 1000)).toBe(true)
    expect(keystore.unlockedKey(address)).toEqual(KEY)
    clock.advance(1000)
    expect(keystore.unlockedKey(address)).toBeUndefined()
  })

  it('lock answers whether the account was unlocked', async () => {
    const { keystore } = await open()
    const address = await keystore.importRawKey(KEY, 'pw')
    expect(keystore.lock(address)).toBe(true)
    expect(keystore.lock(address)).toBe(false)
  })

  it('reopens from the store: accounts kept (seeded before imported), passphrase keys locked, seeded keys unlocked', async () => {
    const first = await open()
    const imported = await first.keystore.importRawKey(KEY, 'pw')
    const seeded = await first.keystore.newAccountWithSeed('seed')
    const { keystore } = await open(first.store, first.clock)
    expect(keystore.accounts()).toEqual([cow.address, seeded, imported])
    expect(keystore.unlockedKey(imported)).toBeUndefined()
    expect(keystore.unlockedKey(seeded)).toBeDefined()
    expect(await keystore.keyWithPassphrase(imported, 'pw')).toEqual(KEY)
  })

  it('rewrites its records after the store is wiped', async () => {
    const { keystore, store } = await open()
    await keystore.importRawKey(KEY, 'pw')
    await store.batch((await store.range({})).map(([key]) => ({ type: 'delete' as const, key })))
    await keystore.persistAll()
    expect(await store.range({ gte: 'ks:', lt: 'ks;' })).toHaveLength(1)
  })
})

describe('NodeKeystore concurrency', () => {
  it('gives accounts added at the same time distinct places that survive a reopen', async () => {
    const { keystore, store, clock } = await open()
    const [a, b, c] = await Promise.all([
      keystore.newAccount('a'),
      keystore.newAccount('b'),
      keystore.importRawKey(KEY, 'c'),
    ])
    const reopened = await open(store, clock)
    expect(reopened.keystore.accounts()).toEqual(keystore.accounts())
    expect(new Set(keystore.accounts().slice(1))).toEqual(new Set([a, b, c]))
  })
})
