/**
 * Impersonated senders (anvil_impersonateAccount, anvil_autoImpersonateAccount): transactions
 * from an account whose key the node does not hold, accepted without a signature. How such a
 * transaction is encoded and recognised is `impersonatedEncoding.ts`.
 */
import type { TransactionFields } from '../../chain/transaction.js'
import type { Address } from '../../util/hex.js'
import { TransactionRefusedError } from '../errors.js'
import type { Engine } from './engine.js'
import { impersonatedTransaction } from './impersonatedEncoding.js'
import type { CallRequest } from './requests.js'

export { impersonatedTransaction }

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

export interface SubmitImpersonatedParameters {
  fields: TransactionFields
  sender: Address
}

/**
 * Pools (and under automine mines) a transaction from an impersonated sender; resolves to its
 * hash. Throws `TransactionRefusedError` when the sender is not impersonated.
 */
export async function submitImpersonated(
  engine: Engine,
  { fields, sender }: SubmitImpersonatedParameters,
): Promise<Uint8Array> {
  if (!isImpersonated(engine, sender))
    throw new TransactionRefusedError(`the account ${sender} is not impersonated`)
  const tx = impersonatedTransaction(fields, sender, engine.network.chainId)
  return engine.submit(tx, normalize(sender) as Address)
}

/** The fields of an `eth_sendTransaction` request, as parsed by the RPC layer. */
export type ImpersonatedRequest = Omit<CallRequest, 'from' | 'chainId'>

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
      throw new TransactionRefusedError(`the account ${sender} is not impersonated`)
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
