/**
 * `rsk-devnode` commands: `serve` and `apps …`. Pure argument handling and printing; the work
 * is done by startServer and the app store, so tests drive this function directly.
 */
import { AppsError, loadApps } from '../apps/appStore.js'
import { DataDirectoryInUseError, DEFAULT_HOST, DEFAULT_PORT, startServer } from '../server.js'
import { apps } from './appsCommands.js'
import { type CliContext, CliError, type CliResult, common, dataDirOf, UsageError } from './context.js'
import { formatServeBanner } from './format.js'
import { asksForHelp, help, parseCommand, USAGE, usageOf } from './usage.js'

export type { CliContext, CliIo, CliResult } from './context.js'
export { USAGE } from './usage.js'

export async function runCli(argv: string[], context: CliContext): Promise<CliResult> {
  const { io } = context
  try {
    return await dispatch(argv, context)
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message)
      io.err(error.usage ?? USAGE)
      return { exitCode: 2 }
    }
    if (error instanceof AppsError || error instanceof CliError) {
      io.err(`error: ${(error as Error).message}`)
      return { exitCode: 1 }
    }
    throw error
  }
}

async function dispatch(argv: string[], context: CliContext): Promise<CliResult> {
  const [command, ...rest] = argv
  if (command === 'help' || command === '--help' || command === '-h') {
    // `help apps`, `help serve`: that command's usage (options after it are ignored).
    const firstOption = rest.findIndex((word) => word.startsWith('-'))
    const words = firstOption < 0 ? rest : rest.slice(0, firstOption)
    return help(context, words.length > 0 ? usageOf(words.join(' ')) : USAGE)
  }
  // No command (or only options) means serve: `npx rsk-devnode` and `npm start` just work.
  if (command === undefined || command.startsWith('-')) return serve(argv, context)
  if (command === 'serve') return serve(rest, context)
  if (command === 'apps') return apps(rest, context)
  throw new UsageError(`unknown command "${command}"`)
}

async function serve(args: string[], context: CliContext): Promise<CliResult> {
  if (asksForHelp(args)) return help(context, usageOf('serve'))
  const { values } = parseCommand('serve', {
    args,
    options: {
      ...common,
      port: { type: 'string' },
      host: { type: 'string' },
      profile: { type: 'string' },
      fsync: { type: 'boolean' },
    },
  })
  const usage = usageOf('serve')
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port ${values.port} is not a port`, usage)
  const profile = values.profile
  if (profile !== undefined && profile !== 'rpc-api' && profile !== 'rskj') {
    throw new UsageError(
      `--profile ${profile}: use rpc-api (the hosted service, default) or rskj (a self-run RSKj)`,
      usage,
    )
  }
  const dataDir = dataDirOf(values, context)
  const host = values.host ?? DEFAULT_HOST
  const server = await startServer({
    dataDir,
    nodeFactory: context.nodeFactory({ profile }),
    port,
    host,
    syncWrites: values.fsync === true,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new CliError(`${host}:${port} is already in use: pick another --port`)
    if (error.code === 'EACCES') throw new CliError(`no permission to listen on ${host}:${port}`)
    if (error instanceof DataDirectoryInUseError) {
      throw new CliError(`${error.message}: stop it, or pass another --data-dir`)
    }
    throw error
  })
  for (const line of formatServeBanner(server.url, dataDir, server.createdDevApp, await loadApps(dataDir))) {
    context.io.out(line)
  }
  return { exitCode: 0, server }
}
