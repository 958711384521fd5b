/** `rsk-devnode apps …`: create, list, show, delete, allow, jwt add|remove, quota. */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import {
  AppsError,
  addJwtKey,
  changeAllowList,
  createApp,
  deleteApp,
  findApp,
  loadApps,
  removeJwtKey,
  setQuota,
} from '../apps/appStore.js'
import { USE_CASES } from '../apps/types.js'
import { loadMetrics } from '../metrics/metricsBook.js'
import { readJsonFile } from '../persist/jsonFile.js'
import { DEFAULT_HOST, DEFAULT_PORT, serverInfoPath } from '../server.js'
import { type CliContext, type CliResult, common, dataDirOf, UsageError } from './context.js'
import { formatApp, formatAppTable, formatCreated } from './format.js'

/** The base URL a running server wrote down, else the default address. */
export async function baseUrl(dataDir: string): Promise<string> {
  const info = await readJsonFile<{ url: string }>(serverInfoPath(dataDir))
  return info?.url ?? `http://${DEFAULT_HOST}:${DEFAULT_PORT}`
}

export async function apps(args: string[], context: CliContext): Promise<CliResult> {
  const { io } = context
  const [sub, ...rest] = args
  switch (sub) {
    case 'create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          ...common,
          name: { type: 'string' },
          description: { type: 'string' },
          'use-case': { type: 'string' },
        },
        strict: true,
      })
      if (values.name === undefined) throw new UsageError('apps create needs --name')
      if (values['use-case'] === undefined)
        throw new UsageError(`apps create needs --use-case (${USE_CASES.join('|')})`)
      const dataDir = dataDirOf(values, context)
      const app = await createApp(dataDir, {
        name: values.name,
        description: values.description,
        useCase: values['use-case'],
      })
      for (const line of formatCreated(await baseUrl(dataDir), app)) io.out(line)
      return { exitCode: 0 }
    }
    case 'list': {
      const { values } = parseArgs({ args: rest, options: common, strict: true })
      const dataDir = dataDirOf(values, context)
      const book = await loadMetrics(dataDir)
      const rows = (await loadApps(dataDir)).map((app) => ({ app, report: book.report(app.id) }))
      for (const line of formatAppTable(rows)) io.out(line)
      return { exitCode: 0 }
    }
    case 'show': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { ...common, json: { type: 'boolean' } },
        allowPositionals: true,
        strict: true,
      })
      const dataDir = dataDirOf(values, context)
      const app = findApp(await loadApps(dataDir), requireRef(positionals, 'show'))
      if (!app) throw new AppsError(`no app named "${positionals[0]}"`)
      const report = (await liveReport(dataDir, app.id)) ?? (await loadMetrics(dataDir)).report(app.id)
      if (values.json) io.out(JSON.stringify({ ...app, metrics: report }, null, 2))
      else for (const line of formatApp(await baseUrl(dataDir), app, report)) io.out(line)
      return { exitCode: 0 }
    }
    case 'delete': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: common,
        allowPositionals: true,
        strict: true,
      })
      const app = await deleteApp(dataDirOf(values, context), requireRef(positionals, 'delete'))
      io.out(`Deleted app "${app.name}"; its API key ${app.apiKey} no longer works.`)
      return { exitCode: 0 }
    }
    case 'allow':
      return allow(rest, context)
    case 'jwt':
      return jwt(rest, context)
    case 'quota': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { ...common, daily: { type: 'string' }, monthly: { type: 'string' } },
        allowPositionals: true,
        strict: true,
      })
      const ref = requireRef(positionals, 'quota')
      const app = await setQuota(dataDirOf(values, context), ref, {
        daily: parseCount(values.daily, '--daily'),
        monthly: parseCount(values.monthly, '--monthly'),
      })
      io.out(
        `Quota of "${app.name}": daily ${app.quota.daily ?? 'unlimited'}, monthly ${app.quota.monthly ?? 'unlimited'}`,
      )
      return { exitCode: 0 }
    }
    default:
      throw new UsageError(sub === undefined ? 'apps needs a subcommand' : `unknown apps subcommand "${sub}"`)
  }
}

async function allow(args: string[], context: CliContext): Promise<CliResult> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...common,
      origin: { type: 'string', multiple: true },
      ip: { type: 'string', multiple: true },
      remove: { type: 'boolean' },
      clear: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  })
  const ref = requireRef(positionals, 'allow')
  const dataDir = dataDirOf(values, context)
  const unchanged = !values.origin && !values.ip && !values.clear
  const app = unchanged
    ? findApp(await loadApps(dataDir), ref)
    : await changeAllowList(dataDir, ref, {
        origins: values.origin,
        ips: values.ip,
        remove: values.remove,
        clear: values.clear,
      })
  if (!app) throw new AppsError(`no app named "${ref}"`)
  const show = (list: string[]) => (list.length === 0 ? 'any' : list.join(', '))
  context.io.out(
    `Allow list of "${app.name}": origins ${show(app.allowList.origins)}; IPs ${show(app.allowList.ips)}`,
  )
  return { exitCode: 0 }
}

async function jwt(args: string[], context: CliContext): Promise<CliResult> {
  const [action, ...rest] = args
  const { values, positionals } = parseArgs({
    args: rest,
    options: { ...common, name: { type: 'string' }, 'key-file': { type: 'string' }, alg: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  const ref = requireRef(positionals, `jwt ${action ?? ''}`.trim())
  if (values.name === undefined) throw new UsageError(`apps jwt ${action} needs --name`)
  const dataDir = dataDirOf(values, context)
  if (action === 'add') {
    if (values['key-file'] === undefined)
      throw new UsageError('apps jwt add needs --key-file (a PEM public key)')
    const publicKeyPem = await readFile(values['key-file'], 'utf8').catch(() => {
      throw new AppsError(`cannot read ${values['key-file']}`)
    })
    const app = await addJwtKey(dataDir, ref, { name: values.name, publicKeyPem, algorithm: values.alg })
    const key = app.jwtKeys.find((candidate) => candidate.name === values.name)!
    context.io.out(
      `Added JWT key "${key.name}" (${key.algorithm}) to "${app.name}": its requests now need Authorization: Bearer <JWT>`,
    )
    return { exitCode: 0 }
  }
  if (action === 'remove') {
    const app = await removeJwtKey(dataDir, ref, values.name)
    const rest = app.jwtKeys.length
    context.io.out(
      `Removed JWT key "${values.name}" from "${app.name}"${rest === 0 ? '; it no longer needs a JWT' : ` (${rest} left)`}`,
    )
    return { exitCode: 0 }
  }
  throw new UsageError('apps jwt needs add or remove')
}

function requireRef(positionals: string[], command: string): string {
  const ref = positionals[0]
  if (ref === undefined) throw new UsageError(`apps ${command} needs an app (name, API key or id)`)
  if (positionals.length > 1)
    throw new UsageError(`apps ${command} takes one app, got ${positionals.join(' ')}`)
  return ref
}

function parseCount(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new AppsError(`${flag} ${value} is not a whole number`)
  return Number(value)
}

/** Metrics straight from a running server's admin endpoint (fresher than the last flush). */
async function liveReport(dataDir: string, appId: string) {
  const info = await readJsonFile<{ url: string }>(serverInfoPath(dataDir))
  if (!info) return undefined
  try {
    const response = await fetch(`${info.url}/admin/apps/${appId}`, { signal: AbortSignal.timeout(1000) })
    if (!response.ok) return undefined
    return (
      (await response.json()) as { metrics: ReturnType<Awaited<ReturnType<typeof loadMetrics>>['report']> }
    ).metrics
  } catch {
    return undefined
  }
}
