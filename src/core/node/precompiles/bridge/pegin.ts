/**
 * `registerBtcTransaction(bytes,int256,bytes)` (RSKj `BridgeSupport.registerBtcTransaction`,
 * `registerPegIn` with RSKIP379, `PegUtils.evaluatePegin`): a proven, confirmed BTC transaction
 * paying the federation credits its value (1 satoshi = 10^10 wei) from the Bridge's balance to the
 * sender's or the OP_RETURN's RSK address; a rejected one is refunded on the Bitcoin side when it
 * has a refund address. The federation's own peg-out returns its change to the federation's UTXOs.
 * Anyone may call it (RSKIP199); it returns nothing, what happened is in its events.
 */
import { scriptToAddress } from '../../../bitcoin/address.js'
import { BTC_PARAMS } from '../../../bitcoin/params.js'
import type { PrecompileContext } from '../../../evm/types.js'
import type { BitcoinTransaction } from '../../../mining/bitcoin/transaction.js'
import { toAddress } from '../../../util/hex.js'
import { dataGas, type NativeMethod } from '../nativeContract.js'
import type { BridgeEnv } from './env.js'
import {
  logPeginBtc,
  logRejectedPegin,
  logUnrefundablePegin,
  NonRefundablePeginReason,
  RejectedPeginReason,
} from './events.js'
import { type PeginInformation, parsePeginInformation, partialInformation } from './peginInformation.js'
import { refundRejectedPegin } from './pegoutRefund.js'
import {
  hashOfRawTransaction,
  isCoinbase,
  outputsTo,
  parseBtcTransaction,
  pegTxType,
  txidOf,
  validateRegistration,
} from './registration.js'
import {
  BRIDGE_STORAGE_ADDRESS,
  type BridgeStorage,
  markProcessed,
  readFederationUtxos,
  readProcessedHeight,
  writeFederationUtxos,
} from './storage.js'

export const WEIS_PER_SATOSHI = 10n ** 10n
export const REGISTER_BTC_TRANSACTION_GAS = 22_000n

type Evaluation =
  | { action: 'REGISTER'; info: PeginInformation }
  | { action: 'REFUND' | 'NO_REFUND'; reason: number; info: PeginInformation }

export function peginMethods(env: BridgeEnv): NativeMethod[] {
  return [
    {
      signature: 'registerBtcTransaction(bytes,int256,bytes)',
      gas: (input) => REGISTER_BTC_TRANSACTION_GAS + dataGas(input),
      run(args, ctx) {
        const raw = args.bytes(0)
        const height = Number(BigInt.asIntN(32, args.int(1)))
        const pmt = args.bytes(2)
        registerBtcTransaction(env, ctx, raw, height, pmt)
        return new Uint8Array(0)
      },
    },
  ]
}

export function registerBtcTransaction(
  env: BridgeEnv,
  ctx: PrecompileContext,
  raw: Uint8Array,
  height: number,
  pmt: Uint8Array,
): void {
  const storage = env.storage(ctx)
  const hash = hashOfRawTransaction(raw)
  // "Transaction already processed" and "Could not validate transaction" are logged, not failed.
  if (readProcessedHeight(storage, hash) !== undefined) return
  if (!validateRegistration(env, storage, hash, height, pmt, raw)) return
  const tx = parseBtcTransaction(raw)
  const txid = txidOf(tx)
  if (readProcessedHeight(storage, txid) !== undefined) return
  const type = pegTxType(env, storage, tx, height)
  if (type === 'PEGIN') registerPegin(env, ctx, storage, tx, txid, height)
  else if (type === 'PEGOUT_OR_MIGRATION') registerNewUtxos(env, ctx, storage, tx, txid, height)
}

/** RSKj `PegUtils.evaluatePegin` (the federation asks it too: it registers nothing the Bridge would leave unprocessed). */
export function evaluatePegin(env: BridgeEnv, tx: BitcoinTransaction): Evaluation {
  const toFederation = outputsTo(tx, env.federation().scriptPubKey)
  const empty: PeginInformation = { protocolVersion: 0, senderType: 'UNKNOWN' }
  if (
    toFederation.length === 0 ||
    toFederation.some((o) => o.value < env.constants.minimumPeginValueSatoshis)
  )
    return { action: 'NO_REFUND', reason: RejectedPeginReason.INVALID_AMOUNT, info: empty }
  let info: PeginInformation
  try {
    info = parsePeginInformation(tx)
  } catch (error) {
    const partial = partialInformation(error) ?? empty
    const action = partial.refundScript ? 'REFUND' : 'NO_REFUND'
    return { action, reason: RejectedPeginReason.PEGIN_V1_INVALID_PAYLOAD, info: partial }
  }
  if (info.protocolVersion === 1) return { action: 'REGISTER', info }
  switch (info.senderType) {
    case 'P2PKH':
    case 'P2SHP2WPKH':
      return { action: 'REGISTER', info }
    case 'P2SHMULTISIG':
    case 'P2SHP2WSH':
      // One federation, so never outputs to federations of different types.
      return { action: 'REFUND', reason: RejectedPeginReason.LEGACY_PEGIN_MULTISIG_SENDER, info }
    default:
      return { action: 'NO_REFUND', reason: RejectedPeginReason.LEGACY_PEGIN_UNDETERMINED_SENDER, info }
  }
}

function registerPegin(
  env: BridgeEnv,
  ctx: PrecompileContext,
  storage: BridgeStorage,
  tx: BitcoinTransaction,
  txid: Uint8Array,
  height: number,
): void {
  const total = outputsTo(tx, env.federation().scriptPubKey).reduce((sum, o) => sum + o.value, 0n)
  const evaluation = evaluatePegin(env, tx)
  const { info } = evaluation
  if (evaluation.action === 'REGISTER') {
    const destination = info.rskDestination as Uint8Array
    ctx.write?.transfer(BRIDGE_STORAGE_ADDRESS, toAddress(destination), total * WEIS_PER_SATOSHI)
    logPeginBtc(ctx, destination, txid, total, info.protocolVersion)
    registerNewUtxos(env, ctx, storage, tx, txid, height)
    return
  }
  logRejectedPegin(ctx, txid, evaluation.reason)
  if (evaluation.action === 'REFUND') {
    const refundAddress = info.refundScript && scriptToAddress(info.refundScript, BTC_PARAMS[env.network])
    // RSKj logs and carries on when the refund cannot be built; the peg-in is processed anyway.
    if (refundAddress) refundRejectedPegin(env, ctx, storage, { btcTx: tx, refundAddress, amount: total })
    markProcessed(storage, txid, ctx.block.number)
    return
  }
  logUnrefundablePegin(ctx, txid, nonRefundableReason(evaluation.reason, info.protocolVersion))
  // RSKIP551 (active): a non-refundable peg-in is not marked as processed.
}

function nonRefundableReason(reason: number, protocolVersion: number): number {
  if (reason === RejectedPeginReason.INVALID_AMOUNT) return NonRefundablePeginReason.INVALID_AMOUNT
  if (reason === RejectedPeginReason.LEGACY_PEGIN_MULTISIG_SENDER)
    return NonRefundablePeginReason.OUTPUTS_SENT_TO_DIFFERENT_TYPES_OF_FEDS
  return protocolVersion === 1
    ? NonRefundablePeginReason.PEGIN_V1_REFUND_ADDRESS_NOT_SET
    : NonRefundablePeginReason.LEGACY_PEGIN_UNDETERMINED_SENDER
}

/** RSKj `registerNewUtxos`: the outputs to the federation become its UTXOs; the tx is processed. */
export function registerNewUtxos(
  env: BridgeEnv,
  ctx: PrecompileContext,
  storage: BridgeStorage,
  tx: BitcoinTransaction,
  txid: Uint8Array,
  height: number,
): void {
  const outputs = outputsTo(tx, env.federation().scriptPubKey)
  if (outputs.length > 0) {
    const coinbase = isCoinbase(tx)
    const utxos = readFederationUtxos(storage)
    for (const o of outputs)
      utxos.push({ txid, index: o.index, value: o.value, scriptPubKey: o.scriptPubKey, height, coinbase })
    writeFederationUtxos(storage, utxos)
  }
  markProcessed(storage, txid, ctx.block.number)
}
