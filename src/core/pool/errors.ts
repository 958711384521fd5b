/**
 * A transaction the pool refused. The message is the reason in RSKj's words (nonce too low,
 * insufficient funds…); the static `code` is the JSON-RPC code `rpc/errors/toRpcError.ts` answers
 * it with (-32010, reference §4.4).
 */
export class TransactionPoolError extends Error {
  static readonly code = -32010
  readonly code = TransactionPoolError.code
  override name = 'TransactionPoolError'
}
