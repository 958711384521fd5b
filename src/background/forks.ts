/**
 * Forks in the extension. Which network forks which upstream is kept in the extension's
 * database (`nodeForks`: network → the URL with its key, and the fork block), so that a worker
 * that stops, or a browser that restarts, reopens the chain as the same fork; what the fork
 * fetched lives in the network's own chain store (`fork:<chain id>:<block>:` records, written by
 * core as it fetches), so nothing is fetched twice. The URL is kept whole (the node needs it) and
 * leaves the worker only redacted: panels get `ForkView.upstream`, the request log gets reset
 * parameters with the URL redacted, errors name the upstream as core's `redactUrl` writes it.
 */
import { redactUrl } from '../core/fork/redact.js'
import type { UpstreamTransport } from '../core/fork/upstreamClient.js'
import type { ForkView } from '../shared/panelProtocol.js'
import type { NetworkId } from '../shared/protocol.js'
import { InvalidParamsError, WalletError } from '../wallet/errors.js'
import type { WalletStore } from '../wallet/store.js'

/** Where each network's fork is kept, in the extension database. */
export const FORKS_KEY = 'nodeForks'

/** The methods that replace a chain, and with `{ forking: { jsonRpcUrl } }` make it a fork. */
export const RESET_METHODS: ReadonlySet<string> = new Set(['anvil_reset', 'hardhat_reset'])

export interface StoredFork {
  /** The upstream's address as given, key included. */
  url: string
  /** The fork block (decimal), fixed when the fork was made. */
  blockNumber: string
}

export interface ForkRequest {
  url: string
  blockNumber?: bigint
}

/** The extension may not reach the upstream's host: the user has to grant it. */
export class UpstreamAccessError extends WalletError {
  static override code = 4100
  constructor(pattern: string) {
    super(
      `The extension has no access to ${pattern}, the fork's upstream: allow it when the panel or the popup asks (press Fork there), or in the browser's settings of this extension.`,
      UpstreamAccessError.code,
    )
  }
}

/** The panel's and popup's fork form: an http(s) URL and an optional block number. */
export function parseForkRequest(url: unknown, blockNumber: unknown): ForkRequest {
  if (typeof url !== 'string' || url.trim() === '')
    throw new InvalidParamsError('url: expected the upstream JSON-RPC address (http or https)')
  const trimmed = url.trim()
  let protocol: string
  try {
    protocol = new URL(trimmed).protocol
  } catch {
    throw new InvalidParamsError(`url: ${redactUrl(trimmed)} is not an address`)
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new InvalidParamsError(`url: ${redactUrl(trimmed)} is not an http or https address`)
  if (blockNumber === undefined || blockNumber === null || blockNumber === '') return { url: trimmed }
  const text = String(blockNumber).trim()
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(text))
    throw new InvalidParamsError(
      `blockNumber: expected a block number (decimal or 0x hex), got ${JSON.stringify(text.slice(0, 40))}`,
    )
  return { url: trimmed, blockNumber: BigInt(text) }
}

/** The upstream a reset's parameters ask for, or `null` for a local chain (Hardhat's and Anvil's shape). */
export function forkUrlOf(params: unknown): string | null {
  const options = Array.isArray(params) ? params[0] : undefined
  const url = (options as { forking?: { jsonRpcUrl?: unknown } } | null | undefined)?.forking?.jsonRpcUrl
  return typeof url === 'string' && url !== '' ? url : null
}

/** A request's parameters as the request log keeps them: a reset's upstream URL redacted. */
export function redactLoggedParams(method: string, params: unknown): unknown {
  if (!RESET_METHODS.has(method) || forkUrlOf(params) === null) return params
  const [options, ...rest] = params as [{ forking: { jsonRpcUrl: string } }, ...unknown[]]
  const jsonRpcUrl = redactUrl(options.forking.jsonRpcUrl)
  return [{ ...options, forking: { ...options.forking, jsonRpcUrl } }, ...rest]
}

/** What the worker reads of core's ForkState (src/core/fork/forkState.ts). */
export interface ForkStateView {
  point: { upstream: string; blockNumber: bigint; blockHash: Uint8Array; chainId: bigint }
  progress: Omit<ForkView['progress'], 'inFlight'>
}

export function forkViewOf(fork: ForkStateView | undefined, inFlight: number): ForkView | null {
  if (!fork) return null
  const { point } = fork
  return {
    upstream: point.upstream,
    blockNumber: point.blockNumber.toString(),
    blockHash: `0x${Array.from(point.blockHash, (b) => b.toString(16).padStart(2, '0')).join('')}`,
    chainId: Number(point.chainId),
    progress: { ...fork.progress, inFlight },
  }
}

/** Counts the batches in flight and reports each start and end (the panels' progress). */
export function watchedTransport(inner: UpstreamTransport, onChange: (inFlight: number) => void) {
  let inFlight = 0
  const transport: UpstreamTransport = async (batch) => {
    onChange(++inFlight)
    try {
      return await inner(batch)
    } finally {
      onChange(--inFlight)
    }
  }
  return { transport, inFlight: () => inFlight }
}

/** The stored forks, read once per worker life and written through. */
export function createForkRecords(store: WalletStore) {
  let records: Promise<Partial<Record<NetworkId, StoredFork>>> | null = null
  const all = () => {
    records ??= store.get<Partial<Record<NetworkId, StoredFork>>>(FORKS_KEY).then((r) => r ?? {})
    records.catch(() => {
      records = null
    })
    return records
  }
  return {
    async get(network: NetworkId): Promise<StoredFork | undefined> {
      return (await all())[network]
    },
    async set(network: NetworkId, fork: StoredFork | undefined): Promise<void> {
      const next = { ...(await all()) }
      if (fork) next[network] = fork
      else delete next[network]
      await store.put(FORKS_KEY, next)
      records = Promise.resolve(next)
    },
  }
}

export type ForkRecords = ReturnType<typeof createForkRecords>
