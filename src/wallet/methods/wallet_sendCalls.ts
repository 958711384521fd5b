/**
 * `wallet_sendCalls` (EIP-5792): Rootstock has no atomic batches, so the calls are sent one after
 * another as separate transactions, after one approval that lists them, and reported per call by
 * wallet_getCallsStatus. `atomicRequired: true` answers 5760, another chain 5710, a capability
 * the wallet lacks and the request does not mark optional 5700, an id already used 5720.
 * Answers `{ id }`. A call that cannot be sent stops the batch: the first one's error is the
 * answer (nothing was sent); a later one's is recorded and its status says the batch was partial.
 */
import { bytesToHex, toQuantity } from '../../core/util/hex.js'
import { findBatch, saveBatch } from '../callBatches.js'
import { describeCalls } from '../describe.js'
import {
  AtomicityNotSupportedError,
  BatchTooLargeError,
  DuplicateCallsIdError,
  InvalidParamsError,
  UnsupportedCapabilityError,
  UnsupportedChainIdError,
} from '../errors.js'
import { parseTransactionRequest } from '../transactions.js'
import type { WalletMethod } from './kit.js'

const MAX_CALLS = 50

function checkCapabilities(capabilities: unknown): void {
  if (capabilities === undefined || capabilities === null) return
  if (typeof capabilities !== 'object' || Array.isArray(capabilities))
    throw new InvalidParamsError('wallet_sendCalls: capabilities must be an object')
  for (const [name, value] of Object.entries(capabilities as Record<string, unknown>)) {
    const optional =
      !!value && typeof value === 'object' && (value as { optional?: unknown }).optional === true
    if (!optional) throw new UnsupportedCapabilityError(name)
  }
}

export const wallet_sendCalls: WalletMethod = async (kit, params) => {
  const request = params[0] as Record<string, unknown> | undefined
  if (!request || typeof request !== 'object' || Array.isArray(request))
    throw new InvalidParamsError(
      'wallet_sendCalls: expected [{ version, chainId, from?, atomicRequired, calls }]',
    )
  const { chainId, calls, atomicRequired, capabilities, id, version } = request
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(chainId))
    throw new InvalidParamsError('wallet_sendCalls: chainId must be a hex string')
  const chain = await kit.chain()
  const active = toQuantity(chain.chainId)
  if (BigInt(chainId) !== BigInt(chain.chainId)) throw new UnsupportedChainIdError(chainId, active)
  if (atomicRequired === true) throw new AtomicityNotSupportedError()
  if (atomicRequired !== undefined && typeof atomicRequired !== 'boolean')
    throw new InvalidParamsError('wallet_sendCalls: atomicRequired must be a boolean')
  checkCapabilities(capabilities)
  if (!Array.isArray(calls) || calls.length === 0)
    throw new InvalidParamsError('wallet_sendCalls: calls must be a non-empty array')
  if (calls.length > MAX_CALLS) throw new BatchTooLargeError(MAX_CALLS)
  if (id !== undefined && (typeof id !== 'string' || id.length === 0 || id.length > 4096))
    throw new InvalidParamsError('wallet_sendCalls: id must be a string of at most 4096 characters')
  if (typeof id === 'string' && (await findBatch(kit.store, id))) throw new DuplicateCallsIdError(id)

  let from = request.from
  if (from === undefined || from === null) {
    const granted = await kit.permissions.accounts(kit.ctx.origin)
    from = granted[0]
  }
  const account = await kit.authorizedAccount(from)
  const parsed = calls.map((call, i) => {
    if (!call || typeof call !== 'object' || Array.isArray(call))
      throw new InvalidParamsError(`wallet_sendCalls: call ${i} must be an object`)
    const c = call as Record<string, unknown>
    checkCapabilities(c.capabilities)
    const tx = parseTransactionRequest({ from: account.address, to: c.to, data: c.data, value: c.value })
    return { to: tx.to, value: tx.value, data: tx.data }
  })
  await kit.approve('wallet_sendCalls', params, describeCalls(account.address, parsed, chain.symbol))

  const batchId = typeof id === 'string' ? id : bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
  const batch = {
    id: batchId,
    version: typeof version === 'string' ? version : '2.0.0',
    origin: kit.ctx.origin,
    network: await kit.network(),
    chainId: chain.chainId,
    from: account.address,
    hashes: [] as string[],
    calls: parsed.length,
    time: kit.now(),
  }
  for (const [index, call] of parsed.entries()) {
    const tx: Record<string, string> = {
      from: account.address,
      value: toQuantity(call.value),
      data: bytesToHex(call.data),
    }
    if (call.to) tx.to = call.to
    try {
      batch.hashes.push(await kit.sendTransaction(tx, { approved: true }))
    } catch (error) {
      if (index === 0) throw error
      const e = error as { code?: unknown; message?: unknown }
      await saveBatch(kit.store, {
        ...batch,
        failed: {
          index,
          code: typeof e.code === 'number' ? e.code : -32000,
          message: String(e.message ?? 'the call could not be sent'),
        },
      })
      return { id: batchId }
    }
  }
  await saveBatch(kit.store, batch)
  return { id: batchId }
}
