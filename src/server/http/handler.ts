/**
 * The HTTP request path: route → key → allow lists → JWT → body → quota → node → one response.
 * Kept lean on purpose: one JSON.parse of the body, one JSON.stringify of the answer, metrics
 * counted in memory, nothing written to disk.
 */
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http'
import type { NetworkName } from '../../core/network/networks.js'
import { bitcoindHttpStatus } from '../../core/rpc/bitcoind/dispatch.js'
import type { AppRuntime } from '../apps/appRegistry.js'
import { consumeQuota, quotaResetsAt } from '../apps/quota.js'
import { handleDashboard } from '../dashboard/dashboardRoute.js'
import type { RpcNode } from '../node/nodeHost.js'
import { handleAdmin } from './admin.js'
import { countErrors, errorCode, record } from './answerCounting.js'
import { bitcoinRequestOf, jwtFromBasic } from './bitcoind.js'
import { readBody } from './body.js'
import { type Door, mergeRefusals, NOTHING, splitChainMethods } from './chainMethodSplit.js'
import type { HandlerContext } from './context.js'
import { corsHeaders, NO_HEADERS, preflightHeaders } from './cors.js'
import { networkNotActivatedMessage, REJECTIONS, type RejectionKind, rejectionBody } from './rejections.js'
import { parseRoute } from './router.js'

/** A single request answered with one of these codes gets HTTP 400, as RSKj does. */
const BAD_REQUEST_CODES: ReadonlySet<number> = new Set([-32700, -32600, -32602])

const JSON_TYPE = 'application/json'

export function createRequestHandler(context: HandlerContext): RequestListener {
  return (request, response) => {
    // RSKj's answers (Netty's DefaultFullHttpResponse) carry no Date header; neither do ours.
    response.sendDate = false
    try {
      handle(context, request, response)
    } catch (error) {
      answerInternalError(response, error)
    }
  }
}

/** A continuation that may run later (after a key refresh, a JWT check, the body). */
const later = (response: ServerResponse, step: () => void | Promise<void>) => {
  Promise.resolve()
    .then(step)
    .catch((error: unknown) => answerInternalError(response, error))
}

/**
 * Synchronous up to the node call on the common path (known key, no JWT, body in hand): promise
 * hops only where something really waits.
 */
function handle(context: HandlerContext, request: IncomingMessage, response: ServerResponse) {
  const route = parseRoute(request.url ?? '/')
  if (route.kind === 'admin')
    return later(response, () => handleAdmin(context, route.path, request, response))
  if (route.kind === 'dashboard')
    return later(response, () => handleDashboard(context, route.path, request, response))
  const method = request.method
  if (method !== 'POST' && method !== 'OPTIONS') {
    // RSKj's Web3HttpMethodFilterHandler: 501 with an empty body, before any other work.
    response.writeHead(501, { 'content-length': '0' })
    response.end()
    return
  }
  if (route.kind === 'unknownNetwork' || route.kind === 'notFound') return reject(response, route.kind)
  if (route.kind === 'missingKey') {
    context.book.server.missingKey++
    context.book.dirty = true
    return reject(response, 'missingKey')
  }
  const door: Door = route.kind === 'bitcoin' ? 'bitcoin' : 'rsk'
  const runtime = context.registry.byKey(route.apiKey)
  if (runtime) return admit(context, runtime, route.network, door, request, response)
  later(response, async () => {
    // The CLI may have created this app a moment ago.
    const fresh = await context.registry.lookupFresh(route.apiKey, context.now())
    if (fresh) return admit(context, fresh, route.network, door, request, response)
    context.book.server.unknownKey++
    context.book.dirty = true
    reject(response, 'unknownKey')
  })
}

/** Network, allow lists, preflight, JWT, then the body. */
function admit(
  context: HandlerContext,
  runtime: AppRuntime,
  network: NetworkName,
  door: Door,
  request: IncomingMessage,
  response: ServerResponse,
) {
  if (!runtime.activated[network]) {
    context.book.reject(runtime.app.id, 'network')
    const { networks } = runtime.app
    const message = networkNotActivatedMessage(network, networks)
    return send(
      response,
      REJECTIONS.networkNotActivated.status,
      NO_HEADERS,
      rejectionBody('networkNotActivated', { network, networks }, message),
    )
  }
  const guard = runtime.guard
  const origin = request.headers.origin
  if (guard.restrictsIp && !guard.allowsIp(request.socket.remoteAddress)) {
    return rejectForApp(context, runtime, response, 'ip')
  }
  if (!guard.allowsOrigin(origin)) return rejectForApp(context, runtime, response, 'origin')
  const cors = corsHeaders(runtime, origin)

  if (request.method === 'OPTIONS') {
    response.writeHead(204, preflightHeaders(cors, request.headers['access-control-request-headers']))
    response.end()
    return
  }
  if (!guard.requiresJwt) return receive(context, runtime, network, door, cors, request, response)
  later(response, async () => {
    const { authorization } = request.headers
    const token = door === 'bitcoin' ? jwtFromBasic(authorization) : authorization
    const verdict = await guard.verifyJwt(token, context.now())
    if (verdict === 'ok') return receive(context, runtime, network, door, cors, request, response)
    rejectForApp(context, runtime, response, verdict === 'missing' ? 'jwtMissing' : 'jwtInvalid', cors)
  })
}

function receive(
  context: HandlerContext,
  runtime: AppRuntime,
  network: NetworkName,
  door: Door,
  cors: OutgoingHttpHeaders,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const started = performance.now()
  readBody(request, context.bodyLimit, (body) => {
    try {
      if (body.ok) return answerRpc(context, runtime, network, door, body.text, cors, response, started)
      // The rest is discarded as it arrives (never buffered), so the client can finish sending
      // and read the 413; a body declared absurdly large closes the connection instead.
      const declared = Number(request.headers['content-length'] ?? 0)
      const headers = declared > context.bodyLimit * 16 ? { ...cors, connection: 'close' } : cors
      request.resume()
      reject(response, 'bodyTooLarge', headers, { limit: context.bodyLimit })
    } catch (error) {
      answerInternalError(response, error)
    }
  })
}

function answerRpc(
  context: HandlerContext,
  runtime: AppRuntime,
  network: NetworkName,
  door: Door,
  text: string,
  cors: OutgoingHttpHeaders,
  response: ServerResponse,
  started: number,
) {
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch {
    // The node answers the text itself with its own -32700, so the wording stays in one place.
    payload = text
  }
  const counters = runtime.counters[network]
  context.book.dirty = true
  const batchLength = Array.isArray(payload) ? payload.length : -1
  if (batchLength > context.maxBatch) {
    counters.total++
    counters.countMethod('(batch too large)')
    // RSKj's JsonRpcRequestValidatorInterceptor: no jsonrpc/id, HTTP 400.
    const message = `Cannot dispatch batch requests. ${context.maxBatch} is the max number of supported batch requests`
    return send(response, 400, cors, `${JSON.stringify({ error: { code: -32600, message } })}\n`)
  }

  const calls = Math.max(1, batchLength)
  const now = context.now()
  const quota = consumeQuota(runtime.metrics, runtime.app.quota, calls, now)
  if (quota !== 'ok') {
    const resetsAt = quotaResetsAt(quota, now)
    const limit = quota === 'daily' ? runtime.app.quota.daily : runtime.app.quota.monthly
    const headers = { ...cors, 'retry-after': String(Math.ceil((resetsAt - now) / 1000)) }
    const kind = quota === 'daily' ? 'dailyQuota' : 'monthlyQuota'
    return rejectForApp(context, runtime, response, kind, headers, {
      limit,
      resetsAt: new Date(resetsAt).toISOString(),
    })
  }

  // An app with the chain-changing methods switched off: those calls are answered here, the rest
  // go to the node (a batch's refusals follow the node's answers; ids tell them apart).
  const split = runtime.app.chainMethods ? undefined : splitChainMethods(payload, door)
  const forwarded = split ? split.forward : payload

  const finish = (nodeAnswer: unknown) => {
    try {
      const answer = split ? mergeRefusals(payload, nodeAnswer, split.refusals) : nodeAnswer
      const errors = countErrors(answer, counters)
      record(counters, payload, calls, errors, performance.now() - started)
      runtime.metrics.countDay(runtime.metrics.usage.day, calls, errors)
      if (door === 'bitcoin') {
        const status = bitcoindHttpStatus(payload, answer)
        return send(response, status, cors, answer === undefined ? '' : `${JSON.stringify(answer)}\n`)
      }
      if (answer === undefined) return send(response, 200, cors, '')
      const code = Array.isArray(answer) || errors !== 1 ? 0 : errorCode(answer)
      const status = BAD_REQUEST_CODES.has(code)
        ? 400
        : code === REJECTIONS.chainMethodsOff.code
          ? REJECTIONS.chainMethodsOff.status
          : 200
      send(response, status, cors, `${JSON.stringify(answer)}\n`)
    } catch (error) {
      answerInternalError(response, error)
    }
  }
  if (forwarded === NOTHING) return finish(undefined)
  const fail = (error: unknown) => answerInternalError(response, error)
  // A client that disconnects before its answer stops long work (a large anvil_mine) between
  // chunks. Read only by such work, so nothing is registered per request: its socket is asked.
  const options = {
    signal: {
      get aborted() {
        return !response.writableFinished && (response.socket === null || response.socket.destroyed)
      },
    },
  }
  const ask = (node: RpcNode) =>
    door === 'bitcoin' ? bitcoinRequestOf(node)(forwarded) : node.request(forwarded, options)
  const node = context.nodes.ready(network)
  if (node) {
    const answer = ask(node)
    // A node that answers synchronously is answered synchronously: no promise hop. `finish`
    // catches its own errors, so one `then` with both callbacks is enough.
    if (!isThenable(answer)) return finish(answer)
    return void answer.then(finish, fail)
  }
  context.nodes.node(network).then(ask).then(finish, fail)
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

function send(response: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: string) {
  const length = Buffer.byteLength(body)
  // The common case (no CORS headers) builds the same literal the do-nothing server does.
  response.writeHead(
    status,
    headers === NO_HEADERS
      ? { 'content-type': JSON_TYPE, 'content-length': length }
      : { ...headers, 'content-type': JSON_TYPE, 'content-length': length },
  )
  response.end(body)
}

function reject(
  response: ServerResponse,
  kind: RejectionKind,
  headers: OutgoingHttpHeaders = NO_HEADERS,
  data?: Record<string, unknown>,
) {
  send(response, REJECTIONS[kind].status, headers, rejectionBody(kind, data))
}

function rejectForApp(
  context: HandlerContext,
  runtime: AppRuntime,
  response: ServerResponse,
  kind: 'ip' | 'origin' | 'jwtMissing' | 'jwtInvalid' | 'dailyQuota' | 'monthlyQuota',
  headers: OutgoingHttpHeaders = {},
  data?: Record<string, unknown>,
) {
  context.book.reject(runtime.app.id, kind)
  reject(response, kind, headers, data)
}

function answerInternalError(response: ServerResponse, error: unknown) {
  // A bug, not a refusal: still a JSON-RPC error body the client can read, never a bare 500.
  console.error('rsk-devnode server: internal error', error)
  if (response.headersSent) return void response.destroy()
  const body = `${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'Internal server error' } })}\n`
  send(response, 500, {}, body)
}
