/**
 * The node's own accounts (RSKj's `Wallet`): what `eth_accounts`, `eth_sign`,
 * `eth_sendTransaction` and `personal_*` use. Listed in RSKj's order: the built-in dev accounts
 * (cow accounts first), then accounts created or imported over RPC in creation order.
 *
 * Created and imported keys are stored encrypted with their passphrase (see keyEncryption.ts)
 * under `ks:<address>` in the chain's store. Unlocked keys live only in memory, each with an
 * expiry read from the injected clock, as RSKj keeps unlocks in memory. Accounts whose key has
 * no secret (the dev accounts, `personal_newAccountWithSeed`) have the empty passphrase and start
 * unlocked without expiry, as RSKj's seeded accounts do.
 */
import { privateKeyToAddress, SECP256K1_N } from '../../chain/secp256k1.js'
import type { Clock } from '../../clock/clock.js'
import { loadCurves } from '../../crypto/curves.js'
import { keccak256 } from '../../crypto/hash.js'
import type { KeyValueStore } from '../../storage/types.js'
import { type Address, bytesToBigint, bytesToUtf8, utf8ToBytes } from '../../util/hex.js'
import {
  DEFAULT_SCRYPT,
  decryptPrivateKey,
  type EncryptedKey,
  encryptPrivateKey,
  type ScryptParameters,
} from './keyEncryption.js'

/** RSKj `PersonalModuleWalletEnabled`: an unlock without a duration lasts 30 minutes. */
export const DEFAULT_UNLOCK_MS = 30 * 60 * 1000

export const KEYSTORE_PREFIX = 'ks:'
const KEYSTORE_END = 'ks;'

export interface KeystoreAccount {
  address: Address
  privateKey: Uint8Array
}

interface StoredAccount {
  address: Address
  /** Creation order, so the listing is stable across restarts. */
  order: number
  /** True for accounts whose passphrase is empty and that start unlocked (seeded accounts). */
  seeded: boolean
  encrypted: EncryptedKey
}

interface Unlock {
  privateKey: Uint8Array
  /** Clock time (ms) after which the key is locked again; `undefined`: until locked. */
  until: number | undefined
}

export interface OpenNodeKeystoreParameters {
  kv: KeyValueStore
  clock: Clock
  /** Built-in accounts, listed first and unlocked from the start (the cow accounts first). */
  builtIn?: readonly KeystoreAccount[]
  random?: (length: number) => Uint8Array
  scrypt?: ScryptParameters
}

function defaultRandom(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length))
}

export class NodeKeystore {
  readonly #kv: KeyValueStore
  readonly #clock: Clock
  readonly #random: (length: number) => Uint8Array
  readonly #scrypt: ScryptParameters
  readonly #builtIn = new Map<Address, Uint8Array>()
  readonly #stored = new Map<Address, StoredAccount>()
  readonly #unlocked = new Map<Address, Unlock>()

  private constructor(p: OpenNodeKeystoreParameters) {
    this.#kv = p.kv
    this.#clock = p.clock
    this.#random = p.random ?? defaultRandom
    this.#scrypt = p.scrypt ?? DEFAULT_SCRYPT
    for (const account of p.builtIn ?? []) {
      this.#builtIn.set(account.address, account.privateKey)
      this.#unlocked.set(account.address, { privateKey: account.privateKey, until: undefined })
    }
  }

  static async open(p: OpenNodeKeystoreParameters): Promise<NodeKeystore> {
    const keystore = new NodeKeystore(p)
    await keystore.#load()
    return keystore
  }

  async #load(): Promise<void> {
    const rows = await this.#kv.range({ gte: KEYSTORE_PREFIX, lt: KEYSTORE_END })
    const records = rows.map(([, value]) => JSON.parse(bytesToUtf8(value)) as StoredAccount)
    records.sort((a, b) => a.order - b.order)
    for (const record of records) {
      if (this.#builtIn.has(record.address)) continue
      this.#stored.set(record.address, record)
      if (record.seeded) {
        const key = await decryptPrivateKey(record.encrypted, '')
        if (key) this.#unlocked.set(record.address, { privateKey: key, until: undefined })
      }
    }
  }

  /**
   * Every account: built-in first, then seeded ones, then created and imported ones, each in
   * creation order (RSKj lists its "initial" seeded accounts before the encrypted ones).
   */
  accounts(): Address[] {
    const stored = [...this.#stored.values()].filter((r) => !this.#builtIn.has(r.address))
    return [
      ...this.#builtIn.keys(),
      ...stored.filter((r) => r.seeded).map((r) => r.address),
      ...stored.filter((r) => !r.seeded).map((r) => r.address),
    ]
  }

  has(address: Address): boolean {
    return this.#builtIn.has(address) || this.#stored.has(address)
  }

  /** A new random key, stored under `passphrase` and unlocked for 30 minutes (RSKj). */
  async newAccount(passphrase: string): Promise<Address> {
    let privateKey: Uint8Array
    do privateKey = this.#random(32)
    while (!isValidPrivateKey(privateKey))
    return this.#add(privateKey, passphrase, false, DEFAULT_UNLOCK_MS)
  }

  /** The key `keccak256(utf8(seed))`, unlocked until locked (RSKj `newAccountWithSeed`). */
  async newAccountWithSeed(seed: string): Promise<Address> {
    return this.#add(keccak256(utf8ToBytes(seed)), '', true, undefined)
  }

  /** Imports a raw 32-byte key under `passphrase`; unlocked for 30 minutes (RSKj). */
  async importRawKey(privateKey: Uint8Array, passphrase: string): Promise<Address> {
    if (!isValidPrivateKey(privateKey)) throw new RangeError('not a valid secp256k1 private key')
    return this.#add(privateKey, passphrase, false, DEFAULT_UNLOCK_MS)
  }

  async #add(
    privateKey: Uint8Array,
    passphrase: string,
    seeded: boolean,
    unlockMs: number | undefined,
  ): Promise<Address> {
    // Hosts may drive the keystore before their node has loaded the curves.
    await loadCurves()
    const address = privateKeyToAddress(privateKey)
    if (!this.#builtIn.has(address)) {
      const encrypted = await encryptPrivateKey(privateKey, passphrase, this.#random, this.#scrypt)
      // The order is taken after the slow key derivation, so concurrent additions get distinct ones.
      const previous = this.#stored.get(address)
      const record: StoredAccount = {
        address,
        order: previous?.order ?? this.#nextOrder(),
        seeded,
        encrypted,
      }
      this.#stored.set(address, record)
      await this.#kv.put(storageKey(address), encodeRecord(record))
    }
    this.#unlocked.set(address, {
      privateKey,
      until: unlockMs === undefined ? undefined : this.#clock.now() + unlockMs,
    })
    return address
  }

  #nextOrder(): number {
    let max = -1
    for (const record of this.#stored.values()) max = Math.max(max, record.order)
    return max + 1
  }

  /** The key for `passphrase`, without unlocking; `undefined` for an unknown account or a wrong passphrase. */
  async keyWithPassphrase(address: Address, passphrase: string): Promise<Uint8Array | undefined> {
    const builtIn = this.#builtIn.get(address)
    if (builtIn) return passphrase === '' ? builtIn : undefined
    const record = this.#stored.get(address)
    return record ? decryptPrivateKey(record.encrypted, passphrase) : undefined
  }

  /** Unlocks for `durationMs` (default 30 minutes); false for an unknown account or a wrong passphrase. */
  async unlock(address: Address, passphrase: string, durationMs = DEFAULT_UNLOCK_MS): Promise<boolean> {
    const privateKey = await this.keyWithPassphrase(address, passphrase)
    if (!privateKey) return false
    this.#unlocked.set(address, { privateKey, until: this.#clock.now() + durationMs })
    return true
  }

  /** True when the account was unlocked and now is not (RSKj `Wallet.lockAccount`). */
  lock(address: Address): boolean {
    const wasUnlocked = this.unlockedKey(address) !== undefined
    this.#unlocked.delete(address)
    return wasUnlocked
  }

  /** The key of an unlocked account; `undefined` when locked, expired or unknown. */
  unlockedKey(address: Address): Uint8Array | undefined {
    const unlock = this.#unlocked.get(address)
    if (!unlock) return undefined
    if (unlock.until !== undefined && this.#clock.now() >= unlock.until) {
      this.#unlocked.delete(address)
      return undefined
    }
    return unlock.privateKey
  }

  /** Writes every stored record again (after the chain's store was wiped by a reset). */
  async persistAll(): Promise<void> {
    await this.#kv.batch(
      [...this.#stored.values()].map((record) => ({
        type: 'put' as const,
        key: storageKey(record.address),
        value: encodeRecord(record),
      })),
    )
  }
}

function isValidPrivateKey(key: Uint8Array): boolean {
  if (key.length !== 32) return false
  const n = bytesToBigint(key)
  return n > 0n && n < SECP256K1_N
}

function storageKey(address: Address): string {
  return `${KEYSTORE_PREFIX}${address.slice(2)}`
}

function encodeRecord(record: StoredAccount): Uint8Array {
  return utf8ToBytes(JSON.stringify(record))
}
