/**
 * Opens a forked node's view of its upstream: the client, the fork point and the cache. The fork
 * point is fixed the first time a store is forked (the upstream's latest block minus a safety
 * margin unless a block is given) and recorded in the store, so a restart neither asks the
 * upstream anything nor moves the fork, and works with the upstream gone.
 */
import type { KeyValueStore } from '../storage/types.js'
import { bytesToHex, hexToBytes } from '../util/hex.js'
import { ForkChainMismatchError, ForkError } from './errors.js'
import { createFetchTransport, platformSleep } from './fetchTransport.js'
import { type ForkPoint, ForkState } from './forkState.js'
import { UpstreamClient, type UpstreamTransport } from './upstreamClient.js'
import { type RemoteBlockHeader, UpstreamReads } from './upstreamReads.js'

export interface ForkOptions {
  /** The upstream's JSON-RPC address (it may end in an API key: it is only ever shown redacted). */
  url: string
  /** The block to fork at; default the upstream's latest minus `FORK_SAFETY_MARGIN`. */
  blockNumber?: bigint | number
  /** Extra HTTP headers for the upstream (an authorization header, say). */
  headers?: Record<string, string>
  /** Batches in flight at once; default 4. */
  maxConcurrency?: number
  /** How long one batch may take before it is retried; default 30 s. */
  timeoutMs?: number
  /** Retries of a failed batch; default 4. */
  retries?: number
  /** How batches reach the upstream; default one HTTP POST each through the platform's `fetch`. */
  transport?: UpstreamTransport
  /** The host's timer for timeouts and backoff; default the platform's abort timer. */
  sleep?: (ms: number) => Promise<void>
}

/** Blocks below the upstream's head a default fork starts at, so a reorg there does not pull the rug. */
export const FORK_SAFETY_MARGIN = 6n

/** Where the fork point is recorded in the node's store. */
export const FORK_POINT_KEY = 'meta:fork'

export async function openFork(
  options: ForkOptions,
  storage: KeyValueStore,
  network: { chainId: number },
  chainExists: boolean,
): Promise<ForkState> {
  const recorded = await storage.get(FORK_POINT_KEY)
  const wanted = options.blockNumber === undefined ? undefined : BigInt(options.blockNumber)
  if (recorded) {
    const reads = upstreamReadsFor(options)
    const point = decodeForkPoint(recorded, reads.client.upstream)
    if (wanted !== undefined && wanted !== point.blockNumber)
      throw new ForkError(
        `this store holds a fork at block ${point.blockNumber}, not ${wanted}: use another store (or anvil_reset) to fork elsewhere`,
      )
    return ForkState.open(point, storage, reads)
  }
  if (chainExists)
    throw new ForkError('this store holds a local chain: a fork needs a store of its own (or anvil_reset)')
  return startFork(await connectFork(options, network), storage)
}

export interface ForkConnection {
  point: ForkPoint
  reads: UpstreamReads
  /** The fork block as the upstream answered it, with its transactions: the first of its history. */
  forkBlock: Record<string, unknown>
}

/**
 * Asks the upstream where a new fork starts (checking its chain id) without touching any store:
 * `anvil_reset` connects before it deletes the chain it replaces.
 */
export async function connectFork(
  options: ForkOptions,
  network: { chainId: number },
): Promise<ForkConnection> {
  const reads = upstreamReadsFor(options)
  const wanted = options.blockNumber === undefined ? undefined : BigInt(options.blockNumber)
  return { ...(await forkPointOf(reads, network, wanted)), reads }
}

/** Records `connection`'s fork point in `storage` and opens its cache there. */
export async function startFork(connection: ForkConnection, storage: KeyValueStore): Promise<ForkState> {
  const state = await ForkState.open(connection.point, storage, connection.reads)
  await state.history.remember(connection.forkBlock)
  await storage.put(FORK_POINT_KEY, encodeForkPoint(connection.point))
  return state
}

function upstreamReadsFor(options: ForkOptions): UpstreamReads {
  const client = new UpstreamClient({
    url: options.url,
    transport: options.transport ?? createFetchTransport(options.url, options.headers),
    sleep: options.sleep ?? platformSleep,
    maxConcurrency: options.maxConcurrency,
    timeoutMs: options.timeoutMs,
    retries: options.retries,
  })
  return new UpstreamReads(client)
}

async function forkPointOf(
  reads: UpstreamReads,
  network: { chainId: number },
  wanted: bigint | undefined,
): Promise<{ point: ForkPoint; forkBlock: Record<string, unknown> }> {
  const upstream = reads.client.upstream
  const chainId = await reads.chainId()
  if (chainId !== BigInt(network.chainId))
    throw new ForkChainMismatchError(upstream, chainId, BigInt(network.chainId))
  let blockNumber = wanted
  if (blockNumber === undefined) {
    const latest = await reads.blockNumber()
    blockNumber = latest > FORK_SAFETY_MARGIN ? latest - FORK_SAFETY_MARGIN : 0n
  }
  const block = await reads.block(blockNumber)
  if (!block) throw new ForkError(`fork upstream ${upstream} has no block ${blockNumber}`)
  const { header } = block
  return { point: { chainId, blockNumber, blockHash: header.hash, upstream, header }, forkBlock: block.raw }
}

function encodeForkPoint(point: ForkPoint): Uint8Array {
  const h = point.header
  const json = {
    chainId: point.chainId.toString(),
    header: {
      number: h.number.toString(),
      hash: bytesToHex(h.hash),
      parentHash: bytesToHex(h.parentHash),
      timestamp: h.timestamp.toString(),
      difficulty: h.difficulty.toString(),
      totalDifficulty: h.totalDifficulty.toString(),
      gasLimit: h.gasLimit.toString(),
      minimumGasPrice: h.minimumGasPrice.toString(),
    },
  }
  return new TextEncoder().encode(JSON.stringify(json))
}

function decodeForkPoint(bytes: Uint8Array, upstream: string): ForkPoint {
  const json = JSON.parse(new TextDecoder().decode(bytes)) as {
    chainId: string
    header: Record<keyof RemoteBlockHeader, string>
  }
  const h = json.header
  const header: RemoteBlockHeader = {
    number: BigInt(h.number),
    hash: hexToBytes(h.hash),
    parentHash: hexToBytes(h.parentHash),
    timestamp: BigInt(h.timestamp),
    difficulty: BigInt(h.difficulty),
    totalDifficulty: BigInt(h.totalDifficulty),
    gasLimit: BigInt(h.gasLimit),
    minimumGasPrice: BigInt(h.minimumGasPrice),
  }
  return {
    chainId: BigInt(json.chainId),
    blockNumber: header.number,
    blockHash: header.hash,
    upstream,
    header,
  }
}
