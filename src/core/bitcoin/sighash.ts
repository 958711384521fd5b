/**
 * Signature hashes: the legacy algorithm (Bitcoin Core's `SignatureHash` for base scripts) and
 * BIP143's for segwit v0 inputs. Both return the 32-byte digest that is signed, in the order the
 * hash function produced it (not reversed).
 */
import { sha256d } from '../crypto/fastSha256'
import { ByteWriter, reverseBytes } from '../mining/bitcoin/byteIo'
import type { BitcoinTransaction, BitcoinTxOutput } from '../mining/bitcoin/transaction'
import { OP_CODESEPARATOR, OP_PUSHDATA1, OP_PUSHDATA2, OP_PUSHDATA4 } from './opcodes'

export const SIGHASH_ALL = 1
export const SIGHASH_NONE = 2
export const SIGHASH_SINGLE = 3
export const SIGHASH_ANYONECANPAY = 0x80

/** The digest "1" that legacy signing yields for an out-of-range input or SIGHASH_SINGLE output. */
function one(): Uint8Array {
  const digest = new Uint8Array(32)
  digest[0] = 1
  return digest
}

function checkIndex(tx: BitcoinTransaction, inputIndex: number): void {
  if (!Number.isInteger(inputIndex) || inputIndex < 0 || inputIndex >= tx.inputs.length) {
    throw new RangeError(`input ${inputIndex} does not exist (the transaction has ${tx.inputs.length})`)
  }
}

/**
 * The script code without its OP_CODESEPARATORs, as legacy signing hashes it. Like Bitcoin Core,
 * only separators read as opcodes count, and from a truncated push on the bytes are kept as they are.
 */
function withoutCodeSeparators(scriptCode: Uint8Array): Uint8Array {
  const kept: number[] = []
  let at = 0
  while (at < scriptCode.length) {
    const opcode = scriptCode[at] as number
    const end = opcodeEnd(scriptCode, at)
    if (end === undefined) break
    if (opcode !== OP_CODESEPARATOR) for (let i = at; i < end; i++) kept.push(scriptCode[i] as number)
    at = end
  }
  for (let i = at; i < scriptCode.length; i++) kept.push(scriptCode[i] as number)
  return kept.length === scriptCode.length ? scriptCode : Uint8Array.from(kept)
}

/** Where the opcode at `at` (with its pushed data) ends, or undefined when it runs past the script. */
function opcodeEnd(script: Uint8Array, at: number): number | undefined {
  const opcode = script[at] as number
  let header = 1
  let length = 0
  if (opcode < OP_PUSHDATA1) length = opcode
  else if (opcode <= OP_PUSHDATA4) {
    const size = opcode === OP_PUSHDATA1 ? 1 : opcode === OP_PUSHDATA2 ? 2 : 4
    if (at + 1 + size > script.length) return undefined
    for (let i = size; i >= 1; i--) length = length * 256 + (script[at + i] as number)
    header += size
  }
  const end = at + header + length
  return end > script.length ? undefined : end
}

/**
 * Legacy signature hash of input `inputIndex` spending an output whose script code is
 * `scriptCode` (the previous output's script for P2PKH, the redeem script for P2SH).
 * Includes Bitcoin Core's quirk: SIGHASH_SINGLE without a matching output signs the digest 1.
 */
export function legacySighash(
  tx: BitcoinTransaction,
  inputIndex: number,
  scriptCode: Uint8Array,
  hashType: number,
): Uint8Array {
  checkIndex(tx, inputIndex)
  const base = hashType & 0x1f
  const anyoneCanPay = (hashType & SIGHASH_ANYONECANPAY) !== 0
  if (base === SIGHASH_SINGLE && inputIndex >= tx.outputs.length) return one()
  const code = withoutCodeSeparators(scriptCode)
  const w = new ByteWriter(256).int32le(tx.version)
  const inputs = anyoneCanPay ? [inputIndex] : tx.inputs.map((_, i) => i)
  w.varInt(inputs.length)
  for (const i of inputs) {
    const input = tx.inputs[i]
    if (input === undefined) continue
    w.bytes(reverseBytes(input.previousTxid)).uint32le(input.previousIndex)
    w.varBytes(i === inputIndex ? code : new Uint8Array(0))
    const zeroSequence = i !== inputIndex && (base === SIGHASH_NONE || base === SIGHASH_SINGLE)
    w.uint32le(zeroSequence ? 0 : input.sequence)
  }
  if (base === SIGHASH_NONE) w.varInt(0)
  else if (base === SIGHASH_SINGLE) {
    w.varInt(inputIndex + 1)
    // Outputs before the signed one are blanked: value -1 and an empty script.
    for (let i = 0; i < inputIndex; i++) w.uint32le(0xffffffff).uint32le(0xffffffff).varInt(0)
    writeOutput(w, tx.outputs[inputIndex] as BitcoinTxOutput)
  } else {
    w.varInt(tx.outputs.length)
    for (const output of tx.outputs) writeOutput(w, output)
  }
  w.uint32le(tx.lockTime).uint32le(hashType >>> 0)
  return sha256d(w.toBytes())
}

function writeOutput(w: ByteWriter, output: BitcoinTxOutput): void {
  w.uint64le(output.value).varBytes(output.scriptPubKey)
}

/**
 * BIP143 signature hash of a segwit v0 input. `scriptCode` is the P2PKH script of the key for
 * P2WPKH, the witness script for P2WSH; `value` is the spent output's amount in satoshis.
 */
export function witnessV0Sighash(
  tx: BitcoinTransaction,
  inputIndex: number,
  scriptCode: Uint8Array,
  value: bigint,
  hashType: number,
): Uint8Array {
  checkIndex(tx, inputIndex)
  const base = hashType & 0x1f
  const anyoneCanPay = (hashType & SIGHASH_ANYONECANPAY) !== 0
  const zero: Uint8Array = new Uint8Array(32)
  let hashPrevouts: Uint8Array = zero
  let hashSequence: Uint8Array = zero
  let hashOutputs: Uint8Array = zero
  if (!anyoneCanPay) {
    const w = new ByteWriter(36 * tx.inputs.length)
    for (const input of tx.inputs) w.bytes(reverseBytes(input.previousTxid)).uint32le(input.previousIndex)
    hashPrevouts = sha256d(w.toBytes())
  }
  if (!anyoneCanPay && base !== SIGHASH_SINGLE && base !== SIGHASH_NONE) {
    const w = new ByteWriter(4 * tx.inputs.length)
    for (const input of tx.inputs) w.uint32le(input.sequence)
    hashSequence = sha256d(w.toBytes())
  }
  if (base !== SIGHASH_SINGLE && base !== SIGHASH_NONE) {
    const w = new ByteWriter(256)
    for (const output of tx.outputs) writeOutput(w, output)
    hashOutputs = sha256d(w.toBytes())
  } else if (base === SIGHASH_SINGLE && inputIndex < tx.outputs.length) {
    const w = new ByteWriter(64)
    writeOutput(w, tx.outputs[inputIndex] as BitcoinTxOutput)
    hashOutputs = sha256d(w.toBytes())
  }
  const input = tx.inputs[inputIndex]
  if (input === undefined) throw new RangeError(`input ${inputIndex} does not exist`)
  const w = new ByteWriter(256)
    .int32le(tx.version)
    .bytes(hashPrevouts)
    .bytes(hashSequence)
    .bytes(reverseBytes(input.previousTxid))
    .uint32le(input.previousIndex)
    .varBytes(scriptCode)
    .uint64le(value)
    .uint32le(input.sequence)
    .bytes(hashOutputs)
    .uint32le(tx.lockTime)
    .uint32le(hashType >>> 0)
  return sha256d(w.toBytes())
}
