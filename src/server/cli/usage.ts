/**
 * The usage of every command. `--help` / `-h` anywhere in a command prints its own text and does
 * nothing else; a wrong or unknown option prints it with the problem and exits 2.
 */
import { parseArgs } from 'node:util'
import { CHAIN_METHODS_SUMMARY } from '../apps/chainMethods.js'
import { USE_CASES } from '../apps/types.js'
import { type CliContext, type CliResult, UsageError } from './context.js'

const NETWORKS = 'mainnet|testnet|regtest'

export const COMMAND_USAGE = {
  serve: `rsk-devnode [serve] [--port 4444] [--host 127.0.0.1] [--data-dir .data] [--profile rpc-api|rskj]
                    [--client-version anvil|rskj] [--omit-remasc] [--fsync] [--fork NETWORK=URL[@BLOCK]]...
  Runs the HTTP JSON-RPC server and the dashboard (http://127.0.0.1:4444/ by default).
  For a Hardhat test suite: --profile rskj --omit-remasc (docs/hardhat.md).
  --fork continues a network from a live upstream's block (default its latest - 6); the key in
  URL is only ever shown redacted. Give a fork a data directory of its own.`,
  extension: `rsk-devnode extension --path [--firefox]
  Prints the folder of the unpacked extension installed with the package (Chromium by default;
  --firefox: the Firefox add-on): Load unpacked in chrome://extensions, or --load-extension=DIR.`,
  'apps create': `rsk-devnode apps create --name NAME --use-case ${USE_CASES.join('|')} [--description TEXT]
                         [--network ${NETWORKS}]... [--chain-methods on|off]
  Creates an app and prints its API key and RPC addresses. Without --network it gets all three.`,
  'apps list': `rsk-devnode apps list [--json]
  Every app with its use case, networks, requests today and success rate.`,
  'apps show': `rsk-devnode apps show APP [--json]
  An app's key, addresses, settings and metrics.`,
  'apps set': `rsk-devnode apps set APP [--name NAME] [--description TEXT] [--use-case ${USE_CASES.join('|')}]
                      [--network ${NETWORKS}]... [--chain-methods on|off]
  Changes an app. --network (repeatable) replaces the activated networks. --chain-methods off
  refuses the methods that change the shared chain (${CHAIN_METHODS_SUMMARY}).`,
  'apps regenerate-key': `rsk-devnode apps regenerate-key APP
  Gives the app a new API key; the old one stops working.`,
  'apps delete': `rsk-devnode apps delete APP
  Deletes the app; its API key stops working.`,
  'apps allow': `rsk-devnode apps allow APP [--origin https://app.example]... [--ip 10.0.0.0/8]... [--remove] [--clear]
  Adds (or with --remove takes out) origins and IPs of the allow list; --clear empties it (any).`,
  'apps jwt add': `rsk-devnode apps jwt add APP --name KEY_NAME --key-file public.pem [--alg ES256]
  Adds a JWT public key: the app's requests then need Authorization: Bearer <JWT>.`,
  'apps jwt remove': `rsk-devnode apps jwt remove APP --name KEY_NAME
  Removes a JWT key.`,
  'apps quota': `rsk-devnode apps quota APP [--daily N] [--monthly N]
  Sets request quotas per UTC day and month (0 removes one).`,
} as const

export type CommandName = keyof typeof COMMAND_USAGE

const FOOTER = "APP is an app's name, API key or id. Every command takes --data-dir DIR and --help."

export function usageOf(prefix: string): string {
  const lines = Object.entries(COMMAND_USAGE)
    .filter(([name]) => prefix === '' || name === prefix || name.startsWith(`${prefix} `))
    .map(([, text]) => `  ${text}`)
  return `Usage:\n${lines.join('\n')}\n${FOOTER}`
}

/** The whole usage: every command. */
export const USAGE = usageOf('')

/** True when the arguments ask for help (before a `--` that ends the options). */
export function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false
    if (arg === '--help' || arg === '-h') return true
  }
  return false
}

type ParseConfig = NonNullable<Parameters<typeof parseArgs>[0]>

/** parseArgs (strict by default), turning its errors (unknown option, missing value) into usage errors. */
export function parseCommand<T extends ParseConfig>(command: string, config: T) {
  try {
    return parseArgs<T>(config)
  } catch (error) {
    if (String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message, usageOf(command))
    }
    throw error
  }
}

/** Prints a usage text as the answer to --help. */
export function help(context: CliContext, text: string): CliResult {
  context.io.out(text)
  return { exitCode: 0 }
}
