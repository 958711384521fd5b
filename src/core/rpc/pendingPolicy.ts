/**
 * The specification's "Partial support": on the hosted service (`rpc-api` profile) five methods
 * refuse the `pending` tag. RSKj itself accepts it since HOP 4.0 (`rskj` profile).
 */
import type { MethodContext } from './context.js'
import { InvalidParamsError } from './errors/rpc.js'

export function assertPendingAllowed(
  context: MethodContext,
  method: string,
  position: number,
  value: unknown,
): void {
  const isPending =
    value !== null &&
    typeof value === 'object' &&
    'kind' in value &&
    value.kind === 'tag' &&
    'tag' in value &&
    value.tag === 'pending'
  if (isPending && context.profile.pendingRefusedBy.has(method)) {
    throw new InvalidParamsError(
      `invalid argument ${position}: ${method} does not support the 'pending' block tag on the Rootstock RPC service; use 'latest' or a block number`,
    )
  }
}
