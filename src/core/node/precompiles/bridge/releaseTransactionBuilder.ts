/**
 * RSKj `ReleaseTransactionBuilder` over the federation's UTXOs, with what it inherits from
 * bitcoinj's `Wallet.completeTx` for a legacy (P2SH multisig) federation: outputs pay the fee
 * (`recipientsPayFees`, split equally, the first output paying the remainder), coins chosen by
 * `RskAllowUnconfirmedCoinSelector` (by txid, then index, until the target is reached), dust change
 * raised at the first output's expense, the fee recomputed until it covers the estimated signed
 * size, version 2 (RSKIP201), every input's scriptSig `OP_0 OP_0×m <redeemScript>` (signatures
 * still missing, `MissingSigsMode.USE_OP_ZERO`) and 100,000 bytes at most.
 */
import { compileScript } from '../../../bitcoin/script.js'
import { type BitcoinTransaction, serializeTransaction } from '../../../mining/bitcoin/transaction.js'
import { bytesToBigint } from '../../../util/hex.js'
import type { BridgeUtxo } from './storage.js'

/** bitcoinj `BtcTransaction.REFERENCE_DEFAULT_MIN_TX_FEE`: also the floor of the fee per kB. */
const REFERENCE_DEFAULT_MIN_TX_FEE = 5_000n
/** bitcoinj `BtcTransaction.MAX_STANDARD_TX_SIZE`. */
const MAX_STANDARD_TX_SIZE = 100_000
/** bitcoinj `Script.SIG_SIZE`: a signature's bytes in a size estimate. */
const SIG_SIZE = 75
/** RSKIP201: peg-outs are version 2 transactions. */
const BTC_TX_VERSION_2 = 2
const NO_SEQUENCE = 0xffffffff

export type BuildResponse =
  | 'INSUFFICIENT_MONEY'
  | 'COULD_NOT_ADJUST_DOWNWARDS'
  | 'DUSTY_SEND_REQUESTED'
  | 'EXCEED_MAX_TRANSACTION_SIZE'

export type BuildResult =
  | { ok: true; tx: BitcoinTransaction; selected: BridgeUtxo[] }
  | { ok: false; response: BuildResponse }

export interface SpendingFederation {
  redeemScript: Uint8Array
  threshold: number
  /** P2SH script of the redeem script: where change goes. */
  scriptPubKey: Uint8Array
}

export interface ReleaseOutput {
  script: Uint8Array
  /** Satoshis requested; the fee is taken from it. */
  value: bigint
}

function varIntSize(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : 5
}

/** bitcoinj `TransactionOutput.getMinNonDustValue()`: three times the default minimum fee rate. */
export function minNonDustValue(script: Uint8Array): bigint {
  const size = BigInt(8 + varIntSize(script.length) + script.length + 148)
  return (REFERENCE_DEFAULT_MIN_TX_FEE * 3n * size) / 1000n
}

/** The placeholder scriptSig of an unsigned federation input. */
export function emptyInputScript(federation: SpendingFederation): Uint8Array {
  const placeholders = Array.from({ length: federation.threshold }, () => new Uint8Array(0))
  return compileScript([new Uint8Array(0), ...placeholders, federation.redeemScript])
}

/** `RskAllowUnconfirmedCoinSelector`: sorted by txid as a number, then index; stop once enough. */
function selectCoins(
  target: bigint,
  candidates: readonly BridgeUtxo[],
): { gathered: BridgeUtxo[]; total: bigint } {
  const sorted = [...candidates].sort((a, b) => {
    const ha = bytesToBigint(a.txid)
    const hb = bytesToBigint(b.txid)
    return ha < hb ? -1 : ha > hb ? 1 : a.index - b.index
  })
  const gathered: BridgeUtxo[] = []
  let total = 0n
  for (const utxo of sorted) {
    if (total >= target) break
    gathered.push(utxo)
    total += utxo.value
  }
  return { gathered, total }
}

function inputOf(utxo: BridgeUtxo, scriptSig: Uint8Array) {
  return { previousTxid: utxo.txid, previousIndex: utxo.index, scriptSig, sequence: NO_SEQUENCE }
}

/** bitcoinj `calculateTxSize` for a legacy spend: empty scriptSigs plus m signatures and the script each. */
function estimatedSize(tx: BitcoinTransaction, federation: SpendingFederation): number {
  const perInput = federation.threshold * SIG_SIZE + federation.redeemScript.length
  return serializeTransaction(tx).length + tx.inputs.length * perInput
}

/**
 * RSKj `buildBatchedPegouts` / `buildAmountTo` (one output) and, with `emptyWallet`, `buildEmptyWalletTo`
 * (a single output receiving every UTXO minus the fee).
 */
export function buildReleaseTransaction(parameters: {
  utxos: readonly BridgeUtxo[]
  outputs: readonly ReleaseOutput[]
  federation: SpendingFederation
  /** Satoshis per 1000 bytes. */
  feePerKb: bigint
  emptyWallet?: boolean
}): BuildResult {
  const { utxos, outputs, federation } = parameters
  if (parameters.emptyWallet) return buildEmptyWallet(utxos, outputs, federation, parameters.feePerKb)
  // `ensureMinRequiredFee`: never less than the reference fee rate.
  const feePerKb =
    parameters.feePerKb < REFERENCE_DEFAULT_MIN_TX_FEE ? REFERENCE_DEFAULT_MIN_TX_FEE : parameters.feePerKb
  if (outputs.some((o) => o.value < minNonDustValue(o.script)))
    return { ok: false, response: 'DUSTY_SEND_REQUESTED' }
  const value = outputs.reduce((sum, o) => sum + o.value, 0n)
  const count = BigInt(outputs.length)
  let fee = 0n
  for (;;) {
    const adjusted = outputs.map((o, i) => {
      const share = fee / count + (i === 0 ? fee % count : 0n)
      return { value: o.value - share, scriptPubKey: o.script }
    })
    if (adjusted.some((o) => o.value < minNonDustValue(o.scriptPubKey)))
      return { ok: false, response: 'COULD_NOT_ADJUST_DOWNWARDS' }
    const { gathered, total } = selectCoins(value, utxos)
    if (total < value) return { ok: false, response: 'INSUFFICIENT_MONEY' }
    const tx: BitcoinTransaction = { version: BTC_TX_VERSION_2, inputs: [], outputs: adjusted, lockTime: 0 }
    const change = total - value
    if (change > 0n) {
      const dust = minNonDustValue(federation.scriptPubKey)
      let changeValue = change
      if (changeValue < dust) {
        // Dust change is raised to the dust limit at the first output's expense (the sender pays
        // no more than requested), as bitcoinj does when recipients pay the fee.
        const first = adjusted[0] as { value: bigint; scriptPubKey: Uint8Array }
        first.value -= dust - changeValue
        changeValue = dust
        if (first.value < minNonDustValue(first.scriptPubKey))
          return { ok: false, response: 'COULD_NOT_ADJUST_DOWNWARDS' }
      }
      tx.outputs.push({ value: changeValue, scriptPubKey: federation.scriptPubKey })
    }
    tx.inputs = gathered.map((u) => inputOf(u, new Uint8Array(0)))
    const feeNeeded = (feePerKb * BigInt(estimatedSize(tx, federation))) / 1000n
    if (fee >= feeNeeded) return complete(tx, gathered, federation)
    fee = feeNeeded
  }
}

function buildEmptyWallet(
  utxos: readonly BridgeUtxo[],
  outputs: readonly ReleaseOutput[],
  federation: SpendingFederation,
  feePerKb: bigint,
): BuildResult {
  const only = outputs[0]
  if (outputs.length !== 1 || only === undefined)
    throw new RangeError('an empty-wallet release has one output')
  // bitcoinj selects everything (MAX_MONEY target: no sorting) and takes the fee from the output.
  const gathered = [...utxos]
  const total = gathered.reduce((sum, u) => sum + u.value, 0n)
  const tx: BitcoinTransaction = {
    version: BTC_TX_VERSION_2,
    inputs: gathered.map((u) => inputOf(u, new Uint8Array(0))),
    outputs: [{ value: total, scriptPubKey: only.script }],
    lockTime: 0,
  }
  const fee = (feePerKb * BigInt(estimatedSize(tx, federation))) / 1000n
  const output = tx.outputs[0] as { value: bigint; scriptPubKey: Uint8Array }
  output.value -= fee < REFERENCE_DEFAULT_MIN_TX_FEE ? REFERENCE_DEFAULT_MIN_TX_FEE : fee
  if (output.value < minNonDustValue(output.scriptPubKey))
    return { ok: false, response: 'COULD_NOT_ADJUST_DOWNWARDS' }
  return complete(tx, gathered, federation)
}

function complete(
  tx: BitcoinTransaction,
  gathered: BridgeUtxo[],
  federation: SpendingFederation,
): BuildResult {
  const scriptSig = emptyInputScript(federation)
  const signable: BitcoinTransaction = { ...tx, inputs: tx.inputs.map((input) => ({ ...input, scriptSig })) }
  if (serializeTransaction(signable).length > MAX_STANDARD_TX_SIZE)
    return { ok: false, response: 'EXCEED_MAX_TRANSACTION_SIZE' }
  return { ok: true, tx: signable, selected: gathered }
}

/** RSKj `BridgeUtils.calculatePegoutTxSize` for a legacy federation (fee estimates, minimum peg-out). */
export function pegoutTxSize(federation: SpendingFederation, inputs: number, outputs: number): number {
  const tx: BitcoinTransaction = {
    version: 1,
    // RSKj puts the bare redeem script in each scriptSig and adds 72 bytes per required signature.
    inputs: Array.from({ length: inputs }, () => ({
      previousTxid: new Uint8Array(32),
      previousIndex: 0,
      scriptSig: federation.redeemScript,
      sequence: NO_SEQUENCE,
    })),
    outputs: Array.from({ length: outputs }, () => ({ value: 0n, scriptPubKey: federation.scriptPubKey })),
    lockTime: 0,
  }
  return serializeTransaction(tx).length + federation.threshold * inputs * 72
}
