/**
 * `rsk-devnode` commands: `serve`, `apps …` and `extension --path`. Pure argument handling and printing; the work
 * is done by startServer and the app store, so tests drive this function directly.
 */

import { redactUrl } from '../../core/fork/redact.js'
import { isClientVersionStyle } from '../../core/rpc/clientVersion.js'
import { AppsError, loadApps } from '../apps/appStore.js'
import type { ForkByNetwork } from '../node/coreNode.js'
import { DataDirectoryInUseError, DEFAULT_HOST, DEFAULT_PORT, startServer } from '../server.js'
import { apps } from './appsCommands.js'
import { type CliContext, CliError, type CliResult, common, dataDirOf, UsageError } from './context.js'
import { extension } from './extensionCommand.js'
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
  if (command === 'extension') return extension(rest, context)
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
      'client-version': { type: 'string' },
      'omit-remasc': { type: 'boolean' },
      fsync: { type: 'boolean' },
      fork: { type: 'string', multiple: true },
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
  const clientVersion = values['client-version']
  if (clientVersion !== undefined && !isClientVersionStyle(clientVersion)) {
    throw new UsageError(
      `--client-version ${clientVersion}: use anvil (default, accepted by dev-node test tooling) or rskj (the RSKj-shaped string)`,
      usage,
    )
  }
  const forks = parseForks(values.fork ?? [])
  const dataDir = dataDirOf(values, context)
  const host = values.host ?? DEFAULT_HOST
  const server = await startServer({
    dataDir,
    nodeFactory: context.nodeFactory({
      ...(profile ? { profile } : {}),
      ...(clientVersion ? { clientVersion } : {}),
      ...(values['omit-remasc'] ? { omitRemascTransaction: true } : {}),
      ...(Object.keys(forks).length > 0 ? { forks } : {}),
    }),
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
  for (const [network, fork] of Object.entries(forks)) {
    const at = fork.blockNumber === undefined ? 'its latest block - 6' : `block ${fork.blockNumber}`
    context.io.out(`${network} forks ${redactUrl(fork.url)} at ${at} (a data directory of its own per fork)`)
  }
  return { exitCode: 0, server }
}

/** `--fork testnet=https://rpc.testnet.rootstock.io/KEY@6400000`, one per network. */
export function parseForks(specs: readonly string[]): ForkByNetwork {
  const forks: ForkByNetwork = {}
  for (const spec of specs) {
    const match = /^([a-z]+)=(.+?)(?:@(\d+|0x[0-9a-fA-F]+))?$/.exec(spec)
    const network = match?.[1]
    if (!match || (network !== 'mainnet' && network !== 'testnet' && network !== 'regtest'))
      throw new UsageError(
        `--fork ${redactUrl(spec.slice(spec.indexOf('=') + 1))}: use NETWORK=URL[@BLOCK] with mainnet, testnet or regtest`,
        usageOf('serve'),
      )
    if (forks[network])
      throw new UsageError(`--fork ${network} is given twice: one upstream per network`, usageOf('serve'))
    const url = match[2]!
    if (!/^https?:\/\//.test(url))
      throw new UsageError(`--fork ${network}: ${redactUrl(url)} is not an http(s) address`, usageOf('serve'))
    forks[network] = { url, ...(match[3] === undefined ? {} : { blockNumber: BigInt(match[3]) }) }
  }
  return forks
}
