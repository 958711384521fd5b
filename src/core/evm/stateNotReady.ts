/**
 * A state read the host must satisfy asynchronously (a forked node's upstream) before running the
 * execution again. The EVM and its native contracts let it through instead of turning it into a
 * failed call, exactly as the engine's rerun loop expects.
 */
export class StateNotReadyError extends Error {
  override name = 'StateNotReadyError'
}
