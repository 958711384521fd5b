/**
 * EIP-5792 batches the wallet sent (`wallet_sendCalls`): kept in the wallet store so that
 * `wallet_getCallsStatus` answers across worker restarts. Rootstock has no atomic batches: the
 * calls are separate transactions, sent in order, and reported one receipt each.
 */
import type { NetworkId } from '../shared/protocol.js'
import type { WalletStore } from './store.js'

const STORE_KEY = 'callBatches'
const KEPT = 100

export interface CallBatch {
  id: string
  version: string
  origin: string
  network: NetworkId
  chainId: number
  from: string
  /** Hashes of the calls sent, in order. */
  hashes: string[]
  /** How many calls the batch had. */
  calls: number
  /** The call that could not be sent (the ones after it were not sent either). */
  failed?: { index: number; code: number; message: string }
  time: number
}

export async function findBatch(store: WalletStore, id: string): Promise<CallBatch | undefined> {
  return ((await store.get<CallBatch[]>(STORE_KEY)) ?? []).find((b) => b.id === id)
}

export async function saveBatch(store: WalletStore, batch: CallBatch): Promise<void> {
  const batches = ((await store.get<CallBatch[]>(STORE_KEY)) ?? []).filter((b) => b.id !== batch.id)
  batches.push(batch)
  await store.put(STORE_KEY, batches.slice(-KEPT))
}
