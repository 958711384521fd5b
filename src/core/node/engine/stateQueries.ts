/**
 * Account reads at a block parameter (BLOCK_EXT), the same way for the live head and for old
 * blocks, plus the `pending` view wallets rely on for their next nonce.
 */

import type { Address } from '../../util/hex.js'
import type { Engine } from './engine.js'
import { readingStateOf, requireBlock, stateAt } from './queries.js'
import type { BlockExtSpecifier, BlockRef } from './requests.js'
import { upstreamAccountView, upstreamStateAt } from './upstreamState.js'

export interface AccountView {
  balance(address: Address): Promise<bigint>
  nonce(address: Address): Promise<bigint>
  code(address: Address): Promise<Uint8Array>
  storage(address: Address, slot: bigint): Promise<bigint>
}

/**
 * The state a BLOCK_EXT names. A missing block is RSKj's -32600 `Block … not found`. On a fork, a
 * block below the fork block is read from the upstream at that block.
 */
export async function accountViewAt(engine: Engine, spec: BlockExtSpecifier): Promise<AccountView> {
  const upstream = await upstreamStateAt(engine, spec)
  if (upstream) return upstreamAccountView(upstream.history, upstream.block)
  const block = await requireBlock(engine, spec as BlockRef)
  const state = stateAt(engine, block)
  const pending = spec.kind === 'tag' && spec.tag === 'pending'
  if (state.latest) {
    const r = state.reader
    return {
      balance: async (a) => r.getAccount(a)?.balance ?? 0n,
      nonce: async (a) => {
        const nonce = r.getAccount(a)?.nonce ?? 0n
        return pending ? engine.pool.nextNonce(a, nonce) : nonce
      },
      code: async (a) => r.getCode(a),
      storage: async (a, slot) => r.getStorage(a, slot),
    }
  }
  const h = state.history
  return {
    balance: (a) => readingStateOf(engine, block, () => h.getBalance(a)),
    nonce: (a) => readingStateOf(engine, block, () => h.getNonce(a)),
    code: (a) => readingStateOf(engine, block, () => h.getCode(a)),
    storage: (a, slot) => readingStateOf(engine, block, () => h.getStorage(a, slot)),
  }
}
