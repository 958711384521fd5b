/**
 * The REMASC contract at 0x…01000008. Every block's REMASC transaction calls it; this node pays
 * no rewards (fees stay in the contract's balance), so `processMinersFees()` succeeds doing
 * nothing, and so does any other call: RSKj charges no gas for it either.
 */
import type { Precompile } from '../../evm/types.js'

export function createRemascContract(): Precompile {
  return {
    gas: () => 0n,
    run: () => new Uint8Array(0),
  }
}
