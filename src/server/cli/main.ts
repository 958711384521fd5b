/**
 * `rsk-devnode` commands: `serve` and `apps …`. Pure argument handling and printing; the work
 * is done by startServer and the app store, so tests drive this function directly.
 */
import { parseArgs } from 'node:util'
import { redactUrl } from '../../core/fork/redact.js'
import { AppsError, loadApps } from '../apps/appStore.js'
import { USE_CASES } from '../apps/types.js'
import type { ForkByNetwork } from '../node/coreNode.js'
import { DataDirectoryInUseError, DEFAULT_HOST, DEFAULT_PORT, startServer } from '../server.js'
import { apps } from './appsCommands.js'
import { type CliContext, CliError, type CliResult, common, dataDirOf, UsageError } from './context.js'
import { formatServeBanner } from './format.js'

export type { CliContext, CliIo, CliResult } from './context.js'

export const USAGE = `Usage:
  rsk-devnode [serve] [--port 4444] [--host 127.0.0.1] [--data-dir .data] [--profile rpc-api|rskj] [--fsync]
              [--fork NETWORK=URL[@BLOCK]]...   (continue mainnet or testnet from a live upstream)
  rsk-devnode apps create --name NAME [--description TEXT] --use-case ${USE_CASES.join('|')}
  rsk-devnode apps list
  rsk-devnode apps show APP [--json]
  rsk-devnode apps delete APP
  rsk-devnode apps allow APP [--origin https://app.example]... [--ip 10.0.0.0/8]... [--remove] [--clear]
  rsk-devnode apps jwt add APP --name KEY_NAME --key-file public.pem [--alg ES256]
  rsk-devnode apps jwt remove APP --name KEY_NAME
  rsk-devnode apps quota APP [--daily N] [--monthly N]     (0 removes a quota)
APP is an app's name, API key or id. Every command takes --data-dir.`

export async function runCli(argv: string[], context: CliContext): Promise<CliResult> {
  const { io } = context
  try {
    return await dispatch(argv, context)
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message)
      io.err(USAGE)
      return { exitCode: 2 }
    }
    if (error instanceof AppsError || error instanceof CliError || isParseArgsError(error)) {
      io.err(`error: ${(error as Error).message}`)
      return { exitCode: 1 }
    }
    throw error
  }
}

function isParseArgsError(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS')
  )
}

async function dispatch(argv: string[], context: CliContext): Promise<CliResult> {
  const [command, ...rest] = argv
  // No command (or only options) means serve: `npx rsk-devnode` and `npm start` just work.
  if (command === undefined || (command.startsWith('--') && command !== '--help')) return serve(argv, context)
  if (command === 'help' || command === '--help' || command === '-h') {
    context.io.out(USAGE)
    return { exitCode: 0 }
  }
  if (command === 'serve') return serve(rest, context)
  if (command === 'apps') return apps(rest, context)
  throw new UsageError(`unknown command "${command}"`)
}

async function serve(args: string[], context: CliContext): Promise<CliResult> {
  const { values } = parseArgs({
    args,
    options: {
      ...common,
      port: { type: 'string' },
      host: { type: 'string' },
      profile: { type: 'string' },
      fsync: { type: 'boolean' },
      fork: { type: 'string', multiple: true },
    },
    strict: true,
  })
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port ${values.port} is not a port`)
  const profile = values.profile
  if (profile !== undefined && profile !== 'rpc-api' && profile !== 'rskj') {
    throw new UsageError(
      `--profile ${profile}: use rpc-api (the hosted service, default) or rskj (a self-run RSKj)`,
    )
  }
  const forks = parseForks(values.fork ?? [])
  const dataDir = dataDirOf(values, context)
  const host = values.host ?? DEFAULT_HOST
  const server = await startServer({
    dataDir,
    nodeFactory: context.nodeFactory({ profile, forks }),
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
      )
    if (forks[network]) throw new UsageError(`--fork ${network} is given twice: one upstream per network`)
    const url = match[2]!
    if (!/^https?:\/\//.test(url))
      throw new UsageError(`--fork ${network}: ${redactUrl(url)} is not an http(s) address`)
    forks[network] = { url, ...(match[3] === undefined ? {} : { blockNumber: BigInt(match[3]) }) }
  }
  return forks
}
