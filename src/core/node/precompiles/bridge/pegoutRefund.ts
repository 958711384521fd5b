/**
 * RSKj `generateRejectionRelease` → `generateRejectionReleaseFromFederation` →
 * `settleReleaseRejection`: a rejected peg-in is returned on the Bitcoin side by spending exactly
 * its outputs to the federation to the refund address (`buildEmptyWalletTo`, the fee taken from
 * the refund). The refund then follows a peg-out's path: waiting for confirmations, signatures,
 * `release_btc` and broadcast.
 */
import { addressToScript } from '../../../bitcoin/address.js'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { BTC_PARAMS } from '../../../bitcoin/params.js'
import type { PrecompileContext } from '../../../evm/types.js'
import {
  type BitcoinTransaction,
  serializeTransaction,
  transactionId,
} from '../../../mining/bitcoin/transaction.js'
import { equalBytes } from '../../../util/hex.js'
import { feePerKbOf, type PegoutEnvironment } from './pegout.js'
import { logPegoutTransactionCreated, logReleaseRequested } from './pegoutEvents.js'
import { readWaitingForConfirmations, writeWaitingForConfirmations } from './pegoutStorage.js'
import { type BuildResponse, buildReleaseTransaction } from './releaseTransactionBuilder.js'
import type { BridgeStorage, BridgeUtxo } from './storage.js'

export interface PeginRefund {
  /** The rejected peg-in. */
  btcTx: BitcoinTransaction
  /** Where the refund goes (RSKj `PeginInformation.getBtcRefundAddress()`), on the Bridge's network. */
  refundAddress: string
  /** The peg-in's value to the federation, satoshis (logged in `release_requested`). */
  amount: bigint
}

/**
 * Queues the refund of a rejected peg-in, keyed by the current RSK transaction's hash. Returns the
 * refund's (unsigned) txid, or the builder's response when it cannot be built (RSKj then only logs).
 */
export function refundRejectedPegin(
  env: PegoutEnvironment,
  ctx: PrecompileContext,
  storage: BridgeStorage,
  refund: PeginRefund,
): { ok: true; btcTxHash: Uint8Array } | { ok: false; response: BuildResponse | 'NO_FEDERATION_OUTPUT' } {
  const federation = federationOf(env.network)
  const txid = transactionId(refund.btcTx)
  const coinbase = refund.btcTx.inputs.length === 1 && refund.btcTx.inputs[0]?.previousIndex === 0xffffffff
  const utxos: BridgeUtxo[] = refund.btcTx.outputs.flatMap((output, index) =>
    equalBytes(output.scriptPubKey, federation.scriptPubKey)
      ? [{ txid, index, value: output.value, scriptPubKey: output.scriptPubKey, height: 0, coinbase }]
      : [],
  )
  if (utxos.length === 0) return { ok: false, response: 'NO_FEDERATION_OUTPUT' }
  const result = buildReleaseTransaction({
    utxos,
    outputs: [{ script: addressToScript(refund.refundAddress, BTC_PARAMS[env.network]), value: 0n }],
    federation,
    feePerKb: feePerKbOf(env, storage),
    emptyWallet: true,
  })
  if (!result.ok) return result
  return { ok: true, btcTxHash: queueRefundRelease(ctx, storage, result, refund.amount) }
}

/**
 * A built refund joins the peg-outs waiting for confirmations (once), keyed by the current RSK
 * transaction's hash, with the `release_requested` and `pegout_transaction_created` events RSKj
 * logs for it. Returns the refund's (unsigned) txid.
 */
export function queueRefundRelease(
  ctx: PrecompileContext,
  storage: BridgeStorage,
  built: { tx: BitcoinTransaction; selected: readonly BridgeUtxo[] },
  amount: bigint,
): Uint8Array {
  const rskTxHash = ctx.txHash ?? new Uint8Array(32)
  const raw = serializeTransaction(built.tx)
  const btcTxHash = transactionId(built.tx)
  const waiting = readWaitingForConfirmations(storage)
  if (!waiting.some((w) => equalBytes(w.btcTx, raw)))
    waiting.push({ btcTx: raw, pegoutCreationBlockNumber: ctx.block.number, rskTxHash })
  writeWaitingForConfirmations(storage, waiting)
  logReleaseRequested(ctx, rskTxHash, btcTxHash, amount)
  logPegoutTransactionCreated(
    ctx,
    btcTxHash,
    built.selected.map((u) => u.value),
  )
  return btcTxHash
}
