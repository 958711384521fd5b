/**
 * The dev wallet behind `getnewaddress`, `sendtoaddress` and friends: every dev account's key (the
 * funded keys of the genesis), the keys it handed out (derived from a per-network seed, so every
 * run hands out the same addresses in the same order) and the keys imported with `importprivkey`.
 * What it remembers (how many keys it handed out, the imported keys) is in the Bitcoin chain's own
 * store, so it is reverted, reset and persisted with the chain.
 */
import { createBase58check } from '@scure/base'
import { DEV_ACCOUNTS } from '../../../accounts/devAccounts.js'
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import type { BtcStore } from '../../../bitcoin/chain/store.js'
import { type PaymentKind, scriptOfKey } from '../../../bitcoin/chain/wallet.js'
import type { BtcParams } from '../../../bitcoin/params.js'
import { curves } from '../../../crypto/curves.js'
import { sha256 } from '../../../crypto/hash.js'
import { concatBytes, equalBytes, hexToBytes, utf8ToBytes } from '../../../util/hex.js'

export interface WalletKey {
  privateKey: Uint8Array
  publicKey: Uint8Array
  compressed: boolean
  origin: 'imported' | 'handed-out' | 'dev-account'
}

const NEXT_KEY = 'wallet:next'
const IMPORTED_KEY = 'wallet:keys'
/** Each imported key: 32 bytes of key, one byte 1 when its public key is compressed. */
const ENTRY = 33

/**
 * The chain's store, for the wallet's own keys beside the chain's: written in the same state edit
 * as the chain's changes, reverted and persisted with them.
 */
export function walletStore(chain: BitcoinChain): BtcStore {
  return chain.store
}

/** The key `getnewaddress` hands out the `index`-th time on this network. */
export function handedOutKey(network: string, index: number): Uint8Array {
  return sha256(utf8ToBytes(`rsk-devnode ${network} bitcoind wallet ${index}`))
}

function publicKeyOf(privateKey: Uint8Array, compressed: boolean): Uint8Array {
  return curves().secp256k1.getPublicKey(privateKey, compressed)
}

export function handedOutCount(store: BtcStore): number {
  const bytes = store.get(NEXT_KEY)
  return bytes ? new DataView(bytes.buffer, bytes.byteOffset).getUint32(0) : 0
}

/** Hands out the next derived key (a write: the count is remembered). */
export function handOutKey(chain: BitcoinChain): WalletKey {
  const store = walletStore(chain)
  const index = handedOutCount(store)
  const count = new Uint8Array(4)
  new DataView(count.buffer).setUint32(0, index + 1)
  store.put(NEXT_KEY, count)
  const privateKey = handedOutKey(chain.network, index)
  return { privateKey, publicKey: publicKeyOf(privateKey, true), compressed: true, origin: 'handed-out' }
}

export function importedKeys(store: BtcStore): WalletKey[] {
  const bytes = store.get(IMPORTED_KEY) ?? new Uint8Array(0)
  const keys: WalletKey[] = []
  for (let at = 0; at + ENTRY <= bytes.length; at += ENTRY) {
    const privateKey = bytes.slice(at, at + 32)
    const compressed = bytes[at + 32] === 1
    keys.push({ privateKey, publicKey: publicKeyOf(privateKey, compressed), compressed, origin: 'imported' })
  }
  return keys
}

/** Adds a key unless the wallet already has it (a write). */
export function importKey(chain: BitcoinChain, privateKey: Uint8Array, compressed: boolean): void {
  const store = walletStore(chain)
  const bytes = store.get(IMPORTED_KEY) ?? new Uint8Array(0)
  for (let at = 0; at + ENTRY <= bytes.length; at += ENTRY) {
    if (equalBytes(bytes.subarray(at, at + 32), privateKey) && bytes[at + 32] === (compressed ? 1 : 0)) return
  }
  store.put(IMPORTED_KEY, concatBytes(bytes, privateKey, Uint8Array.of(compressed ? 1 : 0)))
}

const devKeys = new Map<string, WalletKey>()

function devAccountKeys(): WalletKey[] {
  return DEV_ACCOUNTS.map((account) => {
    let key = devKeys.get(account.privateKey)
    if (!key) {
      const privateKey = hexToBytes(account.privateKey)
      key = { privateKey, publicKey: publicKeyOf(privateKey, true), compressed: true, origin: 'dev-account' }
      devKeys.set(account.privateKey, key)
    }
    return key
  })
}

/** Every key of the wallet: imported first, then handed out, then the dev accounts' (spending order). */
export function walletKeys(chain: BitcoinChain): WalletKey[] {
  const store = walletStore(chain)
  const handedOut: WalletKey[] = []
  for (let i = 0; i < handedOutCount(store); i++) {
    const privateKey = handedOutKey(chain.network, i)
    handedOut.push({
      privateKey,
      publicKey: publicKeyOf(privateKey, true),
      compressed: true,
      origin: 'handed-out',
    })
  }
  return [...importedKeys(store), ...handedOut, ...devAccountKeys()]
}

/** The output kinds a key can receive on: all three for a compressed key, P2PKH only otherwise. */
export function kindsOf(key: WalletKey): PaymentKind[] {
  return key.compressed ? ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'] : ['p2pkh']
}

export function scriptOf(key: WalletKey, kind: PaymentKind): Uint8Array {
  return scriptOfKey(key.publicKey, kind)
}

/** Every script of the wallet with the key and kind behind it. */
export function walletScripts(
  chain: BitcoinChain,
): Array<{ key: WalletKey; kind: PaymentKind; script: Uint8Array }> {
  return walletKeys(chain).flatMap((key) =>
    kindsOf(key).map((kind) => ({ key, kind, script: scriptOf(key, kind) })),
  )
}

/** The wallet's key and kind for an output script, if it is the wallet's. */
export function ownerOf(
  chain: BitcoinChain,
  script: Uint8Array,
): { key: WalletKey; kind: PaymentKind } | undefined {
  return walletScripts(chain).find((entry) => equalBytes(entry.script, script))
}

const base58check = createBase58check(sha256)

/** Wallet Import Format of a key. */
export function encodeWif(key: WalletKey, params: BtcParams): string {
  const suffix = key.compressed ? Uint8Array.of(1) : new Uint8Array(0)
  return base58check.encode(concatBytes(Uint8Array.of(params.wif), key.privateKey, suffix))
}

/** A WIF key of this network, or undefined when it is not one. */
export function decodeWif(
  text: string,
  params: BtcParams,
): { privateKey: Uint8Array; compressed: boolean } | undefined {
  let payload: Uint8Array
  try {
    payload = base58check.decode(text)
  } catch {
    return undefined
  }
  if (payload[0] !== params.wif) return undefined
  if (payload.length === 34 && payload[33] === 1)
    return { privateKey: payload.slice(1, 33), compressed: true }
  if (payload.length === 33) return { privateKey: payload.slice(1, 33), compressed: false }
  return undefined
}
