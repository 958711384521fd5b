/** A transaction the pool refused; the message is RSKj's pool text (reference §4.4). */
export class TransactionPoolError extends Error {
  static readonly code = -32010
  readonly code = TransactionPoolError.code
  override name = 'TransactionPoolError'
}
