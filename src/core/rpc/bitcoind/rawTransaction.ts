/**
 * Raw transactions as the wallet RPCs take them: hex that may hold a transaction without inputs
 * (what `createrawtransaction` makes before `fundrawtransaction`), whose zero input count the
 * segwit form would misread as its marker, so that form is tried second, as Bitcoin Core does.
 */
import { ByteReader } from '../../mining/bitcoin/byteIo.js'
import {
  type BitcoinTransaction,
  type BitcoinTxOutput,
  parseTransaction,
  serializeTransactionForBlock,
} from '../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex } from '../../util/hex.js'
import { parseHex } from './args.js'
import { BitcoindError, RPC_DESERIALIZATION_ERROR } from './errors.js'

function parseWithoutInputs(bytes: Uint8Array): BitcoinTransaction | undefined {
  try {
    const reader = new ByteReader(bytes)
    const version = reader.int32le('version')
    if (reader.varInt('input count') !== 0) return undefined
    const outputs: BitcoinTxOutput[] = []
    const count = reader.varInt('output count')
    for (let i = 0; i < count; i++) {
      const value = reader.uint64le('output value')
      outputs.push({ value, scriptPubKey: reader.varBytes('output script') })
    }
    const lockTime = reader.uint32le('lock time')
    return reader.remaining === 0 ? { version, inputs: [], outputs, lockTime } : undefined
  } catch {
    return undefined
  }
}

/** Decodes `hexstring`, or answers -22 "TX decode failed". */
export function decodeRawTransaction(hex: unknown): BitcoinTransaction {
  let bytes: Uint8Array
  try {
    bytes = parseHex(hex, 'hexstring')
  } catch {
    throw new BitcoindError(RPC_DESERIALIZATION_ERROR, 'TX decode failed')
  }
  const withoutInputs = parseWithoutInputs(bytes)
  if (withoutInputs) return withoutInputs
  try {
    return parseTransaction(bytes)
  } catch {
    throw new BitcoindError(RPC_DESERIALIZATION_ERROR, 'TX decode failed')
  }
}

/** The hex a wallet RPC answers (witness form when the transaction has witnesses). */
export function rawTransactionHex(tx: BitcoinTransaction): string {
  return bytesToUnprefixedHex(serializeTransactionForBlock(tx))
}
