/**
 * Impersonated senders (anvil_impersonateAccount, anvil_autoImpersonateAccount): transactions
 * from an account whose key the node does not hold, accepted without a signature.
 *
 * Such a transaction still needs a hash, a raw encoding for the block record and a `v, r, s` on
 * the wire. The rule: the transaction is encoded as a legacy EIP-155 transaction of this chain
 * (`v = 35 + 2·chainId`) whose signature is `r = the sender address as an integer, s = 1`, and its
 * hash is keccak-256 of that encoding. The hash is therefore unique per sender and fields (two
 * senders with the same nonce and payload get different hashes), stable (the same request gives
 * the same hash), and never equal to a real signature's transaction: no real signature has s = 1.
 * The sender is never recovered from a signature: the engine receives it with the transaction,
 * block records store senders, and a pooled impersonated transaction reopened from its stored
 * bytes (manual or interval mining, after a worker stop or a crash) gets it back from `r`
 * (`impersonatedSender`).
 */
import {
  decodeTransaction,
  encodeTransaction,
  type SignedTransaction,
  type TransactionFields,
} from '../../chain/transaction.js'
import { TransactionRejectedError } from '../../rpc/errors/rpc.js'
import type { Address } from '../../util/hex.js'
import type { Engine } from './engine.js'

const normalize = (address: string) => address.toLowerCase()

export function isImpersonated(engine: Engine, address: Address): boolean {
  return engine.settings.autoImpersonate || engine.settings.impersonated.includes(normalize(address))
}

/** anvil_impersonateAccount / anvil_stopImpersonatingAccount; persisted with the engine settings. */
export function setImpersonated(engine: Engine, address: Address, enabled: boolean): Promise<void> {
  return engine.mutex.run(async () => {
    const key = normalize(address)
    const others = engine.settings.impersonated.filter((a) => a !== key)
    engine.settings.impersonated = enabled ? [...others, key] : others
    await engine.saveSettings()
  })
}

/** anvil_autoImpersonateAccount: every sender is accepted without a signature while on. */
export function setAutoImpersonate(engine: Engine, enabled: boolean): Promise<void> {
  return engine.mutex.run(async () => {
    engine.settings.autoImpersonate = enabled
    await engine.saveSettings()
  })
}

/** The transaction object for `fields` sent by `sender` without a key (hash rule above). */
export function impersonatedTransaction(
  fields: TransactionFields,
  sender: Address,
  chainId: number,
): SignedTransaction {
  const raw = encodeTransaction({ ...fields, v: 35 + 2 * chainId, r: BigInt(sender), s: 1n })
  return decodeTransaction(raw)
}

/** True for the encoding above (s = 1): no real signature has it, and no sender is recoverable. */
export function isImpersonatedEncoding(tx: SignedTransaction): boolean {
  return tx.signed && tx.s === 1n
}

/** The sender of an impersonated encoding: `r` is its address. Undefined when `r` is no address. */
export function impersonatedSender(tx: SignedTransaction): Address | undefined {
  if (!isImpersonatedEncoding(tx) || tx.r >= 1n << 160n) return undefined
  return `0x${tx.r.toString(16).padStart(40, '0')}` as Address
}

export interface SubmitImpersonatedParameters {
  fields: TransactionFields
  sender: Address
}

/**
 * Pools (and under automine mines) a transaction from an impersonated sender; resolves to its
 * hash. Throws -32010 when the sender is not impersonated.
 */
export async function submitImpersonated(
  engine: Engine,
  { fields, sender }: SubmitImpersonatedParameters,
): Promise<Uint8Array> {
  if (!isImpersonated(engine, sender))
    throw new TransactionRejectedError(`the account ${sender} is not impersonated`)
  const tx = impersonatedTransaction(fields, sender, engine.network.chainId)
  return engine.submit(tx, normalize(sender) as Address)
}

/** The fields of an `eth_sendTransaction` request, as parsed by the RPC layer. */
export interface ImpersonatedRequest {
  to?: Address | null
  gas?: bigint
  gasPrice?: bigint
  value?: bigint
  data?: Uint8Array
  nonce?: bigint
}

/** RSKj `GasCost.TRANSACTION_DEFAULT`, the gas of a request that names none. */
const DEFAULT_GAS = 90_000n

/**
 * `eth_sendTransaction` from an impersonated `from`, with the defaults RSKj applies to requests
 * (nonce from the pending state, gas 90 000, gas price 0, value 0). Resolves to the hash.
 */
export function sendImpersonatedRequest(
  engine: Engine,
  from: Address,
  request: ImpersonatedRequest,
): Promise<Uint8Array> {
  const sender = normalize(from) as Address
  // The nonce is read and the transaction pooled under one lock (Engine.submitWithNonce).
  return engine.submitWithNonce(sender, request.nonce, (nonce) => {
    if (!isImpersonated(engine, sender))
      throw new TransactionRejectedError(`the account ${sender} is not impersonated`)
    const fields: TransactionFields = {
      nonce,
      gasPrice: request.gasPrice ?? 0n,
      gasLimit: request.gas ?? DEFAULT_GAS,
      value: request.value ?? 0n,
      data: request.data ?? new Uint8Array(0),
    }
    if (request.to) fields.to = request.to
    return impersonatedTransaction(fields, sender, engine.network.chainId)
  })
}
