/**
 * The peg-out events of RSKj `BridgeEvents`, logged by the Bridge as `BridgeEventLoggerImpl` does
 * with every current activation (RSKIP326 string destination and `add_signature` after signing,
 * RSKIP427 amounts in weis, RSKIP428 `pegout_transaction_created`). Bitcoin hashes are topics in
 * display order (bitcoinj `Sha256Hash.getBytes()`).
 */
import { keccak256 } from '../../../crypto/hash.js'
import type { PrecompileContext } from '../../../evm/types.js'
import { type Address, concatBytes, hexToBytes, utf8ToBytes } from '../../../util/hex.js'
import { type AbiValue, encodeOutputs } from '../abi.js'
import { BRIDGE_STORAGE_ADDRESS } from './storage.js'

/** RSKj `RejectedPegoutReason`. */
export const RejectedPegoutReason = { LOW_AMOUNT: 1, CALLER_CONTRACT: 2, FEE_ABOVE_VALUE: 3 } as const

function topic(signature: string): Uint8Array {
  return keccak256(utf8ToBytes(signature))
}

function addressTopic(address: Address): Uint8Array {
  return concatBytes(new Uint8Array(12), hexToBytes(address))
}

function emit(ctx: PrecompileContext, topics: Uint8Array[], data: readonly AbiValue[]): void {
  if (!ctx.write) throw new Error('a Bridge event needs a writable context')
  ctx.write.log(BRIDGE_STORAGE_ADDRESS, topics, encodeOutputs(data))
}

const uint = (value: bigint): AbiValue => ({ type: 'uint', value })
const bytes = (value: Uint8Array): AbiValue => ({ type: 'bytes', value })

export function logUpdateCollections(ctx: PrecompileContext, sender: Address): void {
  emit(ctx, [topic('update_collections(address)')], [{ type: 'address', value: hexToBytes(sender) }])
}

export function logReleaseRequestReceived(
  ctx: PrecompileContext,
  sender: Address,
  btcDestinationAddress: string,
  amountInWeis: bigint,
): void {
  emit(
    ctx,
    [topic('release_request_received(address,string,uint256)'), addressTopic(sender)],
    [{ type: 'string', value: btcDestinationAddress }, uint(amountInWeis)],
  )
}

export function logReleaseRequestRejected(
  ctx: PrecompileContext,
  sender: Address,
  amountInWeis: bigint,
  reason: number,
): void {
  emit(
    ctx,
    [topic('release_request_rejected(address,uint256,int256)'), addressTopic(sender)],
    [uint(amountInWeis), { type: 'int', value: BigInt(reason) }],
  )
}

export function logReleaseRequested(
  ctx: PrecompileContext,
  rskTxHash: Uint8Array,
  btcTxHash: Uint8Array,
  amountInSatoshis: bigint,
): void {
  emit(
    ctx,
    [topic('release_requested(bytes32,bytes32,uint256)'), rskTxHash, btcTxHash],
    [uint(amountInSatoshis)],
  )
}

export function logBatchPegoutCreated(
  ctx: PrecompileContext,
  btcTxHash: Uint8Array,
  rskTxHashes: Uint8Array[],
): void {
  emit(ctx, [topic('batch_pegout_created(bytes32,bytes)'), btcTxHash], [bytes(concatBytes(...rskTxHashes))])
}

/** `utxoOutpointValues`: each spent output's value as a Bitcoin varint (RSKj `UtxoUtils`). */
export function logPegoutTransactionCreated(
  ctx: PrecompileContext,
  btcTxHash: Uint8Array,
  values: bigint[],
): void {
  emit(
    ctx,
    [topic('pegout_transaction_created(bytes32,bytes)'), btcTxHash],
    [bytes(encodeOutpointValues(values))],
  )
}

export function logPegoutConfirmed(
  ctx: PrecompileContext,
  btcTxHash: Uint8Array,
  creationBlock: bigint,
): void {
  emit(ctx, [topic('pegout_confirmed(bytes32,uint256)'), btcTxHash], [uint(creationBlock)])
}

export function logAddSignature(
  ctx: PrecompileContext,
  rskTxHash: Uint8Array,
  federatorRskAddress: Address,
  federatorBtcPublicKey: Uint8Array,
): void {
  emit(
    ctx,
    [topic('add_signature(bytes32,address,bytes)'), rskTxHash, addressTopic(federatorRskAddress)],
    [bytes(federatorBtcPublicKey)],
  )
}

export function logReleaseBtc(ctx: PrecompileContext, rskTxHash: Uint8Array, rawBtcTx: Uint8Array): void {
  emit(ctx, [topic('release_btc(bytes32,bytes)'), rskTxHash], [bytes(rawBtcTx)])
}

export function encodeOutpointValues(values: readonly bigint[]): Uint8Array {
  const parts: number[] = []
  for (const value of values) {
    if (value < 0xfdn) parts.push(Number(value))
    else {
      const [prefix, size] = value <= 0xffffn ? [0xfd, 2] : value <= 0xffffffffn ? [0xfe, 4] : [0xff, 8]
      parts.push(prefix)
      for (let i = 0; i < size; i++) parts.push(Number((value >> BigInt(8 * i)) & 0xffn))
    }
  }
  return Uint8Array.from(parts)
}
