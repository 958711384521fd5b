/**
 * The dashboard's JSON API, under /dashboard/api/. Every change goes through the app store (the
 * same code as the CLI) and then refreshes the registry, so it takes effect on the next request.
 *   GET    apps                         every app with its use case, networks, today's requests, success rate
 *   POST   apps                         create {name, description, useCase, networks}
 *   GET    apps/<id>                    one app: key, addresses, settings, metrics
 *   PATCH  apps/<id>                    {name, description, useCase, networks, chainMethods}
 *   PUT    apps/<id>/allow-list         {origins, ips} (the whole list)
 *   POST   apps/<id>/jwt-keys           {name, publicKeyPem, algorithm?}
 *   DELETE apps/<id>/jwt-keys/<name>
 *   PUT    apps/<id>/quota              {daily, monthly} (null or 0: none)
 *   POST   apps/<id>/regenerate-key
 *   DELETE apps/<id>
 */
import { NETWORKS, type NetworkName } from '../../core/network/networks.js'
import type { AppRuntime } from '../apps/appRegistry.js'
import {
  APP_NETWORKS,
  AppsError,
  addJwtKey,
  changeAllowList,
  changeApp,
  createApp,
  deleteApp,
  regenerateKey,
  removeJwtKey,
  setQuota,
} from '../apps/appStore.js'
import { CHAIN_METHODS_SUMMARY } from '../apps/chainMethods.js'
import { type App, USE_CASES } from '../apps/types.js'
import type { HandlerContext } from '../http/context.js'

export interface ApiReply {
  status: number
  body: unknown
}

const ok = (body: unknown, status = 200): ApiReply => ({ status, body })
const problem = (status: number, error: string): ApiReply => ({ status, body: { error } })

export async function answerApi(
  context: HandlerContext,
  method: string,
  path: string[],
  body: unknown,
  baseUrl: string,
): Promise<ApiReply> {
  const dataDir = context.dataDir
  await context.registry.refresh()
  try {
    if (path[0] !== 'apps') return problem(404, `no API at /dashboard/api/${path.join('/')}`)
    if (path.length === 1) {
      if (method === 'GET') return ok(listApps(context, baseUrl))
      if (method === 'POST') {
        const input = objectBody(body)
        const app = await createApp(dataDir, {
          name: text(input.name, 'name'),
          description: optionalText(input.description, 'description'),
          useCase: text(input.useCase ?? 'other', 'useCase'),
          networks: textList(input.networks ?? APP_NETWORKS, 'networks'),
          chainMethods: optionalBoolean(input.chainMethods, 'chainMethods'),
        })
        return ok(await detailOf(context, app.id, baseUrl), 201)
      }
      return problem(405, `${method} is not allowed on /dashboard/api/apps`)
    }
    const id = path[1]!
    const runtime = findRuntime(context, id)
    if (!runtime) return problem(404, `no app with id ${id}`)
    const action = path.slice(2).join('/')
    const input = body === undefined ? {} : objectBody(body)
    switch (`${method} ${action}`) {
      case 'GET ':
        return ok(describe(context, runtime, baseUrl))
      case 'PATCH ':
        await changeApp(dataDir, id, {
          name: optionalText(input.name, 'name'),
          description: optionalText(input.description, 'description'),
          useCase: optionalText(input.useCase, 'useCase'),
          networks: input.networks === undefined ? undefined : textList(input.networks, 'networks'),
          chainMethods: optionalBoolean(input.chainMethods, 'chainMethods'),
        })
        break
      case 'PUT allow-list':
        await changeAllowList(dataDir, id, {
          clear: true,
          origins: textList(input.origins ?? [], 'origins'),
          ips: textList(input.ips ?? [], 'ips'),
        })
        break
      case 'POST jwt-keys':
        await addJwtKey(dataDir, id, {
          name: text(input.name, 'name'),
          publicKeyPem: text(input.publicKeyPem, 'publicKeyPem'),
          algorithm: optionalText(input.algorithm, 'algorithm') || undefined,
        })
        break
      case 'PUT quota':
        await setQuota(dataDir, id, {
          daily: optionalCount(input.daily, 'daily'),
          monthly: optionalCount(input.monthly, 'monthly'),
        })
        break
      case 'POST regenerate-key':
        await regenerateKey(dataDir, id)
        break
      case 'DELETE ':
        await deleteApp(dataDir, id)
        await context.registry.refresh()
        return ok({ deleted: id })
      default:
        if (method === 'DELETE' && path[2] === 'jwt-keys' && path.length === 4) {
          await removeJwtKey(dataDir, id, path[3]!)
          break
        }
        return problem(404, `no API for ${method} /dashboard/api/${path.join('/')}`)
    }
    return ok(await detailOf(context, id, baseUrl))
  } catch (error) {
    if (error instanceof AppsError) return problem(400, error.message)
    throw error
  }
}

function findRuntime(context: HandlerContext, id: string): AppRuntime | undefined {
  return context.registry.all().find((runtime) => runtime.app.id === id)
}

async function detailOf(context: HandlerContext, id: string, baseUrl: string) {
  await context.registry.refresh()
  const runtime = findRuntime(context, id)
  if (!runtime) throw new AppsError(`no app with id ${id}`)
  return describe(context, runtime, baseUrl)
}

function totals(context: HandlerContext, app: App) {
  const report = context.book.report(app.id)
  let total = 0
  let success = 0
  for (const metrics of Object.values(report.networks)) {
    total += metrics.total
    success += metrics.success
  }
  const today = new Date(context.now()).toISOString().slice(0, 10)
  const requestsToday = report.days.find((entry) => entry.day === today)?.total ?? 0
  return { report, total, success, successRate: total === 0 ? null : success / total, requestsToday }
}

function listApps(context: HandlerContext, baseUrl: string) {
  const apps = context.registry
    .all()
    .map(({ app }) => {
      const { total, successRate, requestsToday } = totals(context, app)
      return {
        id: app.id,
        name: app.name,
        description: app.description,
        useCase: app.useCase,
        networks: app.networks,
        createdAt: app.createdAt,
        requestsToday,
        totalRequests: total,
        successRate,
      }
    })
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))
  return { baseUrl, apps, useCases: USE_CASES, networks: networkChoices() }
}

function networkChoices() {
  return APP_NETWORKS.map((name) => ({ name, chainId: NETWORKS[name].chainId }))
}

function addresses(baseUrl: string, app: App) {
  return app.networks.map((network: NetworkName) => ({
    network,
    chainId: NETWORKS[network].chainId,
    url: `${baseUrl}/${network}/${app.apiKey}`,
    providerUrl: `${baseUrl}/${network}/v2/${app.apiKey}`,
  }))
}

function describe(context: HandlerContext, runtime: AppRuntime, baseUrl: string) {
  const { app } = runtime
  const { report, total, success, successRate, requestsToday } = totals(context, app)
  return {
    app: {
      id: app.id,
      name: app.name,
      description: app.description,
      useCase: app.useCase,
      apiKey: app.apiKey,
      createdAt: app.createdAt,
      networks: app.networks,
      chainMethods: app.chainMethods,
      allowList: app.allowList,
      jwtKeys: app.jwtKeys.map(({ name, algorithm, addedAt }) => ({ name, algorithm, addedAt })),
      quota: app.quota,
    },
    addresses: addresses(baseUrl, app),
    metrics: { ...report, total, success, successRate, requestsToday },
    chainMethodsSummary: CHAIN_METHODS_SUMMARY,
    useCases: USE_CASES,
    networks: networkChoices(),
  }
}

type Input = Record<string, unknown>

function objectBody(body: unknown): Input {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppsError('the request body must be a JSON object')
  }
  return body as Input
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new AppsError(`${field} must be a string`)
  return value
}

function optionalText(value: unknown, field: string): string | undefined {
  return value === undefined || value === null ? undefined : text(value, field)
}

function textList(value: unknown, field: string): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new AppsError(`${field} must be a list of strings`)
  }
  return value as string[]
}

function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw new AppsError(`${field} must be true or false`)
  return value
}

/** A quota: a whole number ≥ 0; null, '' or 0 removes it. */
function optionalCount(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined
  if (value === null || value === '') return 0
  if (typeof value !== 'number') throw new AppsError(`the ${field} quota must be a whole number`)
  return value
}
