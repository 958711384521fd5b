/**
 * The dispatcher: JSON text or a parsed value in, JSON-RPC 2.0 response(s) out. The envelope is
 * built here and only here (reference §0, §4.1):
 * - malformed JSON → -32700 `JSON parse error`, id null;
 * - not a request object → -32600 `invalid request`; the id is echoed when it is a valid id
 *   (string, number or null) and null otherwise, as JSON-RPC 2.0 asks;
 * - a batch of more than 50 → one -32600 with RSKj's text; an empty batch → one -32600;
 * - a notification (no `id` member) gets no response, not even for an error. RSKj differs: it
 *   treats `"id": null` as a notification too and still writes errors for notifications; we follow
 *   JSON-RPC 2.0 (`"id": null` is a request and gets a response with id null);
 * - `jsonrpc` may be absent (RSKj is lenient), but if present it must be `"2.0"`;
 * - unknown method → -32601 `method not found`; known but not served → -32601
 *   `the method <name> does not exist/is not available`.
 * Batch elements run one after another, in order, as RSKj runs them.
 */
import type { CancelSignal, MethodContext } from './context.js'
import type { MethodDefinition } from './defineMethod.js'
import { type DispatchResult, failure, type JsonRpcId, type JsonRpcResponse, success } from './envelope.js'
import type { RpcErrorObject } from './errors/base.js'
import {
  InvalidParamsError,
  InvalidRequestError,
  MethodNotAvailableError,
  MethodNotFoundError,
  ParseError,
} from './errors/rpc.js'
import { type InternalErrorListener, toRpcError } from './errors/toRpcError.js'
import { type AnyParamSpec, parseParams } from './params.js'
import type { MethodEntry, MethodRegistry } from './registry.js'

export const MAX_BATCH_SIZE = 50

/** One handled request, for request logs and the panel. */
export interface RequestRecord {
  id: JsonRpcId
  /** Undefined when the request was not a valid request object. */
  method: string | undefined
  params: unknown
  notification: boolean
  result?: unknown
  error?: RpcErrorObject
  durationMs: number
}

export type RequestListener = (record: RequestRecord) => void

export interface CreateDispatcherParameters {
  registry: MethodRegistry
  context: MethodContext
  onRequest?: RequestListener
  onInternalError?: InternalErrorListener
  /** Monotonic milliseconds for durations; defaults to `performance.now()`. */
  now?: () => number
  maxBatchSize?: number
  /**
   * What `method` must wait for before it runs (code the node loads after it is ready, see
   * `crypto/curves.ts`), or undefined to run it at once.
   */
  waitBefore?: (method: string) => Promise<unknown> | undefined
  /**
   * Runs every handler call: a forked node fetches the upstream state a handler stopped at and
   * runs it again. Absent, handlers run directly.
   */
  runHandler?: (call: () => unknown) => unknown
}

export interface Dispatcher {
  /**
   * `input` is either JSON text or an already parsed JSON value. The answer is a plain value when
   * every handler involved answered synchronously (no promise to wait for), a promise otherwise;
   * `await` works on both. Never throws: an unexpected failure comes back as a rejection.
   */
  dispatch(input: unknown, options?: DispatchOptions): DispatchResult | Promise<DispatchResult>
}

export interface DispatchOptions {
  /** Aborted when whoever sent the request stopped waiting (see `MethodContext.signal`). */
  signal?: CancelSignal
}

type MaybePromise<T> = T | Promise<T>

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

type Outcome = { result: unknown } | { error: RpcErrorObject }

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isValidId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

const BLOCK_PARAM_TYPES = new Set(['TAG', 'BLOCK', 'BLOCK_EXT'])

export function createDispatcher({
  registry,
  context,
  onRequest,
  onInternalError,
  now = () => performance.now(),
  maxBatchSize = MAX_BATCH_SIZE,
  waitBefore,
  runHandler,
}: CreateDispatcherParameters): Dispatcher {
  function report(record: RequestRecord): void {
    if (!onRequest) return
    try {
      onRequest(record)
    } catch (e) {
      // A failing log listener must not change the answer; it is still a bug worth logging.
      onInternalError?.(e)
    }
  }

  /**
   * The spec's "Partial support": in the `rpc-api` profile five methods refuse the `pending` tag,
   * also inside an EIP-1898 `{blockNumber: "pending"}`. Checked here once for every such method.
   */
  function refusePendingIfProfileSaysSo(
    method: string,
    specs: readonly AnyParamSpec[],
    parsed: readonly unknown[],
  ) {
    if (!context.profile.pendingRefusedBy.has(method)) return
    specs.forEach((spec, i) => {
      const value: unknown = parsed[i]
      const isPending =
        value === 'pending' ||
        (typeof value === 'object' && value !== null && 'tag' in value && value.tag === 'pending')
      if (BLOCK_PARAM_TYPES.has(spec.type) && isPending) {
        throw new InvalidParamsError(
          `invalid argument ${i}: 'pending' is not supported by ${method} on this service; use 'latest' or a block number`,
        )
      }
    })
  }

  /** Methods without a value (RSKj's Java `void`) answer `null`. */
  const orNull = (result: unknown) => (result === undefined ? null : result)

  /**
   * Runs the handler; its value as is when it answered synchronously, a promise of it otherwise.
   * Synchronous handlers (most reads) thus cost no promise and no microtask on the way back.
   */
  function invoke(ctx: MethodContext, method: string, params: readonly unknown[]): unknown {
    const waiting = waitBefore?.(method)
    const call = runHandler
      ? () => runHandler(() => run(ctx, method, params))
      : () => run(ctx, method, params)
    return waiting ? waiting.then(call) : call()
  }

  /** The method's entry, with its definition; -32601 for a method unknown or not answered here. */
  function implemented(method: string): MethodEntry & { definition: MethodDefinition } {
    const entry = registry.get(method)
    if (!entry) throw new MethodNotFoundError()
    if (entry.status !== 'implemented' || !entry.definition) throw new MethodNotAvailableError(method)
    return entry as MethodEntry & { definition: MethodDefinition }
  }

  function run(ctx: MethodContext, method: string, params: readonly unknown[]): unknown {
    const entry = implemented(method)
    const definition = entry.definition
    const parsed = parseParams(definition.params, params)
    refusePendingIfProfileSaysSo(entry.aliasOf ?? method, definition.params, parsed)
    const result = definition.handler(ctx, parsed)
    return isThenable(result) ? Promise.resolve(result).then(orNull) : orNull(result)
  }

  function handleOne(ctx: MethodContext, raw: unknown): MaybePromise<JsonRpcResponse | undefined> {
    const started = now()
    const finish = (id: JsonRpcId, method: string | undefined, notification: boolean, outcome: Outcome) => {
      if (onRequest) {
        const params = isPlainObject(raw) ? raw.params : undefined
        const durationMs = now() - started
        // Built field by field (no spread): this runs for every request.
        report(
          'error' in outcome
            ? { id, method, params, notification, error: outcome.error, durationMs }
            : { id, method, params, notification, result: outcome.result, durationMs },
        )
      }
      if (notification) return undefined
      return 'error' in outcome ? failure(id, outcome.error) : success(id, outcome.result)
    }
    if (!isPlainObject(raw))
      return finish(null, undefined, false, { error: new InvalidRequestError().toJSON() })
    const notification = !('id' in raw) || raw.id === undefined
    if (!notification && !isValidId(raw.id)) {
      return finish(null, undefined, false, { error: new InvalidRequestError().toJSON() })
    }
    const id = notification ? null : (raw.id as JsonRpcId)
    const method = typeof raw.method === 'string' && raw.method !== '' ? raw.method : undefined
    const badEnvelope =
      (raw.jsonrpc !== undefined && raw.jsonrpc !== '2.0') ||
      method === undefined ||
      (raw.params !== undefined && typeof raw.params !== 'object')
    // An invalid request is answered even without an id: it is not a valid notification either.
    if (badEnvelope) return finish(id, method, false, { error: new InvalidRequestError().toJSON() })
    let result: unknown
    try {
      if (raw.params !== undefined && raw.params !== null && !Array.isArray(raw.params)) {
        // The method is looked up first: an unknown one is -32601 whatever its parameters' shape.
        implemented(method)
        throw new InvalidParamsError('invalid params: pass parameters as a positional array')
      }
      const params = Array.isArray(raw.params) ? (raw.params as unknown[]) : []
      result = invoke(ctx, method, params)
    } catch (e) {
      return finish(id, method, notification, { error: toRpcError(e, onInternalError) })
    }
    if (!isThenable(result)) return finish(id, method, notification, { result })
    return Promise.resolve(result).then(
      (value) => finish(id, method, notification, { result: value }),
      (e: unknown) => finish(id, method, notification, { error: toRpcError(e, onInternalError) }),
    )
  }

  function dispatchParsed(ctx: MethodContext, value: unknown): MaybePromise<DispatchResult> {
    if (!Array.isArray(value)) return handleOne(ctx, value)
    if (value.length === 0) return failure(null, new InvalidRequestError().toJSON())
    if (value.length > maxBatchSize) {
      return failure(
        null,
        new InvalidRequestError(
          `Cannot dispatch batch requests. ${maxBatchSize} is the max number of supported batch requests`,
        ).toJSON(),
      )
    }
    const responses: JsonRpcResponse[] = []
    for (let i = 0; i < value.length; i++) {
      const response = handleOne(ctx, value[i])
      // From the first element that waits on, the rest run after it, still one after another.
      if (isThenable(response)) return finishBatch(ctx, value, i + 1, responses, response)
      if (response) responses.push(response)
    }
    return batchAnswer(responses)
  }

  async function finishBatch(
    ctx: MethodContext,
    batch: readonly unknown[],
    from: number,
    responses: JsonRpcResponse[],
    waiting: Promise<JsonRpcResponse | undefined>,
  ): Promise<DispatchResult> {
    const first = await waiting
    if (first) responses.push(first)
    for (let i = from; i < batch.length; i++) {
      const response = await handleOne(ctx, batch[i])
      if (response) responses.push(response)
    }
    return batchAnswer(responses)
  }

  /** A batch of notifications only gets no response at all (JSON-RPC 2.0 §6). */
  const batchAnswer = (responses: JsonRpcResponse[]): DispatchResult =>
    responses.length > 0 ? responses : undefined

  function dispatchInput(ctx: MethodContext, input: unknown): MaybePromise<DispatchResult> {
    if (typeof input !== 'string') return dispatchParsed(ctx, input)
    let parsed: unknown
    try {
      parsed = JSON.parse(input)
    } catch {
      return failure(null, new ParseError().toJSON())
    }
    return dispatchParsed(ctx, parsed)
  }

  return {
    dispatch(input, options) {
      // The shared context, or a copy carrying the request's signal (only long methods read it).
      const ctx = options?.signal ? { ...context, signal: options.signal } : context
      try {
        return dispatchInput(ctx, input)
      } catch (e) {
        // Callers were promised a rejection, never a throw.
        return Promise.reject(e)
      }
    },
  }
}
