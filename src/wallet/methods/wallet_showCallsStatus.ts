/**
 * `wallet_showCallsStatus` [id] (EIP-5792): the wallet shows the batch; the popup lists what was
 * sent in its request log. Answers null for a known id, 5730 otherwise.
 */
import type { WalletMethod } from './kit.js'
import { batchOf } from './wallet_getCallsStatus.js'

export const wallet_showCallsStatus: WalletMethod = async (kit, params) => {
  await batchOf(kit, params[0])
  return null
}
