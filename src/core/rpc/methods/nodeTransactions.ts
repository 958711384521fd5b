/**
 * Transactions the node signs with one of its own accounts (`eth_sendTransaction`,
 * `personal_sendTransaction`), built with RSKj's defaults (`TransactionArgumentsUtil`): nonce from
 * the pending state (read under the engine's lock with the submission), value 0, gas price 0, gas
 * `gas` else `gasLimit` else 90 000, the node's chain id. The pool then applies its usual checks,
 * so a zero gas price below the block minimum is refused with RSKj's -32010 text, and a `nonce`
 * equal to a pending one replaces it if it pays enough.
 */
import { signTransaction } from '../../chain/transaction.js'
import type { ChainEngine } from '../../node/engineApi.js'
import type { Address, Hex } from '../../util/hex.js'
import { toData32 } from '../encode.js'
import { InvalidParamsError } from '../errors/rpc.js'
import type { CallRequest } from '../objectParams.js'

/** RSKj `GasCost.TRANSACTION_DEFAULT`. */
export const DEFAULT_SEND_GAS = 90_000n

export async function sendSignedByNode(
  engine: ChainEngine,
  request: CallRequest,
  from: Address,
  privateKey: Uint8Array,
): Promise<Hex> {
  const chainId =
    request.chainId === undefined || request.chainId === 0n ? BigInt(engine.network.chainId) : request.chainId
  // RSKj: a chain id must fit one byte, and the signed transaction must carry the node's.
  if (chainId !== BigInt(engine.network.chainId))
    throw new InvalidParamsError(`Invalid chainId: 0x${chainId.toString(16)}`)
  // The nonce is read and the transaction pooled under one lock: concurrent sends from `from`
  // get consecutive nonces.
  const hash = await engine.submitWithNonce(from, request.nonce, (nonce) =>
    signTransaction(
      {
        nonce,
        gasPrice: request.gasPrice ?? 0n,
        gasLimit: request.gas ?? DEFAULT_SEND_GAS,
        to: request.to ?? undefined,
        value: request.value ?? 0n,
        data: request.data ?? new Uint8Array(0),
      },
      privateKey,
      engine.network.chainId,
    ),
  )
  return toData32(hash)
}
