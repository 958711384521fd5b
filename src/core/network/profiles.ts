/**
 * The two behaviour profiles of the node (DESIGN.md §3, issue 8 "Profiles"), in one table:
 * - `rpc-api` (default): the hosted Rootstock RPC service of the specification.
 * - `rskj`: a self-run RSKj node (regtest defaults of RSKj 9.x).
 * Methods ask the profile; they never branch on its name.
 */
export type ProfileName = 'rpc-api' | 'rskj'

/**
 * The `eth_getLogs` / log-filter limits (structurally the chain engine's `LogLimitPolicy`):
 * - `range-or-cap` (rpc-api): a range of at most `freeRange` blocks returns any number of logs;
 *   a wider range is allowed but may return at most `maxLogs`.
 * - `rskj`: `toBlock − fromBlock > maxBlocks` is refused, and so are more than `maxLogs` matches,
 *   both -32012 with RSKj's texts.
 */
export type LogQueryLimits =
  | { kind: 'range-or-cap'; freeRange: bigint; maxLogs: number }
  | { kind: 'rskj'; maxBlocks: bigint; maxLogs: number }

export interface Profile {
  name: ProfileName
  /** `empty`: `eth_accounts` is always `[]` (the service stores no keys); `node`: the node's accounts. */
  ethAccounts: 'empty' | 'node'
  logs: LogQueryLimits
  /** Methods that refuse the `pending` block tag. Empty when `pending` is accepted everywhere. */
  pendingRefusedBy: ReadonlySet<string>
}

/** The five methods the specification says do not support `pending` yet ("Partial support"). */
export const SPEC_PENDING_UNSUPPORTED: readonly string[] = [
  'eth_getUncleCountByBlockNumber',
  'eth_getCode',
  'eth_getBlockByNumber',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
]

export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'rpc-api': {
    name: 'rpc-api',
    ethAccounts: 'empty',
    logs: { kind: 'range-or-cap', freeRange: 2_000n, maxLogs: 10_000 },
    pendingRefusedBy: new Set(SPEC_PENDING_UNSUPPORTED),
  },
  rskj: {
    name: 'rskj',
    ethAccounts: 'node',
    // RSKj reference.conf: rpc.logs.maxBlocksToQuery = 5000, rpc.logs.maxLogsToReturn = 20000.
    logs: { kind: 'rskj', maxBlocks: 5_000n, maxLogs: 20_000 },
    pendingRefusedBy: new Set(),
  },
}

export const DEFAULT_PROFILE: ProfileName = 'rpc-api'

export function isProfileName(value: unknown): value is ProfileName {
  return value === 'rpc-api' || value === 'rskj'
}
