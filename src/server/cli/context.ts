/** What every CLI command shares: its I/O, its result, its errors, the common options. */
import { resolve } from 'node:path'
import type { ProfileName } from '../../core/network/profiles.js'
import type { NodeFactory } from '../node/nodeHost.js'
import type { RunningServer } from '../server.js'

export interface CliIo {
  out(line: string): void
  err(line: string): void
}

export interface CliContext {
  io: CliIo
  /** The node behind `serve` (the bin passes core's createNode; tests a stand-in). */
  nodeFactory: (options: { profile?: ProfileName }) => NodeFactory
  /** Default data directory (the bin passes RSK_DEVNODE_DATA_DIR or ./.data). */
  defaultDataDir?: string
}

export interface CliResult {
  exitCode: number
  /** Set by `serve`: the caller keeps the process alive and closes it on a signal. */
  server?: RunningServer
}

/** A command line that is wrong: printed with the usage of the command, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The usage to print (the command's own; the whole usage when not given). */
    readonly usage?: string,
  ) {
    super(message)
  }
}
/** A failure the user can fix (port in use…): printed as one line, exit code 1. */
export class CliError extends Error {}

export const common = { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const

export function dataDirOf(values: { 'data-dir'?: string }, context: CliContext): string {
  return resolve(values['data-dir'] ?? context.defaultDataDir ?? '.data')
}
