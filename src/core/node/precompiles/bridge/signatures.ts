/**
 * Federator signatures on a peg-out (RSKj `BridgeSupport.processSigning`, `BridgeUtils`'
 * signature counting, bitcoinj's `getSigInsertionIndex`/`updateScriptWithSignature`): one legacy
 * SIGHASH_ALL signature per input over the redeem script, kept in each scriptSig
 * `OP_0 <sig…> <OP_0 placeholders> <redeemScript>` in the order of the keys in the redeem script,
 * as OP_CHECKMULTISIG requires.
 */
import { compileScript, decompileScript, type ScriptChunk } from '../../../bitcoin/script.js'
import { legacySighash, SIGHASH_ALL } from '../../../bitcoin/sighash.js'
import { signBtc, verifyBtc } from '../../../bitcoin/signature.js'
import type { BitcoinTransaction } from '../../../mining/bitcoin/transaction.js'
import { concatBytes, equalBytes } from '../../../util/hex.js'
import { selectorOf } from '../abi.js'
import { encodeWord } from '../nativeContract.js'

/** The redeem script an unsigned or partly signed federation input carries last. */
export function redeemScriptOfInput(tx: BitcoinTransaction, inputIndex: number): Uint8Array | undefined {
  const input = tx.inputs[inputIndex]
  if (!input) return undefined
  const chunks = safeChunks(input.scriptSig)
  const last = chunks?.[chunks.length - 1]
  return last instanceof Uint8Array && last.length > 0 ? last : undefined
}

function safeChunks(script: Uint8Array): ScriptChunk[] | undefined {
  try {
    return decompileScript(script)
  } catch {
    return undefined
  }
}

/** RSKj `generateSigHashForLegacyTransactionInput`: SIGHASH_ALL with the redeem script as scriptCode. */
export function inputSigHash(tx: BitcoinTransaction, inputIndex: number): Uint8Array {
  const redeemScript = redeemScriptOfInput(tx, inputIndex)
  if (!redeemScript) throw new RangeError(`input ${inputIndex} has no redeem script`)
  return legacySighash(tx, inputIndex, redeemScript, SIGHASH_ALL)
}

/** The public keys of an m-of-n multisig redeem script, in script order. */
export function multisigKeys(redeemScript: Uint8Array): Uint8Array[] {
  return (safeChunks(redeemScript) ?? []).filter(
    (c): c is Uint8Array => c instanceof Uint8Array && (c.length === 33 || c.length === 65),
  )
}

/**
 * Whether `bytes` is shaped as a DER ECDSA signature (SEQUENCE of two INTEGERs), as bitcoinj's
 * `ECDSASignature.decodeFromDER` needs to parse it.
 */
export function isDerSignature(bytes: Uint8Array): boolean {
  if (bytes.length < 8 || bytes.length > 72 || bytes[0] !== 0x30 || bytes[1] !== bytes.length - 2)
    return false
  const rLength = bytes[3] as number
  if (bytes[2] !== 0x02 || rLength === 0 || 4 + rLength + 2 > bytes.length) return false
  const sAt = 4 + rLength
  const sLength = bytes[sAt + 1] as number
  return bytes[sAt] === 0x02 && sLength > 0 && sAt + 2 + sLength === bytes.length
}

interface InputSignatures {
  redeemScript: Uint8Array
  /** Signatures present (DER ‖ hash type), in key order. */
  signatures: Uint8Array[]
  slots: number
}

function inputSignatures(tx: BitcoinTransaction, inputIndex: number): InputSignatures | undefined {
  const input = tx.inputs[inputIndex]
  const chunks = input && safeChunks(input.scriptSig)
  if (!chunks || chunks.length < 2) return undefined
  const redeemScript = chunks[chunks.length - 1]
  if (!(redeemScript instanceof Uint8Array)) return undefined
  const middle = chunks.slice(1, -1)
  const signatures = middle.filter((c): c is Uint8Array => c instanceof Uint8Array && c.length > 0)
  return { redeemScript, signatures, slots: middle.length }
}

/** RSKj `BridgeUtils.countMissingSignatures` over one input: placeholders still to fill. */
export function missingSignatures(tx: BitcoinTransaction, inputIndex: number): number {
  const sigs = inputSignatures(tx, inputIndex)
  return sigs ? sigs.slots - sigs.signatures.length : 0
}

/** RSKj `BridgeUtils.hasEnoughSignatures`: no input has a placeholder left. */
export function hasEnoughSignatures(tx: BitcoinTransaction): boolean {
  return tx.inputs.every((_, i) => missingSignatures(tx, i) === 0)
}

function signerIndex(keys: Uint8Array[], signature: Uint8Array, sigHash: Uint8Array): number {
  const der = signature.subarray(0, signature.length - 1)
  return keys.findIndex((key) => safeVerify(sigHash, der, key))
}

function safeVerify(hash: Uint8Array, der: Uint8Array, key: Uint8Array): boolean {
  try {
    return verifyBtc(hash, der, key)
  } catch {
    return false
  }
}

/** RSKj `BridgeUtils.isInputSignedByThisFederator`. */
export function isInputSignedBy(
  tx: BitcoinTransaction,
  inputIndex: number,
  key: Uint8Array,
  sigHash: Uint8Array,
) {
  const sigs = inputSignatures(tx, inputIndex)
  return !!sigs && sigs.signatures.some((s) => safeVerify(sigHash, s.subarray(0, s.length - 1), key))
}

/**
 * Puts `der` (already verified) into input `inputIndex` at its key's place among the signatures
 * present (bitcoinj `getSigInsertionIndex` + `updateScriptWithSignature`), using up one
 * placeholder. Returns the new scriptSig, or undefined when the input cannot take it (no
 * placeholder left, signer not in the redeem script).
 */
export function insertSignature(
  tx: BitcoinTransaction,
  inputIndex: number,
  key: Uint8Array,
  der: Uint8Array,
  sigHash: Uint8Array,
): Uint8Array | undefined {
  const sigs = inputSignatures(tx, inputIndex)
  if (!sigs || sigs.signatures.length >= sigs.slots) return undefined
  const keys = multisigKeys(sigs.redeemScript)
  const position = keys.findIndex((k) => equalBytes(k, key))
  if (position < 0) return undefined
  const before = sigs.signatures.filter((s) => signerIndex(keys, s, sigHash) < position).length
  const ordered = [...sigs.signatures]
  ordered.splice(before, 0, concatBytes(der, Uint8Array.of(SIGHASH_ALL)))
  const placeholders = Array.from({ length: sigs.slots - ordered.length }, () => new Uint8Array(0))
  return compileScript([new Uint8Array(0), ...ordered, ...placeholders, sigs.redeemScript])
}

/** One signature per input with `privateKey`, as a federator's signer answers. */
export function signPegout(tx: BitcoinTransaction, privateKey: Uint8Array): Uint8Array[] {
  return tx.inputs.map((_, i) => signBtc(inputSigHash(tx, i), privateKey))
}

/** The ABI tail of a `bytes` value: length word, then the bytes padded to 32. */
function bytesTail(bytes: Uint8Array): Uint8Array {
  return concatBytes(encodeWord(BigInt(bytes.length)), bytes, new Uint8Array((32 - (bytes.length % 32)) % 32))
}

/** The ABI tail of a `bytes[]` value: count, offsets relative to the first offset, items. */
export function bytesArrayTail(items: readonly Uint8Array[]): Uint8Array {
  const tails = items.map(bytesTail)
  const offsets: Uint8Array[] = []
  let at = tails.length * 32
  for (const tail of tails) {
    offsets.push(encodeWord(BigInt(at)))
    at += tail.length
  }
  return concatBytes(encodeWord(BigInt(tails.length)), ...offsets, ...tails)
}

/** Call data of `addSignature(bytes federatorPublicKey, bytes[] signatures, bytes rskTxHash)`. */
export function encodeAddSignatureCall(
  federatorPublicKey: Uint8Array,
  signatures: readonly Uint8Array[],
  rskTxHash: Uint8Array,
): Uint8Array {
  const key = bytesTail(federatorPublicKey)
  const array = bytesArrayTail(signatures)
  return concatBytes(
    selectorOf('addSignature(bytes,bytes[],bytes)'),
    encodeWord(96n),
    encodeWord(BigInt(96 + key.length)),
    encodeWord(BigInt(96 + key.length + array.length)),
    key,
    array,
    bytesTail(rskTxHash),
  )
}
