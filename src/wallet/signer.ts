/**
 * Signing with the wallet's keys: legacy EIP-155 transactions with Rootstock's chain id (RSK has
 * no typed transactions), EIP-191 messages (`personal_sign`, `eth_sign`) and EIP-712 typed data
 * (`eth_signTypedData`, `_v3`, `_v4`: eip712.ts). Keys and curves come from @noble (signatures from
 * libsecp256k1 once the worker has loaded it: `useRecoverableSigner`).
 */
import { RLP } from '@ethereumjs/rlp'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { recoverAddress } from '../core/chain/secp256k1.js'
import { keccak256 } from '../core/crypto/hash.js'
import {
  type Address,
  bigintToBytes,
  bytesToBigint,
  bytesToHex,
  concatBytes,
  type Hex,
  hexToBytes,
  toAddress,
  utf8ToBytes,
} from '../core/util/hex.js'

export interface LegacyTransaction {
  nonce: bigint
  gasPrice: bigint
  gas: bigint
  /** Absent for a contract creation. */
  to?: Address
  value: bigint
  data: Uint8Array
  chainId: number
}

export function addressOfPrivateKey(privateKey: Hex): Address {
  const publicKey = secp256k1.getPublicKey(hexToBytes(privateKey), false)
  return toAddress(keccak256(publicKey.subarray(1)).subarray(12))
}

/**
 * Deterministic (RFC 6979, no extra entropy), low-S recoverable ECDSA: libsecp256k1's, which gives
 * the same signature as noble's in about a tenth of the time. `null` when it refuses the input.
 */
export interface RecoverableSigner {
  signRecoverable(
    digest: Uint8Array,
    privateKey: Uint8Array,
  ): { signature: Uint8Array; recoveryId: number } | null
}

let fastSigner: RecoverableSigner | null = null

/** The worker hands libsecp256k1 over once its WebAssembly has loaded; `null` goes back to noble. */
export function useRecoverableSigner(signer: RecoverableSigner | null): void {
  fastSigner = signer
}

/** Signs a 32-byte digest; returns r, s and the recovery bit. */
function signDigest(digest: Uint8Array, privateKey: Hex): { r: bigint; s: bigint; recovery: number } {
  const fast = fastSigner?.signRecoverable(digest, hexToBytes(privateKey))
  if (fast)
    return {
      r: bytesToBigint(fast.signature.subarray(0, 32)),
      s: bytesToBigint(fast.signature.subarray(32, 64)),
      recovery: fast.recoveryId,
    }
  // 'recovered' = recovery byte followed by r‖s; lowS is on by default (EIP-2).
  const sig = secp256k1.sign(digest, hexToBytes(privateKey), { prehash: false, format: 'recovered' })
  const parsed = secp256k1.Signature.fromBytes(sig, 'recovered')
  return { r: parsed.r, s: parsed.s, recovery: parsed.recovery ?? 0 }
}

function pad32(n: bigint): Uint8Array {
  const bytes = bigintToBytes(n)
  const out = new Uint8Array(32)
  out.set(bytes, 32 - bytes.length)
  return out
}

/** `r ‖ s ‖ v` with v = 27 + recovery, the encoding every library verifies. */
function toRsv(sig: { r: bigint; s: bigint; recovery: number }): Hex {
  return bytesToHex(concatBytes(pad32(sig.r), pad32(sig.s), Uint8Array.of(27 + sig.recovery)))
}

/** RLP of a legacy transaction; returns the raw bytes and the transaction hash. */
export function signLegacyTransaction(tx: LegacyTransaction, privateKey: Hex): { raw: Hex; hash: Hex } {
  const to = tx.to ? hexToBytes(tx.to) : new Uint8Array(0)
  const fields = [
    bigintToBytes(tx.nonce),
    bigintToBytes(tx.gasPrice),
    bigintToBytes(tx.gas),
    to,
    bigintToBytes(tx.value),
    tx.data,
  ]
  // EIP-155: sign over (…, chainId, 0, 0) and fold the chain id into v.
  const unsigned = RLP.encode([
    ...fields,
    bigintToBytes(BigInt(tx.chainId)),
    new Uint8Array(0),
    new Uint8Array(0),
  ])
  const sig = signDigest(keccak256(unsigned), privateKey)
  const v = BigInt(tx.chainId) * 2n + 35n + BigInt(sig.recovery)
  const raw = RLP.encode([...fields, bigintToBytes(v), bigintToBytes(sig.r), bigintToBytes(sig.s)])
  return { raw: bytesToHex(raw), hash: bytesToHex(keccak256(raw)) }
}

/** EIP-191 version 0x45: "\x19Ethereum Signed Message:\n" + length + message. */
export function signPersonalMessage(message: Uint8Array, privateKey: Hex): Hex {
  return toRsv(signDigest(personalMessageDigest(message), privateKey))
}

/** Signs a 32-byte digest (typed data of any version, eip712.ts) as `r ‖ s ‖ v`. */
export function signDigestRsv(digest: Uint8Array, privateKey: Hex): Hex {
  return toRsv(signDigest(digest, privateKey))
}

/** The EIP-191 digest of a personal message. */
function personalMessageDigest(message: Uint8Array): Uint8Array {
  return keccak256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${message.length}`), message))
}

/**
 * `personal_ecRecover`: the lowercase address that signed `message` (EIP-191) with a 65-byte
 * `r ‖ s ‖ v` signature, v 27/28 or 0/1; null when the signature cannot be recovered.
 */
export function recoverPersonalSigner(message: Uint8Array, signature: Uint8Array): Address | null {
  if (signature.length !== 65) return null
  const v = signature[64]!
  const recovery = v >= 27 ? v - 27 : v
  if (recovery !== 0 && recovery !== 1) return null
  const r = bytesToBigint(signature.subarray(0, 32))
  const s = bytesToBigint(signature.subarray(32, 64))
  return recoverAddress(personalMessageDigest(message), r, s, recovery)
}

/**
 * Message bytes as wallets read them: a 0x-prefixed even-length hex string is bytes, anything
 * else is UTF-8 text (MetaMask's rule for `personal_sign`).
 */
export function messageBytes(message: string): Uint8Array {
  if (/^0x([0-9a-fA-F]{2})*$/.test(message)) return hexToBytes(message)
  return utf8ToBytes(message)
}
