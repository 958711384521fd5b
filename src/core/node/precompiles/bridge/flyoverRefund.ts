/**
 * RSKj `generateFlyoverRejectionReleaseWithWalletProvider`: a Flyover peg-in over the locking cap
 * is returned on the Bitcoin side by spending its outputs to the Flyover address (the federation's
 * redeem script behind the derivation hash) to the liquidity provider's or the user's address,
 * the fee taken from it; the refund then follows a peg-out's path (confirmations, signatures).
 */
import { scriptToAddress } from '../../../bitcoin/address.js'
import { BTC_PARAMS } from '../../../bitcoin/params.js'
import { p2pkhScript, p2shScript } from '../../../bitcoin/script.js'
import type { PrecompileContext } from '../../../evm/types.js'
import type { BridgeEnv } from './env.js'
import { feePerKbOf } from './pegout.js'
import { queueRefundRelease } from './pegoutRefund.js'
import { buildReleaseTransaction, type SpendingFederation } from './releaseTransactionBuilder.js'
import type { BridgeStorage, BridgeUtxo } from './storage.js'

/** The output script of a 21-byte version-and-hash address of the Bridge's network. */
export function scriptOfVersionedAddress(env: BridgeEnv, bytes: Uint8Array): Uint8Array {
  const hash = bytes.subarray(1)
  return bytes[0] === BTC_PARAMS[env.network].scriptHash ? p2shScript(hash) : p2pkhScript(hash)
}

/** Queues the refund; false when it cannot be built (RSKj then only logs). */
export function refundFlyoverPegin(
  env: BridgeEnv,
  ctx: PrecompileContext,
  storage: BridgeStorage,
  refund: { utxos: BridgeUtxo[]; spending: SpendingFederation; destination: Uint8Array; amount: bigint },
): boolean {
  const address = scriptToAddress(refund.destination, BTC_PARAMS[env.network])
  if (!address) return false
  const result = buildReleaseTransaction({
    utxos: refund.utxos,
    outputs: [{ script: refund.destination, value: 0n }],
    federation: refund.spending,
    feePerKb: feePerKbOf(env, storage),
    emptyWallet: true,
  })
  if (!result.ok) return false
  queueRefundRelease(ctx, storage, result, refund.amount)
  return true
}
