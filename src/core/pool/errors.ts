/** A transaction the pool refused: -32010 with RSKj's pool text (reference §4.4). */
export { TransactionRejectedError as TransactionPoolError } from '../rpc/errors/rpc.js'
