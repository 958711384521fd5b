/** Checks shared by every store, so a bad operation fails the same way on memory and on IndexedDB. */
import type { KvOperation } from './types.js'

export class InvalidStoreOperationError extends Error {
  override name = 'InvalidStoreOperationError'
}

export function validateOperations(operations: readonly KvOperation[]): void {
  if (!Array.isArray(operations)) throw new InvalidStoreOperationError('a batch is an array of operations')
  operations.forEach((op, i) => {
    if (typeof op?.key !== 'string')
      throw new InvalidStoreOperationError(`operation ${i}: key must be a string`)
    if (op.type === 'put') {
      if (!(op.value instanceof Uint8Array)) {
        throw new InvalidStoreOperationError(`operation ${i}: value must be a Uint8Array`)
      }
    } else if (op.type !== 'delete') {
      throw new InvalidStoreOperationError(
        `operation ${i}: unknown type ${String((op as { type: unknown }).type)}`,
      )
    }
  })
}
