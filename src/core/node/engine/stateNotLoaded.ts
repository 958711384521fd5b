/**
 * The engine's latest state was read before it finished loading (`Engine.stateReady`): a bug in
 * the node (a missing wait), never an answer about a request's input.
 */
export class StateNotLoadedError extends Error {
  static readonly code = 'STATE_NOT_LOADED'
  constructor() {
    super('the latest state was read before it was loaded: the caller must wait for Engine.stateReady')
    this.name = 'StateNotLoadedError'
  }
}
