/**
 * Rootstock transactions: legacy RLP only (`org/ethereum/core/Transaction.java`).
 *
 * `[nonce, gasPrice, gasLimit, to, value, data, v, r, s]`, exactly nine items, `v` one byte.
 * EIP-155 with a one-byte chain id: v = 35 + 2·chainId + recId (chain 30 → 0x5f/0x60,
 * 31 → 0x61/0x62, 33 → 0x65/0x66); v = 27/28 is an unprotected signature (chain id 0).
 *
 * The hash is keccak-256 of RSKj's re-encoding of the decoded fields (`getEncoded()`), which for
 * any transaction a wallet produces is the input bytes. `raw` holds that encoding.
 */
import { keccak256 } from '../crypto/hash.js'
import {
  type Address,
  bigintToBytes,
  bytesToBigint,
  bytesToHex,
  hexToBytes,
  ZERO_ADDRESS,
} from '../util/hex.js'
import { objectMemo } from '../util/objectMemo.js'
import {
  InvalidChainIdError,
  InvalidTransactionEncodingError,
  TypedTransactionNotSupportedError,
} from './errors.js'
import { type RlpDecoded, rlpDecode, rlpEncode } from './rlp.js'
import { recoverAddress, recoverPublicKey, SECP256K1_N, signHash } from './secp256k1.js'
import { signedSender } from './signedSenders.js'

export interface TransactionFields {
  nonce: bigint
  gasPrice: bigint
  gasLimit: bigint
  /** Absent for contract creation. */
  to?: Address
  value: bigint
  data: Uint8Array
}

export interface SignedTransaction extends TransactionFields {
  /** The v byte as RSKj re-encodes it (`getEncodedV`): 27/28 or 35 + 2·chainId + recId; 0 when unsigned. */
  v: number
  r: bigint
  s: bigint
  /** 0 for unprotected (v = 27/28) and unsigned transactions, else (v − 35) / 2 as RSKj computes it. */
  chainId: number
  /** False only for unsigned transactions such as REMASC's (empty v, r, s). */
  signed: boolean
  hash: Uint8Array
  raw: Uint8Array
}

const EMPTY = new Uint8Array(0)
const SINGLE_ZERO = Uint8Array.of(0)
/** RSKj rejects s ≥ n/2 (`Transaction.SECP256K1N_HALF`, integer division). */
const SECP256K1_N_HALF = SECP256K1_N / 2n
const LOWER_REAL_V = 27
const CHAIN_ID_INC = 35

/** The six payload slots as RSKj re-encodes them; kept per transaction to build the signing hash. */
const payloadSlots = objectMemo<SignedTransaction, Uint8Array[]>('payloadSlots')

/**
 * Decodes raw transaction bytes with RSKj's checks and texts. Throws
 * `TypedTransactionNotSupportedError` for EIP-2718 input and `InvalidTransactionEncodingError`
 * for anything else RSKj would not decode.
 */
export function decodeTransaction(raw: Uint8Array): SignedTransaction {
  const first = raw[0]
  if (first === undefined)
    throw new InvalidTransactionEncodingError('Invalid input: Expected one RLP item but got 0')
  if (first <= 0x7f) throw new TypedTransactionNotSupportedError(first)
  let decoded: RlpDecoded
  try {
    decoded = rlpDecode(raw)
  } catch (error) {
    throw new InvalidTransactionEncodingError(`Invalid input: ${(error as Error).message}`)
  }
  if (!Array.isArray(decoded))
    throw new InvalidTransactionEncodingError("Invalid input: The decoded element wasn't a list")
  if (decoded.length !== 9)
    throw new InvalidTransactionEncodingError('A transaction must have exactly 9 elements')
  const items = decoded.map((item, index) => {
    if (!(item instanceof Uint8Array)) {
      throw new InvalidTransactionEncodingError(
        `Invalid input: transaction element ${index} must be a byte string`,
      )
    }
    return item
  })
  const [nonce, gasPrice, gasLimit, to, value, data, v, r, s] = items as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ]
  if (to.length !== 0 && to.length !== 20)
    throw new InvalidTransactionEncodingError('An RSK address must be 20 bytes long')
  if (v.length > 1) throw new InvalidTransactionEncodingError('Signature V is invalid')
  // RSKj keeps the raw bytes of nonce, gasLimit and data, and re-encodes gasPrice and value from
  // their numeric value; these slots reproduce `Transaction.encode` for any input it accepts.
  const gasPriceValue = bytesToBigint(gasPrice)
  const slots = [
    nonce.length === 1 && nonce[0] === 0 ? EMPTY : nonce,
    gasPrice.length === 0 ? EMPTY : gasPriceValue === 0n ? SINGLE_ZERO : bigintToBytes(gasPriceValue),
    gasLimit,
    to,
    bigintToBytes(bytesToBigint(value)),
    data,
  ]
  const fields: TransactionFields = {
    nonce: bytesToBigint(nonce),
    gasPrice: gasPriceValue,
    gasLimit: bytesToBigint(gasLimit),
    value: bytesToBigint(value),
    data,
  }
  if (to.length === 20) fields.to = bytesToHex(to) as Address
  if (v.length === 0) return build(fields, slots, null)
  const vByte = v[0] as number
  const chainId = chainIdFromV(vByte)
  const realV = vByte === LOWER_REAL_V || vByte === LOWER_REAL_V + 1 ? vByte : vByte % 2 === 0 ? 28 : 27
  // Components without leading zeros are already what re-encoding them would give: kept as
  // they are, where converting each to a number and back took two hex round trips.
  const minimal = (bytes: Uint8Array) => (bytes.length > 0 && bytes[0] !== 0 ? bytes : undefined)
  const tx = build(
    fields,
    slots,
    { realV, chainId, r: bytesToBigint(r), s: bytesToBigint(s) },
    minimal(r),
    minimal(s),
  )
  if (r.length <= 32 && s.length <= 32) {
    const compact = new Uint8Array(64)
    compact.set(r, 32 - r.length)
    compact.set(s, 64 - s.length)
    compactSignatures.set(tx, compact)
  }
  return tx
}

/** r‖s of a decoded transaction, 32 bytes each, for recovery: taken from its bytes at decode. */
const compactSignatures = objectMemo<SignedTransaction, Uint8Array>('compactSignature')

/**
 * RSKj `extractChainIdFromV`: Java byte arithmetic, so any v byte yields a chain id; values that
 * are not 35 + 2·id + {0,1} give ids no node accepts, and `acceptTransactionSignature` rejects them.
 */
function chainIdFromV(v: number): number {
  if (v === LOWER_REAL_V || v === LOWER_REAL_V + 1) return 0
  const id = Math.trunc((v - CHAIN_ID_INC) / 2)
  return id > 127 ? id - 256 : id
}

interface SignatureParts {
  realV: number
  chainId: number
  r: bigint
  s: bigint
}

/**
 * An unsigned transaction from its fields and the payload slots RSKj would encode for them (what
 * `decodeTransaction` of their encoding returns, without encoding and parsing it first). For
 * transactions the node builds itself, such as REMASC's in every block.
 */
export function unsignedTransaction(fields: TransactionFields, slots: Uint8Array[]): SignedTransaction {
  return build(fields, slots, null)
}

/** `r` and `s` as RSKj encodes them: minimal big-endian bytes, one zero byte for zero. */
const encodeUnsignedMinimal = (n: bigint) => (n === 0n ? SINGLE_ZERO : bigintToBytes(n))

/** `rBytes` / `sBytes`: the components' minimal encodings when the caller has them already. */
function build(
  fields: TransactionFields,
  slots: Uint8Array[],
  signature: SignatureParts | null,
  rBytes?: Uint8Array,
  sBytes?: Uint8Array,
): SignedTransaction {
  let v = 0
  let tail: Uint8Array[] = [EMPTY, EMPTY, EMPTY]
  if (signature) {
    const { realV, chainId } = signature
    v = chainId === 0 ? realV : (realV - LOWER_REAL_V + chainId * 2 + CHAIN_ID_INC) & 0xff
    tail = [
      bigintToBytes(BigInt(v)),
      rBytes ?? encodeUnsignedMinimal(signature.r),
      sBytes ?? encodeUnsignedMinimal(signature.s),
    ]
  }
  const raw = rlpEncode([...slots, ...tail])
  // Fields are copied one by one: spreading a caller's object (whose shape varies with `to`) is
  // several times slower, and this runs for every transaction received and every REMASC one.
  const tx: SignedTransaction = {
    nonce: fields.nonce,
    gasPrice: fields.gasPrice,
    gasLimit: fields.gasLimit,
    value: fields.value,
    data: fields.data,
    v,
    r: signature?.r ?? 0n,
    s: signature?.s ?? 0n,
    chainId: signature?.chainId ?? 0,
    signed: signature !== null,
    hash: keccak256(raw),
    raw,
  }
  if (fields.to !== undefined) tx.to = fields.to
  payloadSlots.set(tx, slots)
  return tx
}

/** The hash that was signed (RSKj `getRawHash`): EIP-155 payload `[…, chainId, '', '']` when the chain id is not 0. */
export function signingHash(tx: SignedTransaction): Uint8Array {
  const slots = payloadSlots.get(tx) ?? (decodeSlots(tx.raw) as Uint8Array[])
  return signingHashOf(slots, tx.chainId)
}

function signingHashOf(slots: Uint8Array[], chainId: number): Uint8Array {
  const payload = chainId === 0 ? slots : [...slots, bigintToBytes(BigInt(chainId & 0xff)), EMPTY, EMPTY]
  return keccak256(rlpEncode(payload))
}

function decodeSlots(raw: Uint8Array): RlpDecoded[] {
  return (rlpDecode(raw) as RlpDecoded[]).slice(0, 6)
}

const senders = objectMemo<SignedTransaction, Address | null>('sender')

/**
 * The sender, recovered once and cached per transaction object. Unsigned transactions (REMASC)
 * have the zero address, as RSKj's `RemascTransaction.getSender` shows it; null when the
 * signature recovers to no public key.
 */
export function transactionSender(tx: SignedTransaction): Address | null {
  if (!tx.signed) return ZERO_ADDRESS
  const cached = senders.get(tx) ?? signedSender(tx.hash)
  if (cached !== undefined) return cached
  const recoveryId = tx.chainId === 0 ? tx.v - LOWER_REAL_V : (tx.v - CHAIN_ID_INC) & 1
  const sender = recoverAddress(signingHash(tx), tx.r, tx.s, recoveryId, compactSignatures.get(tx))
  senders.set(tx, sender)
  return sender
}

/**
 * The sender's uncompressed public key (65 bytes), or null for an unsigned transaction or a
 * signature that recovers to no key. RSKj's Bridge derives a peg-out's Bitcoin address from it.
 */
export function transactionSenderPublicKey(tx: SignedTransaction): Uint8Array | null {
  if (!tx.signed) return null
  if (tx.r <= 0n || tx.s <= 0n) return null
  const recoveryId = tx.chainId === 0 ? tx.v - LOWER_REAL_V : (tx.v - CHAIN_ID_INC) & 1
  return recoverPublicKey(signingHash(tx), tx.r, tx.s, recoveryId)
}

/**
 * RSKj `acceptTransactionSignature(chainId)`: valid components (1 ≤ r, s < n), s < n/2 and a
 * chain id of 0 or the node's. Throws `InvalidChainIdError` with RSKj's text otherwise.
 */
export function assertAcceptableSignature(tx: SignedTransaction, nodeChainId: number): void {
  const ok =
    tx.signed &&
    tx.r >= 1n &&
    tx.r < SECP256K1_N &&
    tx.s >= 1n &&
    tx.s < SECP256K1_N_HALF &&
    (tx.chainId === 0 || tx.chainId === nodeChainId)
  if (!ok) throw new InvalidChainIdError(tx.chainId)
}

/** One-byte chain ids only: v = 35 + 2·chainId + 1 must fit in a byte. */
export const MAX_RSK_CHAIN_ID = 110

/**
 * Signs a legacy transaction. chainId 0 gives an unprotected v of 27/28; otherwise EIP-155 with
 * RSK's one-byte chain id. Fields are encoded minimally (a zero gasPrice is 0x80, as ethers and
 * viem write it).
 */
export function signTransaction(
  fields: TransactionFields,
  privateKey: Uint8Array,
  chainId: number,
): SignedTransaction {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId > MAX_RSK_CHAIN_ID) {
    throw new RangeError(`chain id must fit in RSK's one-byte v (0..${MAX_RSK_CHAIN_ID}), got ${chainId}`)
  }
  const slots = minimalSlots(fields)
  const { r, s, recoveryId } = signHash(signingHashOf(slots, chainId), privateKey)
  return build({ ...fields }, slots, { realV: LOWER_REAL_V + recoveryId, chainId, r, s })
}

/** Encodes a transaction from its fields and signature (v as it appears on the wire). */
export function encodeTransaction(
  fields: TransactionFields & { v: number; r: bigint; s: bigint },
): Uint8Array {
  return rlpEncode([
    ...minimalSlots(fields),
    bigintToBytes(BigInt(fields.v)),
    bigintToBytes(fields.r),
    bigintToBytes(fields.s),
  ])
}

function minimalSlots(fields: TransactionFields): Uint8Array[] {
  return [
    bigintToBytes(fields.nonce),
    bigintToBytes(fields.gasPrice),
    bigintToBytes(fields.gasLimit),
    fields.to ? hexToBytes(fields.to) : EMPTY,
    bigintToBytes(fields.value),
    fields.data,
  ]
}

/** Contract address of a creation: keccak256(rlp([sender, nonce]))[12:]. */
export function contractAddress(sender: Address, nonce: bigint): Address {
  return bytesToHex(keccak256(rlpEncode([hexToBytes(sender), bigintToBytes(nonce)])).subarray(12)) as Address
}
