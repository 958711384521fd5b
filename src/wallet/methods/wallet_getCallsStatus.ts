/**
 * `wallet_getCallsStatus` [id] (EIP-5792): the batch's receipts, one per call sent, and its status:
 * 100 while a call is not yet mined, 200 when every call was mined and succeeded, 500 when every
 * call reverted, 600 when some reverted or were not sent. `atomic` is always false. 5730 for an
 * unknown id.
 */
import { toQuantity } from '../../core/util/hex.js'
import { type CallBatch, findBatch } from '../callBatches.js'
import { InvalidParamsError, UnknownBundleIdError } from '../errors.js'
import type { WalletKit, WalletMethod } from './kit.js'

interface Receipt {
  logs: Array<{ address: string; data: string; topics: string[] }>
  status: string
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
}

export async function batchOf(kit: WalletKit, id: unknown): Promise<CallBatch> {
  if (typeof id !== 'string' || id.length === 0)
    throw new InvalidParamsError('expected the batch id as a string')
  const batch = await findBatch(kit.store, id)
  if (!batch) throw new UnknownBundleIdError(id.slice(0, 80))
  return batch
}

export const wallet_getCallsStatus: WalletMethod = async (kit, params) => {
  const batch = await batchOf(kit, params[0])
  const receipts: Receipt[] = []
  let pending = false
  // Read on the chain the batch was sent on, whichever is selected now.
  const callNode = kit.callNodeOn(batch.network)
  for (const hash of batch.hashes) {
    const r = (await callNode('eth_getTransactionReceipt', [hash])) as Record<string, unknown> | null
    if (!r) {
      pending = true
      continue
    }
    receipts.push({
      logs: ((r.logs as Array<Record<string, unknown>>) ?? []).map((l) => ({
        address: String(l.address),
        data: String(l.data),
        topics: (l.topics as string[]) ?? [],
      })),
      status: String(r.status),
      blockHash: String(r.blockHash),
      blockNumber: String(r.blockNumber),
      gasUsed: String(r.gasUsed),
      transactionHash: String(r.transactionHash),
    })
  }
  const succeeded = receipts.filter((r) => r.status === '0x1').length
  let status: number
  if (pending) status = 100
  else if (succeeded === batch.calls) status = 200
  else if (succeeded === 0) status = 500
  else status = 600
  return {
    version: batch.version,
    id: batch.id,
    chainId: toQuantity(batch.chainId),
    status,
    atomic: false,
    receipts,
  }
}
