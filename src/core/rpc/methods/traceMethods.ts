/** Tracing and proofs: the debug_* and trace_* tracers and eth_getProof. */
import type { MethodDefinition } from '../defineMethod.js'
import { debug_traceBlockByHash } from './debug/debug_traceBlockByHash.js'
import { debug_traceTransaction } from './debug/debug_traceTransaction.js'
import { eth_getProof } from './eth/eth_getProof.js'
import { trace_block } from './trace/trace_block.js'
import { trace_filter } from './trace/trace_filter.js'
import { trace_transaction } from './trace/trace_transaction.js'

export const TRACE_METHODS: readonly MethodDefinition[] = [
  debug_traceTransaction,
  debug_traceBlockByHash,
  trace_transaction,
  trace_block,
  trace_filter,
  eth_getProof,
]
