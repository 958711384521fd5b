/**
 * The peg-in events of RSKj `BridgeEvents`, logged as `BridgeEventLoggerImpl` does with every
 * current activation: `pegin_btc` (RSKIP170, instead of the older `lock_btc`), `rejected_pegin`
 * and `unrefundable_pegin` (RSKIP181). BTC transaction hashes are in display order.
 */
import { keccak256 } from '../../../crypto/hash.js'
import type { PrecompileContext } from '../../../evm/types.js'
import { concatBytes, utf8ToBytes } from '../../../util/hex.js'
import { lazy } from '../../../util/lazy.js'
import { encodeOutputs } from '../abi.js'
import { BRIDGE_STORAGE_ADDRESS } from './storage.js'

/** RSKj `RejectedPeginReason`. */
export const RejectedPeginReason = {
  PEGIN_CAP_SURPASSED: 1,
  LEGACY_PEGIN_MULTISIG_SENDER: 2,
  LEGACY_PEGIN_UNDETERMINED_SENDER: 3,
  PEGIN_V1_INVALID_PAYLOAD: 4,
  INVALID_AMOUNT: 5,
} as const

/** RSKj `NonRefundablePeginReason`. */
export const NonRefundablePeginReason = {
  LEGACY_PEGIN_UNDETERMINED_SENDER: 1,
  PEGIN_V1_REFUND_ADDRESS_NOT_SET: 2,
  INVALID_AMOUNT: 3,
  OUTPUTS_SENT_TO_DIFFERENT_TYPES_OF_FEDS: 4,
} as const

// Hashed on first use: nothing is hashed at import (util/lazy.ts).
const peginBtcTopic = lazy(() => keccak256(utf8ToBytes('pegin_btc(address,bytes32,int256,int256)')))
const rejectedPeginTopic = lazy(() => keccak256(utf8ToBytes('rejected_pegin(bytes32,int256)')))
const unrefundablePeginTopic = lazy(() => keccak256(utf8ToBytes('unrefundable_pegin(bytes32,int256)')))

function log(ctx: PrecompileContext, topics: Uint8Array[], data: Uint8Array): void {
  if (!ctx.write) throw new Error('a Bridge event needs a writable context')
  ctx.write.log(BRIDGE_STORAGE_ADDRESS, topics, data)
}

const int = (value: bigint | number) => encodeOutputs([{ type: 'int', value: BigInt(value) }])

export function logPeginBtc(
  ctx: PrecompileContext,
  receiver: Uint8Array,
  btcTxHash: Uint8Array,
  amountSatoshis: bigint,
  protocolVersion: number,
): void {
  const data = encodeOutputs([
    { type: 'int', value: amountSatoshis },
    { type: 'int', value: BigInt(protocolVersion) },
  ])
  log(ctx, [peginBtcTopic(), concatBytes(new Uint8Array(12), receiver), btcTxHash], data)
}

export function logRejectedPegin(ctx: PrecompileContext, btcTxHash: Uint8Array, reason: number): void {
  log(ctx, [rejectedPeginTopic(), btcTxHash], int(reason))
}

export function logUnrefundablePegin(ctx: PrecompileContext, btcTxHash: Uint8Array, reason: number): void {
  log(ctx, [unrefundablePeginTopic(), btcTxHash], int(reason))
}
