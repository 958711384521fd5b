/**
 * A filter id that names no installed filter: never installed, uninstalled, or expired after five
 * idle minutes. `rpc/errors/toRpcError.ts` answers it with the static `code`: RSKj's -32000
 * `filter not found`.
 */
export class UnknownFilterError extends Error {
  static readonly code = -32000
  readonly code = UnknownFilterError.code
  override name = 'UnknownFilterError'
  readonly filterId: string
  constructor(filterId: string) {
    super('filter not found')
    this.filterId = filterId
  }
}
