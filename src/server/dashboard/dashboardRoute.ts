/**
 * `GET /` (the page), `/dashboard/assets/*` (its built files) and `/dashboard/api/*` (its JSON
 * API), for loopback clients under a loopback Host only. See security.ts for what keeps other
 * pages out.
 */
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { findBuiltDirectory } from '../builtDirectory.js'
import { readBody } from '../http/body.js'
import type { HandlerContext } from '../http/context.js'
import { answerApi } from './dashboardApi.js'
import { checkApiCall, loopbackHost, PAGE_HEADERS } from './security.js'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
}

/** The built page: next to the server bundle, or in dist/ when running from the sources. */
export function findDashboardDirectory(): string | undefined {
  return findBuiltDirectory(
    import.meta.url,
    ['./dashboard/', '../../../dist/server/dashboard/'],
    'index.html',
  )
}

const API_BODY_LIMIT = 64 * 1024

export async function handleDashboard(
  context: HandlerContext,
  path: string[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const reply = (status: number, headers: OutgoingHttpHeaders, body: string | Buffer) => {
    response.writeHead(status, { ...PAGE_HEADERS, ...headers, 'content-length': Buffer.byteLength(body) })
    response.end(body)
  }
  const json = (status: number, body: unknown) =>
    reply(status, { 'content-type': 'application/json' }, `${JSON.stringify(body)}\n`)
  const settings = context.dashboard
  const host = loopbackHost(request)
  if (!host)
    return json(403, { error: 'the dashboard answers loopback clients at 127.0.0.1 or localhost only' })
  if (!settings) return json(404, { error: 'this server runs without the dashboard' })

  if (path[0] === 'api') {
    const verdict = checkApiCall(request, host, settings.token)
    if (verdict === 'token')
      return json(403, { error: 'missing or wrong dashboard session token: reload the page' })
    if (verdict === 'origin') return json(403, { error: 'changes are accepted from the dashboard page only' })
    const body = await readJson(request)
    if (body === TOO_LARGE) return json(413, { error: 'request body too large' })
    if (body === NOT_JSON) return json(400, { error: 'the request body is not JSON' })
    const answer = await answerApi(context, request.method ?? 'GET', path.slice(1), body, `http://${host}`)
    return json(answer.status, answer.body)
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return reply(405, { allow: 'GET', 'content-type': 'text/plain' }, 'GET only\n')
  }
  if (!settings.directory) {
    return reply(
      503,
      { 'content-type': 'text/plain; charset=utf-8' },
      'The dashboard is not built: run npm run build:server\n',
    )
  }
  if (path.length === 0) {
    const page = await readFile(join(settings.directory, 'index.html'), 'utf8')
    // The token rides in the page: only a page this server served, in its own origin, can read it.
    const withToken = page.replace('__DASHBOARD_TOKEN__', settings.token)
    return reply(200, { 'content-type': TYPES['.html'] }, withToken)
  }
  if (path[0] !== 'assets' || path.length !== 2)
    return reply(404, { 'content-type': 'text/plain' }, 'not found\n')
  const file = normalize(join(settings.directory, 'assets', path[1]!))
  if (!file.startsWith(join(settings.directory, 'assets') + sep)) {
    return reply(404, { 'content-type': 'text/plain' }, 'not found\n')
  }
  const content = await readFile(file).catch(() => undefined)
  if (!content) return reply(404, { 'content-type': 'text/plain' }, 'not found\n')
  reply(
    200,
    { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' },
    content,
  )
}

const TOO_LARGE = Symbol('too large')
const NOT_JSON = Symbol('not JSON')

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    readBody(request, API_BODY_LIMIT, (result) => {
      if (!result.ok) {
        request.resume()
        return resolve(TOO_LARGE)
      }
      if (result.text === '') return resolve(undefined)
      try {
        resolve(JSON.parse(result.text))
      } catch {
        resolve(NOT_JSON)
      }
    })
  })
}
