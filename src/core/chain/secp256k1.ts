/**
 * secp256k1 public-key recovery behind one function, with two interchangeable backends:
 *
 * - `noble` (@noble/curves, pure JS): always available, ~585 recoveries/s on the reference machine.
 * - `libsecp256k1-wasm` (tiny-secp256k1, WASM build of libsecp256k1): ~5× faster, but it needs
 *   WebAssembly (MV3: `'wasm-unsafe-eval'` in the extension CSP) and a bundler that can load its
 *   `.wasm` import (see SECP256K1_WASM.md in this folder).
 *
 * Recovery starts on noble so a node works everywhere; a host calls `enableFastRecovery()` once at
 * start-up and keeps noble if WASM cannot load. The fast backend is only installed after it has
 * recovered a known vector to the same key as noble.
 */
import { curves } from '../crypto/curves.js'
import { keccak256 } from '../crypto/hash.js'
import { type Address, bigintToPaddedBytes, bytesToHex, equalBytes, hexToBytes } from '../util/hex.js'

export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

export type RecoveryBackendName = 'noble' | 'libsecp256k1-wasm' | 'libsecp256k1-native'

export interface RecoveryBackend {
  readonly name: RecoveryBackendName
  /** 65-byte uncompressed public key, or null when the signature does not recover to a point. */
  recoverPublicKey(messageHash: Uint8Array, signature64: Uint8Array, recoveryId: number): Uint8Array | null
}

/** The subset of tiny-secp256k1's API this module uses. */
export interface TinySecp256k1Like {
  recover(
    hash: Uint8Array,
    signature: Uint8Array,
    recoveryId: 0 | 1 | 2 | 3,
    compressed?: boolean,
  ): Uint8Array | null
}

export const nobleBackend: RecoveryBackend = {
  name: 'noble',
  recoverPublicKey(messageHash, signature64, recoveryId) {
    try {
      const { secp256k1 } = curves()
      const signature = secp256k1.Signature.fromBytes(signature64, 'compact').addRecoveryBit(recoveryId)
      return signature.recoverPublicKey(messageHash).toBytes(false)
    } catch {
      return null
    }
  },
}

export function tinySecp256k1Backend(lib: TinySecp256k1Like): RecoveryBackend {
  return {
    name: 'libsecp256k1-wasm',
    recoverPublicKey(messageHash, signature64, recoveryId) {
      try {
        return lib.recover(messageHash, signature64, recoveryId as 0 | 1 | 2 | 3, false)
      } catch {
        // tiny-secp256k1 throws on out-of-range r/s where noble returns "no point": same meaning here.
        return null
      }
    },
  }
}

/** The subset of the `secp256k1` package's native API (`secp256k1/bindings.js`) this module uses. */
export interface NativeSecp256k1Like {
  ecdsaRecover(
    signature: Uint8Array,
    recoveryId: number,
    message: Uint8Array,
    compressed: boolean,
  ): Uint8Array
}

/**
 * libsecp256k1 compiled natively, as the `secp256k1` package ships it prebuilt for Node: roughly
 * ten times faster than the WASM build, so in Node recovery stops being the cost of a transaction.
 */
export function nativeSecp256k1Backend(binding: NativeSecp256k1Like): RecoveryBackend {
  return {
    name: 'libsecp256k1-native',
    recoverPublicKey(messageHash, signature64, recoveryId) {
      try {
        return binding.ecdsaRecover(signature64, recoveryId, messageHash, false)
      } catch {
        // Thrown when the signature recovers to no point: the same meaning as noble's failure.
        return null
      }
    },
  }
}

/**
 * Tries the native binding (Node only). The specifier is built at run time so bundlers for the
 * browser leave it alone; in a page or a worker the import fails and nothing changes.
 */
export async function enableNativeRecovery(): Promise<boolean> {
  try {
    // `bindings.js` loads only the compiled addon (the package's index falls back to pure JS).
    const name = 'secp256k1/bindings.js'
    const module = (await import(/* @vite-ignore */ name)) as { default?: unknown }
    const binding = (module.default ?? module) as NativeSecp256k1Like
    if (typeof binding.ecdsaRecover !== 'function') return false
    return setRecoveryBackend(nativeSecp256k1Backend(binding))
  } catch {
    return false
  }
}

let activeBackend: RecoveryBackend = nobleBackend

export function recoveryBackend(): RecoveryBackendName {
  return activeBackend.name
}

/** Installs a backend after checking it agrees with noble on a fixed vector; returns whether it was installed. */
export function setRecoveryBackend(backend: RecoveryBackend): boolean {
  if (backend.name !== 'noble' && !agreesWithNoble(backend)) return false
  activeBackend = backend
  return true
}

/**
 * Tries to switch recovery to libsecp256k1 (WASM). `load` defaults to a dynamic import of
 * tiny-secp256k1, which works in Node and pages; a service worker (where `import()` is forbidden)
 * passes its statically imported module instead: `enableFastRecovery(async () => ecc)`.
 * Never throws: on any failure noble stays active. Resolves to the backend in use.
 */
export async function enableFastRecovery(
  load: () => Promise<TinySecp256k1Like> = () => import('tiny-secp256k1'),
): Promise<RecoveryBackendName> {
  try {
    const lib = await load()
    setRecoveryBackend(tinySecp256k1Backend(lib))
  } catch {
    // WASM blocked by CSP, bundler without wasm support, or no WebAssembly: stay on noble.
  }
  return activeBackend.name
}

let loading: Promise<RecoveryBackendName> | undefined

/**
 * Starts switching recovery to libsecp256k1: the native addon where the host has one (Node), else
 * WASM through `load` (see `enableFastRecovery`). Recovery stays correct meanwhile (noble), so a
 * node does not wait for it to answer: loading the addon or module and checking it against noble
 * was a third of a node's start-up, and nothing before the first transaction needs it.
 */
export function loadRecoveryBackend(load?: () => Promise<TinySecp256k1Like>): Promise<RecoveryBackendName> {
  const started: Promise<RecoveryBackendName> = enableNativeRecovery()
    .then((native) => (native ? activeBackend.name : enableFastRecovery(load)))
    .then((name) => {
      if (loading === started) loading = undefined
      return name
    })
  loading = started
  return started
}

/**
 * The load in progress, if any. Whoever recovers many senders waits for it: in-process callers
 * that await the node in a tight loop never yield to the event loop, so without waiting the
 * addon's file reads would not complete and recovery would stay on pure JS (~15x slower).
 */
export function recoveryBackendLoading(): Promise<RecoveryBackendName> | undefined {
  return loading
}

/** Resolves once the last `loadRecoveryBackend` has finished, to the backend in use. */
export function recoveryBackendLoaded(): Promise<RecoveryBackendName> {
  return loading ?? Promise.resolve(activeBackend.name)
}

/** Compact 64-byte r‖s from bigints. */
export function compactSignature(r: bigint, s: bigint): Uint8Array {
  const out = new Uint8Array(64)
  out.set(bigintToPaddedBytes(r, 32), 0)
  out.set(bigintToPaddedBytes(s, 32), 32)
  return out
}

export function publicKeyToAddress(uncompressedPublicKey: Uint8Array): Address {
  return bytesToHex(keccak256(uncompressedPublicKey.subarray(1)).subarray(12)) as Address
}

/**
 * Recovers the signer's address, or null when the signature has no valid public key. `compact`:
 * r‖s as 64 bytes when the caller holds them (a decoded transaction's own bytes).
 */
export function recoverAddress(
  messageHash: Uint8Array,
  r: bigint,
  s: bigint,
  recoveryId: number,
  compact?: Uint8Array,
): Address | null {
  if (r <= 0n || s <= 0n || r >= SECP256K1_N || s >= SECP256K1_N) return null
  const publicKey = activeBackend.recoverPublicKey(messageHash, compact ?? compactSignature(r, s), recoveryId)
  return publicKey ? publicKeyToAddress(publicKey) : null
}

/** Recovers the signer's uncompressed public key, or null when the signature has none. */
export function recoverPublicKey(
  messageHash: Uint8Array,
  r: bigint,
  s: bigint,
  recoveryId: number,
): Uint8Array | null {
  if (r <= 0n || s <= 0n || r >= SECP256K1_N || s >= SECP256K1_N) return null
  return activeBackend.recoverPublicKey(messageHash, compactSignature(r, s), recoveryId)
}

/** Deterministic (RFC 6979), low-s signature of a 32-byte hash. */
export function signHash(
  messageHash: Uint8Array,
  privateKey: Uint8Array,
): { r: bigint; s: bigint; recoveryId: number } {
  const { secp256k1 } = curves()
  const signature = secp256k1.Signature.fromBytes(
    secp256k1.sign(messageHash, privateKey, { prehash: false, lowS: true, format: 'recovered' }),
    'recovered',
  )
  return { r: signature.r, s: signature.s, recoveryId: signature.recovery ?? 0 }
}

export function privateKeyToAddress(privateKey: Uint8Array): Address {
  return publicKeyToAddress(curves().secp256k1.getPublicKey(privateKey, false))
}

/**
 * A fixed vector: keccak256("rsk") signed with keccak256("cow"), and the cow public key. A fast
 * backend must recover it before it is used. Checking against a constant rather than against
 * noble keeps noble's table precomputation (≈100 ms) off the node's start-up;
 * `secp256k1.test.ts` checks the constant against noble.
 */
export const RECOVERY_SELF_TEST = {
  // keccak256("rsk"), written out so that importing this module hashes nothing.
  hash: hexToBytes('754aacba7288f208627a537a8a97a11e65d42f948de518f31645549abb73f265'),
  signature: hexToBytes(
    '7a408bc19799c55fdb465385f7c5636827a1571f83f66bd0df3700b0542f73c305369c21b8d9e9afc4e54e23709ae63d1a5c4d14e0f0fd4b0a180f1529b9ab87',
  ),
  recoveryId: 1,
  publicKey: hexToBytes(
    '040947751e3022ecf3016be03ec77ab0ce3c2662b4843898cb068d74f698ccc8ad75aa17564ae80a20bb044ee7a6d903e8e8df624b089c95d66a0570f051e5a05b',
  ),
} as const

function agreesWithNoble(backend: RecoveryBackend): boolean {
  const { hash, signature, recoveryId, publicKey } = RECOVERY_SELF_TEST
  const actual = backend.recoverPublicKey(hash, signature, recoveryId)
  return actual !== null && equalBytes(actual, publicKey)
}
