/**
 * The local admin endpoint: app metrics as JSON for scripts and dashboards.
 *   GET /admin/metrics          every app with its metrics, plus refusals that named no app
 *   GET /admin/apps/<name|id>   one app
 * Loopback clients only, whatever address the server listens on; API keys are never shown here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppRuntime } from '../apps/appRegistry.js'
import { findApp } from '../apps/appStore.js'
import type { HandlerContext } from './context.js'
import { rejectionBody } from './rejections.js'

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

export function describeApp(context: Pick<HandlerContext, 'book'>, runtime: AppRuntime) {
  const { app } = runtime
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    useCase: app.useCase,
    createdAt: app.createdAt,
    networks: app.networks,
    chainMethods: app.chainMethods,
    allowList: app.allowList,
    jwtKeys: app.jwtKeys.map((key) => ({ name: key.name, algorithm: key.algorithm })),
    quota: app.quota,
    metrics: context.book.report(app.id),
  }
}

export async function handleAdmin(
  context: HandlerContext,
  path: string[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const json = (status: number, body: string) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    })
    response.end(body)
  }
  if (!isLoopback(request.socket.remoteAddress)) return json(403, rejectionBody('adminNotLocal'))
  if (request.method !== 'GET') {
    response.writeHead(501, { 'content-length': '0' })
    response.end()
    return
  }
  await context.registry.refresh()
  const runtimes = context.registry.all()
  if (path.length === 1 && path[0] === 'metrics') {
    const apps = runtimes.map((runtime) => describeApp(context, runtime))
    return json(200, `${JSON.stringify({ server: context.book.server, apps }, null, 2)}\n`)
  }
  if (path.length === 2 && path[0] === 'apps') {
    const app = findApp(
      runtimes.map((runtime) => runtime.app),
      path[1]!,
    )
    const runtime = app && runtimes.find((candidate) => candidate.app.id === app.id)
    if (!runtime) return json(404, `${JSON.stringify({ error: `no app named ${path[1]}` })}\n`)
    return json(200, `${JSON.stringify(describeApp(context, runtime), null, 2)}\n`)
  }
  return json(404, `${JSON.stringify({ error: 'admin paths: /admin/metrics, /admin/apps/<name|id>' })}\n`)
}
