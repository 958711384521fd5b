/**
 * What the node refuses, in its own terms and RSKj's texts. Each class's static `code` is the
 * JSON-RPC code `rpc/errors/toRpcError.ts`, the one place that maps errors to the wire, answers with.
 */
import { bytesToHex } from '../util/hex.js'
import type { BlockRef } from './engine/requests.js'

/** A transaction the node will not pool: no sender can be recovered, or it is not impersonated. */
export class TransactionRefusedError extends Error {
  static readonly code = -32010
  readonly code = TransactionRefusedError.code
  override name = 'TransactionRefusedError'
}

/** A block parameter that names no stored block: RSKj's -32600 `Block … not found`. */
export class BlockNotFoundError extends Error {
  static readonly code = -32600
  readonly code = BlockNotFoundError.code
  override name = 'BlockNotFoundError'
  readonly block: BlockRef
  constructor(block: BlockRef) {
    super(`Block ${describeBlockRef(block)} not found`)
    this.block = block
  }
}

/** `with hash 0x…`, `0x1f` or the tag: how RSKj names a block it did not find. */
function describeBlockRef(ref: BlockRef): string {
  if (ref.kind === 'hash') return `with hash ${bytesToHex(ref.hash)}`
  if (ref.kind === 'number') return `0x${ref.number.toString(16)}`
  return ref.tag
}

/** A log query over more blocks or logs than the profile allows; the message says which (-32012). */
export class LogQueryLimitError extends Error {
  static readonly code = -32012
  readonly code = LogQueryLimitError.code
  override name = 'LogQueryLimitError'
}

/** A `trace_filter` whose `fromBlock` is above its `toBlock` (-32602, RSKj's text). */
export class TraceRangeError extends Error {
  static readonly code = -32602
  readonly code = TraceRangeError.code
  override name = 'TraceRangeError'
  constructor() {
    super('fromBlock cannot be greater than toBlock')
  }
}

/** A block being traced was removed or replaced by a revert or reset meanwhile (-32000). */
export class BlockNoLongerOnChainError extends Error {
  static readonly code = -32000
  readonly code = BlockNoLongerOnChainError.code
  override name = 'BlockNoLongerOnChainError'
  constructor(number: bigint) {
    super(`block ${number} is no longer on the chain (reverted or reset while tracing)`)
  }
}
