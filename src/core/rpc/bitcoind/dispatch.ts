/**
 * bitcoind's JSON-RPC dialect over the simulated Bitcoin chain. A request without `jsonrpc` (or
 * with "1.0") is answered `{ result, error, id }` with `error: null` on success, as Bitcoin Core
 * always did; a "2.0" request gets a JSON-RPC 2.0 answer (no `error` on success, no answer to a
 * notification), as Bitcoin Core 28 does. Batches answer an array. A failure is an error object
 * with Bitcoin Core's code and text, never a thrown exception.
 */
import { loadCurves } from '../../crypto/curves.js'
import { readBitcoinChain } from '../../node/bitcoin/bitcoinState.js'
import { editBitcoinChain } from '../../node/bitcoin/chainEdits.js'
import { afterBitcoinBlocks } from '../btc/afterBitcoinBlocks.js'
import { checkArgs } from './args.js'
import type { BitcoindAccess, BitcoindContext } from './context.js'
import {
  type BitcoindErrorObject,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  toBitcoindError,
} from './errors.js'
import { BITCOIND_METHODS } from './methods/index.js'

export type { BitcoindAccess }

export interface BitcoindRpc {
  /**
   * A request object, a batch array or JSON text. Resolves to the answer (an array for a batch),
   * or `undefined` for a JSON-RPC 2.0 notification. Never rejects.
   */
  request(json: unknown): Promise<unknown>
}

export interface BitcoindRpcOptions {
  /** Told of errors that are bugs (answered with -32603). */
  onInternalError?: (error: unknown) => void
}

type Version = '1.0' | '2.0'

class RequestError extends Error {
  constructor(readonly error: BitcoindErrorObject) {
    super(error.message)
  }
}

function answer(version: Version, id: unknown, result: unknown, error: BitcoindErrorObject | null): object {
  if (version === '1.0') return { result: error ? null : result, error, id }
  return error ? { jsonrpc: '2.0', error, id } : { jsonrpc: '2.0', result, id }
}

export function createBitcoindRpc(access: BitcoindAccess, options: BitcoindRpcOptions = {}): BitcoindRpc {
  const { engine } = access
  const context: BitcoindContext = {
    afterBitcoinBlocks: access.afterBitcoinBlocks ?? (() => afterBitcoinBlocks(engine)),
    read: () => readBitcoinChain(engine.network.name, engine.state),
    edit: (change) => editBitcoinChain(engine, change),
  }

  async function one(request: unknown): Promise<object | undefined> {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return answer('1.0', null, null, { code: RPC_INVALID_REQUEST, message: 'Invalid Request object' })
    }
    const { jsonrpc, id = null, method, params } = request as Record<string, unknown>
    let version: Version = '1.0'
    try {
      if (jsonrpc !== undefined && jsonrpc !== null) {
        if (typeof jsonrpc !== 'string') throw invalid('jsonrpc field must be a string')
        if (jsonrpc === '2.0') version = '2.0'
        else if (jsonrpc !== '1.0') throw invalid('JSON-RPC version not supported')
      }
      if (method === undefined || method === null) throw invalid('Missing method')
      if (typeof method !== 'string') throw invalid('Method must be a string')
      if (params !== undefined && params !== null && typeof params !== 'object') {
        throw invalid('Params must be an array or object')
      }
      const handler = BITCOIND_METHODS.get(method)
      if (!handler) throw new RequestError({ code: RPC_METHOD_NOT_FOUND, message: 'Method not found' })
      const args = checkArgs(method, handler.args, params ?? undefined)
      await loadCurves()
      const result = await handler.run(context, args)
      if (version === '2.0' && !('id' in request)) return undefined
      return answer(version, id, result ?? null, null)
    } catch (error) {
      if (version === '2.0' && !('id' in request)) return undefined
      const object =
        error instanceof RequestError ? error.error : toBitcoindError(error, options.onInternalError)
      return answer(version, id, null, object)
    }
  }

  return {
    async request(json) {
      let payload = json
      if (typeof json === 'string') {
        try {
          payload = JSON.parse(json)
        } catch {
          return answer('1.0', null, null, { code: RPC_PARSE_ERROR, message: 'Parse error' })
        }
      }
      if (!Array.isArray(payload)) return one(payload)
      const answers: object[] = []
      // One after another: a later call sees what an earlier one changed, as in Bitcoin Core.
      for (const item of payload) {
        const reply = await one(item)
        if (reply) answers.push(reply)
      }
      return answers
    },
  }
}

function invalid(message: string): RequestError {
  return new RequestError({ code: RPC_INVALID_REQUEST, message })
}

/**
 * The HTTP status Bitcoin Core sends with an answer: a 1.0 request's error is 500 (404 for an
 * unknown method, 400 for an invalid request), a 2.0 answer and a batch are 200, a notification 204.
 */
export function bitcoindHttpStatus(payload: unknown, reply: unknown): number {
  if (reply === undefined) return 204
  if (Array.isArray(reply) || typeof reply !== 'object' || reply === null) return 200
  const error = (reply as { error?: BitcoindErrorObject | null }).error
  if (!error) return 200
  const version =
    typeof payload === 'object' && payload !== null ? (payload as { jsonrpc?: unknown }).jsonrpc : undefined
  if (version === '2.0' && error.code !== RPC_PARSE_ERROR) return 200
  if (error.code === RPC_INVALID_REQUEST) return 400
  if (error.code === RPC_METHOD_NOT_FOUND) return 404
  return 500
}
