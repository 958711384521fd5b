/**
 * `rsk-devnode apps …`: everything the dashboard does — create, list, show, set (name,
 * description, use case, networks, chain-changing methods), regenerate-key, delete, allow,
 * jwt add|remove, quota.
 */
import { readFile } from 'node:fs/promises'
import {
  AppsError,
  addJwtKey,
  changeAllowList,
  changeApp,
  createApp,
  deleteApp,
  findApp,
  loadApps,
  regenerateKey,
  removeJwtKey,
  setQuota,
} from '../apps/appStore.js'
import { USE_CASES } from '../apps/types.js'
import { loadMetrics } from '../metrics/metricsBook.js'
import { readJsonFile } from '../persist/jsonFile.js'
import { DEFAULT_HOST, DEFAULT_PORT, serverInfoPath } from '../server.js'
import { type CliContext, type CliResult, common, dataDirOf, UsageError } from './context.js'
import { formatApp, formatAppTable, formatCreated, rpcAddresses } from './format.js'
import { asksForHelp, help, parseCommand, usageOf } from './usage.js'

/** The base URL a running server wrote down, else the default address. */
export async function baseUrl(dataDir: string): Promise<string> {
  const info = await readJsonFile<{ url: string }>(serverInfoPath(dataDir))
  return info?.url ?? `http://${DEFAULT_HOST}:${DEFAULT_PORT}`
}

type Handler = (args: string[], context: CliContext) => Promise<CliResult>

const SUBCOMMANDS: Record<string, Handler> = {
  create,
  list,
  show,
  set,
  'regenerate-key': regenerate,
  delete: remove,
  allow,
  jwt,
  quota,
}

export async function apps(args: string[], context: CliContext): Promise<CliResult> {
  const [sub, ...rest] = args
  if (sub === undefined || sub === 'help' || sub === '--help' || sub === '-h') {
    if (sub === undefined) throw new UsageError('apps needs a subcommand', usageOf('apps'))
    return help(context, usageOf('apps'))
  }
  const handler = SUBCOMMANDS[sub]
  if (!handler) throw new UsageError(`unknown apps subcommand "${sub}"`, usageOf('apps'))
  if (sub !== 'jwt' && asksForHelp(rest)) return help(context, usageOf(`apps ${sub}`))
  return handler(rest, context)
}

const networkOptions = {
  network: { type: 'string', multiple: true },
  'chain-methods': { type: 'string' },
} as const

async function create(args: string[], context: CliContext): Promise<CliResult> {
  const { values } = parseCommand('apps create', {
    args,
    options: {
      ...common,
      ...networkOptions,
      name: { type: 'string' },
      description: { type: 'string' },
      'use-case': { type: 'string' },
    },
  })
  const usage = usageOf('apps create')
  if (values.name === undefined) throw new UsageError('apps create needs --name', usage)
  if (values['use-case'] === undefined)
    throw new UsageError(`apps create needs --use-case (${USE_CASES.join('|')})`, usage)
  const dataDir = dataDirOf(values, context)
  const app = await createApp(dataDir, {
    name: values.name,
    description: values.description,
    useCase: values['use-case'],
    networks: splitNetworks(values.network),
    chainMethods: onOff(values['chain-methods'], 'apps create'),
  })
  for (const line of formatCreated(await baseUrl(dataDir), app)) context.io.out(line)
  return { exitCode: 0 }
}

async function list(args: string[], context: CliContext): Promise<CliResult> {
  const { values } = parseCommand('apps list', { args, options: { ...common, json: { type: 'boolean' } } })
  const dataDir = dataDirOf(values, context)
  const book = await loadMetrics(dataDir)
  const rows = (await loadApps(dataDir)).map((app) => ({ app, report: book.report(app.id) }))
  if (values.json)
    context.io.out(
      JSON.stringify(
        rows.map(({ app, report }) => ({ ...app, metrics: report })),
        null,
        2,
      ),
    )
  else for (const line of formatAppTable(rows)) context.io.out(line)
  return { exitCode: 0 }
}

async function show(args: string[], context: CliContext): Promise<CliResult> {
  const { values, positionals } = parseCommand('apps show', {
    args,
    options: { ...common, json: { type: 'boolean' } },
    allowPositionals: true,
  })
  const dataDir = dataDirOf(values, context)
  const ref = requireRef(positionals, 'show')
  const app = findApp(await loadApps(dataDir), ref)
  if (!app) throw new AppsError(`no app named "${ref}"`)
  const report = (await liveReport(dataDir, app.id)) ?? (await loadMetrics(dataDir)).report(app.id)
  if (values.json) context.io.out(JSON.stringify({ ...app, metrics: report }, null, 2))
  else for (const line of formatApp(await baseUrl(dataDir), app, report)) context.io.out(line)
  return { exitCode: 0 }
}

async function set(args: string[], context: CliContext): Promise<CliResult> {
  const { values, positionals } = parseCommand('apps set', {
    args,
    options: {
      ...common,
      ...networkOptions,
      name: { type: 'string' },
      description: { type: 'string' },
      'use-case': { type: 'string' },
    },
    allowPositionals: true,
  })
  const ref = requireRef(positionals, 'set')
  const dataDir = dataDirOf(values, context)
  const app = await changeApp(dataDir, ref, {
    name: values.name,
    description: values.description,
    useCase: values['use-case'],
    networks: splitNetworks(values.network),
    chainMethods: onOff(values['chain-methods'], 'apps set'),
  })
  for (const line of formatApp(
    await baseUrl(dataDir),
    app,
    (await loadMetrics(dataDir)).report(app.id),
  ).slice(0, 8))
    context.io.out(line)
  return { exitCode: 0 }
}

async function regenerate(args: string[], context: CliContext): Promise<CliResult> {
  const { values, positionals } = parseCommand('apps regenerate-key', {
    args,
    options: common,
    allowPositionals: true,
  })
  const dataDir = dataDirOf(values, context)
  const app = await regenerateKey(dataDir, requireRef(positionals, 'regenerate-key'))
  context.io.out(`New API key of "${app.name}": ${app.apiKey} (the old key no longer works)`)
  context.io.out('  RPC addresses:')
  for (const line of rpcAddresses(await baseUrl(dataDir), app)) context.io.out(line)
  return { exitCode: 0 }
}

async function remove(args: string[], context: CliContext): Promise<CliResult> {
  const { values, positionals } = parseCommand('apps delete', {
    args,
    options: common,
    allowPositionals: true,
  })
  const app = await deleteApp(dataDirOf(values, context), requireRef(positionals, 'delete'))
  context.io.out(`Deleted app "${app.name}"; its API key ${app.apiKey} no longer works.`)
  return { exitCode: 0 }
}

async function quota(args: string[], context: CliContext): Promise<CliResult> {
  const { values, positionals } = parseCommand('apps quota', {
    args,
    options: { ...common, daily: { type: 'string' }, monthly: { type: 'string' } },
    allowPositionals: true,
  })
  const ref = requireRef(positionals, 'quota')
  const app = await setQuota(dataDirOf(values, context), ref, {
    daily: parseCount(values.daily, '--daily'),
    monthly: parseCount(values.monthly, '--monthly'),
  })
  context.io.out(
    `Quota of "${app.name}": daily ${app.quota.daily ?? 'unlimited'}, monthly ${app.quota.monthly ?? 'unlimited'}`,
  )
  return { exitCode: 0 }
}

async function allow(args: string[], context: CliContext): Promise<CliResult> {
  const { values, positionals } = parseCommand('apps allow', {
    args,
    options: {
      ...common,
      origin: { type: 'string', multiple: true },
      ip: { type: 'string', multiple: true },
      remove: { type: 'boolean' },
      clear: { type: 'boolean' },
    },
    allowPositionals: true,
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
  const show = (entries: string[]) => (entries.length === 0 ? 'any' : entries.join(', '))
  context.io.out(
    `Allow list of "${app.name}": origins ${show(app.allowList.origins)}; IPs ${show(app.allowList.ips)}`,
  )
  return { exitCode: 0 }
}

async function jwt(args: string[], context: CliContext): Promise<CliResult> {
  const [action, ...rest] = args
  if (action === '--help' || action === '-h' || action === 'help') return help(context, usageOf('apps jwt'))
  if (action !== 'add' && action !== 'remove') {
    throw new UsageError(
      action === undefined ? 'apps jwt needs add or remove' : `unknown apps jwt action "${action}"`,
      usageOf('apps jwt'),
    )
  }
  const command = `apps jwt ${action}`
  if (asksForHelp(rest)) return help(context, usageOf(command))
  const { values, positionals } = parseCommand(command, {
    args: rest,
    options: { ...common, name: { type: 'string' }, 'key-file': { type: 'string' }, alg: { type: 'string' } },
    allowPositionals: true,
  })
  const ref = requireRef(positionals, `jwt ${action}`)
  if (values.name === undefined) throw new UsageError(`${command} needs --name`, usageOf(command))
  const dataDir = dataDirOf(values, context)
  if (action === 'add') {
    if (values['key-file'] === undefined)
      throw new UsageError('apps jwt add needs --key-file (a PEM public key)', usageOf(command))
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
  const app = await removeJwtKey(dataDir, ref, values.name)
  const left = app.jwtKeys.length
  context.io.out(
    `Removed JWT key "${values.name}" from "${app.name}"${left === 0 ? '; it no longer needs a JWT' : ` (${left} left)`}`,
  )
  return { exitCode: 0 }
}

function requireRef(positionals: string[], command: string): string {
  const ref = positionals[0]
  const usage = usageOf(`apps ${command}`)
  if (ref === undefined) throw new UsageError(`apps ${command} needs an app (name, API key or id)`, usage)
  if (positionals.length > 1)
    throw new UsageError(`apps ${command} takes one app, got ${positionals.join(' ')}`, usage)
  return ref
}

/** `--network mainnet --network testnet` or `--network mainnet,testnet`. */
function splitNetworks(values: string[] | undefined): string[] | undefined {
  return values?.flatMap((value) => value.split(','))
}

function onOff(value: string | undefined, command: string): boolean | undefined {
  if (value === undefined) return undefined
  if (value === 'on' || value === 'true') return true
  if (value === 'off' || value === 'false') return false
  throw new UsageError(`--chain-methods ${value}: use on or off`, usageOf(command))
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
