/**
 * Context-free checks of a submitted transaction, with Bitcoin Core's reject reasons: consensus
 * (`CheckTransaction`) then relay policy (`IsStandardTx`) and finality (`IsFinalTx`). All are
 * answered with code -26, as `sendrawtransaction` answers them.
 */
import {
  type BitcoinTransaction,
  type BitcoinTxOutput,
  serializeTransaction,
  serializeTransactionForBlock,
} from '../../mining/bitcoin/transaction.js'
import { classifyScript, decompileScript, isPushOnly } from '../script.js'
import { isUnspendable } from './connect.js'
import { outpointId } from './mempool.js'
import { BtcRejectError, RPC_TRANSACTION_REJECTED } from './types.js'

export const MAX_MONEY = 21_000_000n * 100_000_000n
export const MAX_BLOCK_WEIGHT = 4_000_000
export const MAX_STANDARD_TX_WEIGHT = 400_000
/** Bytes of an OP_RETURN output script relayed by default (`MAX_OP_RETURN_RELAY`). */
const MAX_OP_RETURN_RELAY = 83
const MAX_SCRIPTSIG_SIZE = 1650
/** `DUST_RELAY_TX_FEE`, satoshis per 1000 virtual bytes. */
const DUST_RELAY_FEE = 3000n

export const reject = (reason: string) => new BtcRejectError(RPC_TRANSACTION_REJECTED, reason)

export function txWeight(tx: BitcoinTransaction): number {
  return serializeTransaction(tx).length * 3 + serializeTransactionForBlock(tx).length
}

export function txVsize(tx: BitcoinTransaction): number {
  return Math.ceil(txWeight(tx) / 4)
}

export function isCoinbase(tx: BitcoinTransaction): boolean {
  const only = tx.inputs[0]
  return (
    tx.inputs.length === 1 && only?.previousIndex === 0xffffffff && only.previousTxid.every((b) => b === 0)
  )
}

/** A witness program: a version opcode (OP_0, OP_1…OP_16) and one push of 2 to 40 bytes. */
export function isWitnessProgram(script: Uint8Array): boolean {
  const version = script[0] as number
  if (script.length < 4 || script.length > 42) return false
  if (version !== 0 && (version < 0x51 || version > 0x60)) return false
  return script[1] === script.length - 2
}

/** `CheckTransaction`: rules every transaction obeys, in or out of a block. */
export function checkTransaction(tx: BitcoinTransaction): void {
  if (tx.inputs.length === 0) throw reject('bad-txns-vin-empty')
  if (tx.outputs.length === 0) throw reject('bad-txns-vout-empty')
  if (serializeTransaction(tx).length * 4 > MAX_BLOCK_WEIGHT) throw reject('bad-txns-oversize')
  let total = 0n
  for (const output of tx.outputs) {
    // Core reads values as int64: the top bit set is a negative amount.
    if (output.value < 0n || output.value >= 1n << 63n) throw reject('bad-txns-vout-negative')
    if (output.value > MAX_MONEY) throw reject('bad-txns-vout-toolarge')
    total += output.value
    if (total > MAX_MONEY) throw reject('bad-txns-txouttotal-toolarge')
  }
  const seen = new Set<string>()
  for (const input of tx.inputs) {
    const id = outpointId(input.previousTxid, input.previousIndex)
    if (seen.has(id)) throw reject('bad-txns-inputs-duplicate')
    seen.add(id)
  }
  if (isCoinbase(tx)) throw reject('coinbase')
  for (const input of tx.inputs) {
    if (input.previousIndex === 0xffffffff && input.previousTxid.every((b) => b === 0))
      throw reject('bad-txns-prevout-null')
  }
}

/** `GetDustThreshold`: what spending the output would cost at the dust relay fee. */
export function dustThreshold(output: BitcoinTxOutput): bigint {
  if (isUnspendable(output)) return 0n
  const scriptLength = output.scriptPubKey.length
  const size = 8 + (scriptLength < 0xfd ? 1 : 3) + scriptLength
  const spend = isWitnessProgram(output.scriptPubKey) ? 32 + 4 + 1 + 26 + 4 : 32 + 4 + 1 + 107 + 4
  return (DUST_RELAY_FEE * BigInt(size + spend)) / 1000n
}

function isStandardOutputScript(script: Uint8Array): boolean {
  const template = classifyScript(script)
  switch (template.kind) {
    case 'nulldata':
      return script.length <= MAX_OP_RETURN_RELAY
    case 'multisig':
      return template.publicKeys.length <= 3
    case 'nonstandard':
      return isWitnessProgram(script) && script[0] !== 0
    default:
      return true
  }
}

/** `IsStandardTx`: what nodes relay by default. */
export function checkStandard(tx: BitcoinTransaction): void {
  if (tx.version < 1 || tx.version > 3) throw reject('version')
  if (txWeight(tx) > MAX_STANDARD_TX_WEIGHT) throw reject('tx-size')
  for (const input of tx.inputs) {
    if (input.scriptSig.length > MAX_SCRIPTSIG_SIZE) throw reject('scriptsig-size')
    let pushOnly = false
    try {
      pushOnly = isPushOnly(decompileScript(input.scriptSig))
    } catch {}
    if (!pushOnly) throw reject('scriptsig-not-pushonly')
  }
  let dataOutputs = 0
  for (const output of tx.outputs) {
    if (!isStandardOutputScript(output.scriptPubKey)) throw reject('scriptpubkey')
    if (classifyScript(output.scriptPubKey).kind === 'nulldata') dataOutputs++
    else if (output.value < dustThreshold(output)) throw reject('dust')
  }
  if (dataOutputs > 1) throw reject('multi-op-return')
  if (serializeTransaction(tx).length < 65) throw reject('tx-size-small')
}

/** `IsFinalTx` for the next block: a lock time in the future needs every input's sequence final. */
export function checkFinal(tx: BitcoinTransaction, nextHeight: number, tipTime: number): void {
  if (tx.lockTime === 0) return
  const limit = tx.lockTime < 500_000_000 ? nextHeight : tipTime
  if (tx.lockTime < limit) return
  if (tx.inputs.every((input) => input.sequence === 0xffffffff)) return
  throw reject('non-final')
}

/** Bitcoin Core's `FormatMoney`: BTC with at least two decimals ("50.00", "0.12345678"). */
export function formatMoney(satoshis: bigint): string {
  const negative = satoshis < 0n
  const abs = negative ? -satoshis : satoshis
  let fraction = (abs % 100_000_000n).toString().padStart(8, '0')
  while (fraction.length > 2 && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  return `${negative ? '-' : ''}${abs / 100_000_000n}.${fraction}`
}
