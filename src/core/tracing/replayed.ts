/** One transaction of a block as its replay ran it: what the tracers turn into trace results. */
import type { SignedTransaction } from '../chain/transaction.js'
import type { EvmTracer, ExecutionResult } from '../evm/types.js'
import type { Address } from '../util/hex.js'

export interface ReplayedTransaction<T extends EvmTracer> {
  index: number
  tx: SignedTransaction
  sender: Address
  /** The tracer `createTracer` returned for this transaction in the run that completed. */
  tracer: T | undefined
  result: ExecutionResult
  /** The address a creation deploys to (whether or not it succeeded), as RSKj reports it. */
  createdAddress: Address | undefined
}
