/// <reference types="vite/client" />
/**
 * libsecp256k1 (tiny-secp256k1's WebAssembly build) for sender recovery and the wallet's
 * signatures in the worker.
 *
 * tiny-secp256k1's JS entry cannot be used here: it imports its .wasm as an ES module, which
 * needs top-level await (forbidden in MV3 service workers) or `import()` (forbidden too), and
 * inlining the bytes as base64 would add ~1.6 MB of JS to every cold start. So the .wasm ships
 * as a file of the package, is compiled asynchronously (streaming where the browser can) the first
 * time a node opens, and is driven through its exports: the inputs are written to the fixed
 * buffers the module exports (HASH_INPUT, SIGNATURE_INPUT), `recover` fills PUBLIC_KEY_INPUT.
 * The worker's top level stays synchronous; when WebAssembly is refused (no 'wasm-unsafe-eval'),
 * the load rejects and the node keeps its pure-JS recovery (createNode's self-check decides).
 */

import secp256k1WasmPath from '../../node_modules/tiny-secp256k1/lib/secp256k1.wasm?url'
import {
  type RecoveryBackendName,
  recoveryBackendLoaded,
  SECP256K1_N,
  type TinySecp256k1Like,
} from '../core/chain/secp256k1.js'
import { loadFastSha256 } from '../core/crypto/fastSha256.js'
import { isFastKeccakReady } from '../core/crypto/hash.js'
import { bytesToBigint } from '../core/util/hex.js'
import type { RecoverableSigner } from '../wallet/signer.js'

/** The exports of secp256k1.wasm used for recovery and for the wallet's signatures. */
interface Secp256k1Exports {
  memory: WebAssembly.Memory
  HASH_INPUT: WebAssembly.Global
  SIGNATURE_INPUT: WebAssembly.Global
  PUBLIC_KEY_INPUT: WebAssembly.Global
  PRIVATE_INPUT: WebAssembly.Global
  recover(outputLength: number, recoveryId: number): number
  /** RFC 6979 nonce (no extra entropy when the argument is 0), low-S; returns the recovery id. */
  signRecoverable(withExtraEntropy: number): number
}

export type Secp256k1Wasm = TinySecp256k1Like & RecoverableSigner

const HASH_SIZE = 32
const SIGNATURE_SIZE = 64
const UNCOMPRESSED_SIZE = 65
const COMPRESSED_SIZE = 33
const PRIVATE_KEY_SIZE = 32

/** Why a call into the module failed (its `throwError` import); the adapter turns it into null. */
class Secp256k1WasmError extends Error {}

/** The two functions the module imports: context randomisation and error reporting. */
function moduleImports(): WebAssembly.Imports {
  return {
    './rand.js': {
      generateInt32: () => crypto.getRandomValues(new Int32Array(1))[0] ?? 0,
    },
    './validate_error.js': {
      throwError: (code: number) => {
        throw new Secp256k1WasmError(`libsecp256k1 error ${code}`)
      },
    },
  }
}

function isSecp256k1Exports(exports: WebAssembly.Exports): boolean {
  const e = exports as Partial<Record<keyof Secp256k1Exports, unknown>>
  return (
    e.memory instanceof WebAssembly.Memory &&
    e.HASH_INPUT instanceof WebAssembly.Global &&
    e.SIGNATURE_INPUT instanceof WebAssembly.Global &&
    e.PUBLIC_KEY_INPUT instanceof WebAssembly.Global &&
    e.PRIVATE_INPUT instanceof WebAssembly.Global &&
    typeof e.recover === 'function' &&
    typeof e.signRecoverable === 'function'
  )
}

/** 32 bytes in 1 … n-1: the module traps (rather than reporting an error) on anything else. */
function isPrivateKey(key: Uint8Array): boolean {
  if (key.length !== PRIVATE_KEY_SIZE) return false
  const value = bytesToBigint(key)
  return value > 0n && value < SECP256K1_N
}

/**
 * Recovery (tiny-secp256k1's `recover` signature) and recoverable signing over an instantiated
 * secp256k1.wasm.
 */
export function secp256k1FromInstance(instance: WebAssembly.Instance): Secp256k1Wasm {
  if (!isSecp256k1Exports(instance.exports)) throw new Error('not the libsecp256k1 module')
  const wasm = instance.exports as unknown as Secp256k1Exports
  const hashAt = Number(wasm.HASH_INPUT.value)
  const signatureAt = Number(wasm.SIGNATURE_INPUT.value)
  const publicKeyAt = Number(wasm.PUBLIC_KEY_INPUT.value)
  const privateKeyAt = Number(wasm.PRIVATE_INPUT.value)
  /**
   * Writes `inputs` into the module's fixed buffers, runs `run`, and zeroes `used` afterwards: the
   * buffers are shared by every call, and may hold a private key. An error the module reports
   * (its `throwError` import: a key out of range, an invalid signature) becomes null.
   */
  function call<T>(
    inputs: Array<[Uint8Array, number]>,
    used: Array<[number, number]>,
    run: (memory: Uint8Array) => T | null,
  ): T | null {
    // A fresh view each call: a view over a grown memory would be detached.
    const memory = new Uint8Array(wasm.memory.buffer)
    try {
      for (const [bytes, at] of inputs) memory.set(bytes, at)
      return run(memory)
    } catch (error) {
      if (error instanceof Secp256k1WasmError) return null
      throw error
    } finally {
      for (const [at, size] of used) memory.fill(0, at, at + size)
    }
  }
  return {
    signRecoverable(hash, privateKey) {
      if (hash.length !== HASH_SIZE || !isPrivateKey(privateKey)) return null
      return call(
        [
          [hash, hashAt],
          [privateKey, privateKeyAt],
        ],
        // The private key must not stay in the module's memory.
        [
          [privateKeyAt, PRIVATE_KEY_SIZE],
          [hashAt, HASH_SIZE],
          [signatureAt, SIGNATURE_SIZE],
        ],
        (memory) => {
          const recoveryId = wasm.signRecoverable(0)
          return { signature: memory.slice(signatureAt, signatureAt + SIGNATURE_SIZE), recoveryId }
        },
      )
    },
    recover(hash, signature, recoveryId, compressed = false) {
      if (hash.length !== HASH_SIZE || signature.length !== SIGNATURE_SIZE) return null
      if (!(recoveryId >= 0 && recoveryId <= 3)) return null
      const length = compressed ? COMPRESSED_SIZE : UNCOMPRESSED_SIZE
      return call(
        [
          [hash, hashAt],
          [signature, signatureAt],
        ],
        [
          [hashAt, HASH_SIZE],
          [signatureAt, SIGNATURE_SIZE],
          [publicKeyAt, UNCOMPRESSED_SIZE],
        ],
        (memory) =>
          wasm.recover(length, recoveryId) === 1 ? memory.slice(publicKeyAt, publicKeyAt + length) : null,
      )
    },
  }
}

/** Compiles and instantiates secp256k1.wasm from a response (streaming) or its bytes. */
export async function instantiateSecp256k1(source: Response | BufferSource): Promise<Secp256k1Wasm> {
  let instance: WebAssembly.Instance
  if (source instanceof Response) {
    // Streaming compiles while the bytes arrive; it needs the application/wasm type, which
    // extension origins serve for .wasm files. Otherwise compile from the whole buffer.
    const fallback = source.clone()
    try {
      instance = (await WebAssembly.instantiateStreaming(source, moduleImports())).instance
    } catch (error) {
      if (!(error instanceof TypeError)) throw error
      instance = (await WebAssembly.instantiate(await fallback.arrayBuffer(), moduleImports())).instance
    }
  } else {
    instance = (await WebAssembly.instantiate(source, moduleImports())).instance
  }
  return secp256k1FromInstance(instance)
}

/** The built file's URL inside the extension package. */
export function secp256k1WasmUrl(getUrl: (path: string) => string): string {
  return getUrl(secp256k1WasmPath)
}

/**
 * The loader createNode awaits (its `secp256k1` option): one fetch and compile per worker, shared
 * by the nodes of every network. A failure (WebAssembly refused) is kept too: it would not change.
 */
export function secp256k1WasmLoader(url: string): () => Promise<Secp256k1Wasm> {
  let loading: Promise<Secp256k1Wasm> | null = null
  return () => {
    loading ??= fetch(url).then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
      return instantiateSecp256k1(response)
    })
    return loading
  }
}

export interface CryptoBackends {
  recovery: RecoveryBackendName
  keccak: 'hash-wasm' | 'noble'
  sha256: 'hash-wasm' | 'noble'
}

/**
 * Which implementations the node's hot paths use now (recovery and keccak switch when the first
 * node opens). The worker exposes it for its DevTools console and the e2e tests.
 */
export async function cryptoBackends(): Promise<CryptoBackends> {
  return {
    recovery: await recoveryBackendLoaded(),
    keccak: isFastKeccakReady() ? 'hash-wasm' : 'noble',
    sha256: (await loadFastSha256()) ? 'hash-wasm' : 'noble',
  }
}
