/**
 * What `registerBtcTransaction` and `registerFastBridgeBtcTransaction` share (RSKj
 * `validationsForRegisterBtcTransaction`, `BtcTransaction.verify`, `PegUtils.getTransactionType`):
 * the proof against the light client's block at the given height, the confirmations, a sane
 * transaction, and whether it is a peg-in or the federation's own peg-out.
 */
import { PartialMerkleTreeError, parsePartialMerkleTree } from '../../../bitcoin/partialMerkleTree.js'
import { sha256d } from '../../../crypto/fastSha256.js'
import { decodeBitcoinHeader } from '../../../mining/bitcoin/header.js'
import {
  type BitcoinTransaction,
  parseTransaction,
  serializeTransaction,
} from '../../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { NativeContractError } from '../nativeContract.js'
import type { BridgeEnv } from './env.js'
import { bestHeight, headerAtHeight, lowestSearchableHeight } from './lightClient.js'
import { hasPegoutSigHash } from './pegoutStorage.js'
import { inputSigHash, redeemScriptOfInput } from './signatures.js'
import { type BridgeStorage, readWitnessRoot } from './storage.js'

const MAX_MONEY = 21_000_000n * 100_000_000n

/** RSKj `BtcTransactionFormatUtils.calculateBtcTxHash`: the hash of the bytes as given. */
export function hashOfRawTransaction(raw: Uint8Array): Uint8Array {
  return sha256d(raw).reverse()
}

/**
 * RSKj `validationsForRegisterBtcTransaction`: false when the transaction cannot be registered
 * (the call then does nothing); a malformed proof or transaction fails the call.
 */
export function validateRegistration(
  env: BridgeEnv,
  storage: BridgeStorage,
  btcTxHash: Uint8Array,
  height: number,
  pmt: Uint8Array,
  raw: Uint8Array,
): boolean {
  if (height < 0) return false
  if (bestHeight(storage) - height + 1 < env.constants.btc2RskMinimumConfirmations) return false
  let proof: ReturnType<typeof parsePartialMerkleTree>
  try {
    proof = parsePartialMerkleTree(pmt)
  } catch (error) {
    if (error instanceof PartialMerkleTreeError) throw new NativeContractError(error.message)
    throw error
  }
  if (!proof.matched.some((txid) => equalBytes(txid, btcTxHash))) return false
  parseBtcTransaction(raw)
  if (height < lowestSearchableHeight(bestHeight(storage), env.constants))
    throw new NativeContractError(
      `Height ${height} is lower than the depth limit defined to search for blocks`,
    )
  const block = headerAtHeight(storage, height)
  // RSKj reads a block below its initial one as null and fails the call.
  if (!block) throw new NativeContractError(`No BTC block at height ${height} in the light client`)
  if (equalBytes(proof.root, decodeBitcoinHeader(block.header).merkleRoot)) return true
  // RSKIP143: a segwit transaction is proven among wtxids, against its block's registered root.
  const witnessRoot = readWitnessRoot(storage, block.hash)
  return witnessRoot !== undefined && equalBytes(proof.root, witnessRoot)
}

/** Parses and checks a transaction as bitcoinj's `BtcTransaction` constructor and `verify()` do. */
export function parseBtcTransaction(raw: Uint8Array): BitcoinTransaction {
  let tx: BitcoinTransaction
  try {
    tx = parseTransaction(raw)
  } catch (error) {
    throw new NativeContractError(`Invalid BTC transaction: ${(error as Error).message}`)
  }
  if (tx.inputs.length === 0 || tx.outputs.length === 0)
    throw new NativeContractError('Transaction had no inputs or no outputs.')
  let total = 0n
  for (const output of tx.outputs) {
    if (output.value < 0n) throw new NativeContractError('Transaction output negative')
    total += output.value
    if (output.value > MAX_MONEY || total > MAX_MONEY)
      throw new NativeContractError('Total transaction output value greater than possible')
  }
  const outpoints = new Set<string>()
  for (const input of tx.inputs) {
    const key = `${bytesToUnprefixedHex(input.previousTxid)}:${input.previousIndex}`
    if (outpoints.has(key)) throw new NativeContractError('Duplicated outpoint')
    outpoints.add(key)
  }
  if (isCoinbase(tx)) {
    const length = tx.inputs[0]?.scriptSig.length ?? 0
    if (length < 2 || length > 100) throw new NativeContractError('Coinbase script size out of range')
  } else if (tx.inputs.some((input) => isNullOutpoint(input.previousTxid, input.previousIndex)))
    throw new NativeContractError('Coinbase input as input in non-coinbase transaction')
  return tx
}

function isNullOutpoint(txid: Uint8Array, index: number): boolean {
  return index === 0xffffffff && txid.every((b) => b === 0)
}

export function isCoinbase(tx: BitcoinTransaction): boolean {
  const input = tx.inputs[0]
  return (
    tx.inputs.length === 1 && input !== undefined && isNullOutpoint(input.previousTxid, input.previousIndex)
  )
}

/** The legacy serialization's hash: the txid (RSKj `getHash(false)`). */
export function txidOf(tx: BitcoinTransaction): Uint8Array {
  return hashOfRawTransaction(serializeTransaction(tx))
}

/** The outputs paying `script`, with their index. */
export function outputsTo(tx: BitcoinTransaction, script: Uint8Array) {
  return tx.outputs.flatMap((output, index) =>
    equalBytes(output.scriptPubKey, script) ? [{ ...output, index }] : [],
  )
}

export type PegTxType = 'PEGIN' | 'PEGOUT_OR_MIGRATION' | 'UNKNOWN'

/** RSKj `PegUtils.getTransactionType` (one live federation, no SVP, no old federation). */
export function pegTxType(
  env: BridgeEnv,
  storage: BridgeStorage,
  tx: BitcoinTransaction,
  height: number,
): PegTxType {
  const federation = env.federation()
  const toFederation = outputsTo(tx, federation.scriptPubKey)
  if (height >= env.constants.pegoutTxIndexHeight) {
    // RSKIP379: a peg-out is recognized by its first input's sighash, saved when it was built (a
    // legacy sighash does not cover the signatures, so the signed transaction gives the same one).
    if (redeemScriptOfInput(tx, 0) && hasPegoutSigHash(storage, inputSigHash(tx, 0)))
      return 'PEGOUT_OR_MIGRATION'
    return toFederation.length > 0 ? 'PEGIN' : 'UNKNOWN'
  }
  // Before the peg-out index: anything not spending the federation and not paying it below the
  // minimum is a peg-in; anything spending it is a peg-out.
  const spendsFederation = tx.inputs.some((_, i) => {
    const redeemScript = redeemScriptOfInput(tx, i)
    return redeemScript !== undefined && equalBytes(redeemScript, federation.redeemScript)
  })
  const belowMinimum = toFederation.some((o) => o.value < env.constants.minimumPeginValueSatoshis)
  if (!spendsFederation && !belowMinimum) return 'PEGIN'
  return spendsFederation ? 'PEGOUT_OR_MIGRATION' : 'UNKNOWN'
}
