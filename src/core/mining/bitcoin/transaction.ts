/**
 * Bitcoin transactions: serialization, parsing (legacy and BIP144 segwit forms) and txid.
 * The txid hashes the legacy serialization (no witness), which is also what RSKj's bitcoinj fork
 * serializes for a merged-mining coinbase.
 */
import { sha256d } from '../../crypto/fastSha256'
import { BitcoinDecodeError, ByteReader, ByteWriter, reverseBytes } from './byteIo'

export type BitcoinTxInput = {
  /** txid of the spent output, display order; all zeros for a coinbase. */
  previousTxid: Uint8Array
  /** 0xffffffff for a coinbase. */
  previousIndex: number
  scriptSig: Uint8Array
  sequence: number
  /** Segwit witness stack; absent or empty for legacy inputs. Not part of the txid. */
  witness?: Uint8Array[]
}

export type BitcoinTxOutput = {
  /** Satoshis. */
  value: bigint
  scriptPubKey: Uint8Array
}

export type BitcoinTransaction = {
  version: number
  inputs: BitcoinTxInput[]
  outputs: BitcoinTxOutput[]
  lockTime: number
}

function writeBody(writer: ByteWriter, tx: BitcoinTransaction, withWitness: boolean): void {
  writer.int32le(tx.version)
  if (withWitness) writer.uint8(0x00).uint8(0x01)
  writer.varInt(tx.inputs.length)
  for (const input of tx.inputs) {
    if (input.previousTxid.length !== 32) throw new RangeError('previous txid must be 32 bytes')
    writer.bytes(reverseBytes(input.previousTxid)).uint32le(input.previousIndex)
    writer.varBytes(input.scriptSig).uint32le(input.sequence)
  }
  writer.varInt(tx.outputs.length)
  for (const output of tx.outputs) writer.uint64le(output.value).varBytes(output.scriptPubKey)
  if (withWitness) {
    for (const input of tx.inputs) {
      const stack = input.witness ?? []
      writer.varInt(stack.length)
      for (const item of stack) writer.varBytes(item)
    }
  }
  writer.uint32le(tx.lockTime)
}

function hasWitness(tx: BitcoinTransaction): boolean {
  return tx.inputs.some((input) => (input.witness?.length ?? 0) > 0)
}

/** Legacy serialization (what the txid and RSKj's `bitcoinSerialize()` cover). */
export function serializeTransaction(tx: BitcoinTransaction): Uint8Array {
  const writer = new ByteWriter(256)
  writeBody(writer, tx, false)
  return writer.toBytes()
}

/** The form a block carries: BIP144 with marker and flag when any input has a witness. */
export function serializeTransactionForBlock(tx: BitcoinTransaction): Uint8Array {
  const writer = new ByteWriter(256)
  writeBody(writer, tx, hasWitness(tx))
  return writer.toBytes()
}

/** Reads one transaction at the reader's position, accepting both the legacy and segwit forms. */
export function readTransaction(reader: ByteReader): BitcoinTransaction {
  const version = reader.int32le('transaction version')
  let inputCount = reader.varInt('input count')
  let segwit = false
  if (inputCount === 0) {
    // BIP144: a zero "input count" is the segwit marker, followed by flag 0x01.
    const flag = reader.uint8('segwit flag')
    if (flag !== 0x01) throw new BitcoinDecodeError(`transaction has no inputs (segwit flag ${flag})`)
    segwit = true
    inputCount = reader.varInt('input count')
  }
  const inputs: BitcoinTxInput[] = []
  for (let i = 0; i < inputCount; i++) {
    const previousTxid = reverseBytes(reader.bytes(32, 'input outpoint'))
    const previousIndex = reader.uint32le('input outpoint index')
    const scriptSig = reader.varBytes('input script')
    const sequence = reader.uint32le('input sequence')
    inputs.push({ previousTxid, previousIndex, scriptSig, sequence })
  }
  const outputCount = reader.varInt('output count')
  const outputs: BitcoinTxOutput[] = []
  for (let i = 0; i < outputCount; i++) {
    const value = reader.uint64le('output value')
    outputs.push({ value, scriptPubKey: reader.varBytes('output script') })
  }
  if (segwit) {
    for (const input of inputs) {
      const items = reader.varInt('witness item count')
      const witness: Uint8Array[] = []
      for (let j = 0; j < items; j++) witness.push(reader.varBytes('witness item'))
      input.witness = witness
    }
  }
  const lockTime = reader.uint32le('lock time')
  return { version, inputs, outputs, lockTime }
}

/** Parses exactly one transaction; trailing bytes are an error. */
export function parseTransaction(bytes: Uint8Array): BitcoinTransaction {
  const reader = new ByteReader(bytes)
  const tx = readTransaction(reader)
  if (reader.remaining !== 0) {
    throw new BitcoinDecodeError(`${reader.remaining} unexpected bytes after the transaction`)
  }
  return tx
}

/** Transaction id in display order: reversed double SHA-256 of the legacy serialization. */
export function transactionId(tx: BitcoinTransaction): Uint8Array {
  return txidOfSerialized(serializeTransaction(tx))
}

/** Transaction id of already-serialized legacy bytes, display order. */
export function txidOfSerialized(serialized: Uint8Array): Uint8Array {
  return reverseBytes(sha256d(serialized))
}
