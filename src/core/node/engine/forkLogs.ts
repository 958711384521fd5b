/**
 * Log queries on a forked chain: the part of the range at or below the fork block is the
 * upstream's (one `eth_getLogs` with the same criteria, fetched once and kept), the rest is this
 * chain's. Both are handed to `queryLogs` as one block source, so the merged result is in block
 * order and the profile's limits apply to it as a whole, as on a chain that never forked.
 */
import type { LogCriteria } from '../../filters/logMatch.js'
import { bytesToHex } from '../../util/hex.js'
import {
  ALL_PARTS,
  type BlockLogSource,
  type LogLimitPolicy,
  type LogQuery,
  type LogSection,
  queryLogs,
} from '../logQuery.js'
import type { ChainReader } from './chainReader.js'
import type { Engine } from './engine.js'
import { upstreamLogView } from './upstreamViews.js'
import type { LogView } from './views.js'

const NO_LOGS = new Uint8Array(256)
/** Stands for an upstream block that has matching logs: the upstream already filtered them. */
const SOME_LOGS = new Uint8Array(256).fill(0xff)
const NO_LOGS_SECTION: LogSection = { bloom: NO_LOGS, parts: 0 }
/** Upstream sections with matching logs: their parts are looked at one by one. */
const SOME_LOGS_SECTION: LogSection = { bloom: SOME_LOGS, parts: ALL_PARTS }

/** `queryLogs` over this chain and, below a fork block, its upstream. */
export async function queryChainLogs(
  engine: Pick<Engine, 'fork' | 'reader'>,
  query: LogQuery,
  policy: LogLimitPolicy,
): Promise<LogView[]> {
  return queryLogs(await logSourceFor(engine, query, policy), query, policy)
}

async function logSourceFor(
  engine: Pick<Engine, 'fork' | 'reader'>,
  query: LogQuery,
  policy: LogLimitPolicy,
): Promise<BlockLogSource> {
  const fork = engine.fork
  const first = query.from < query.to ? query.from : query.to
  const last = query.from < query.to ? query.to : query.from
  if (!fork || first > fork.point.blockNumber) return engine.reader
  // A range the profile refuses is refused before anything is asked of the upstream.
  if (policy.kind === 'rskj' && query.to - query.from > policy.maxBlocks) return engine.reader
  const forkBlock = fork.point.blockNumber
  const logs = await fork.history.logs({
    fromBlock: first,
    toBlock: last < forkBlock ? last : forkBlock,
    address: query.criteria.addresses,
    topics: wireTopics(query.criteria),
  })
  const byBlock = new Map<bigint, LogView[]>()
  for (const log of logs.map(upstreamLogView)) {
    const list = byBlock.get(log.blockNumber) ?? []
    list.push(log)
    byBlock.set(log.blockNumber, list)
  }
  return mergedSource(engine.reader, forkBlock, byBlock)
}

function mergedSource(
  reader: ChainReader,
  forkBlock: bigint,
  upstream: Map<bigint, LogView[]>,
): BlockLogSource {
  const bloom = (n: bigint) => (upstream.has(n) ? SOME_LOGS : NO_LOGS)
  const sectionBloom = (start: bigint, size: bigint) => {
    for (let n = start; n < start + size; n++) if (upstream.has(n)) return SOME_LOGS_SECTION
    return NO_LOGS_SECTION
  }
  return {
    bloom: async (n) => (n <= forkBlock ? bloom(n) : reader.bloom(n)),
    logs: async (n) => (n <= forkBlock ? (upstream.get(n) ?? []) : reader.logs(n)),
    cachedBloom: (n) => (n <= forkBlock ? bloom(n) : reader.cachedBloom(n)),
    cachedLogs: (n) => (n <= forkBlock ? (upstream.get(n) ?? []) : reader.cachedLogs(n)),
    sectionBloom: async (start, size) => {
      if (start + size - 1n <= forkBlock) return sectionBloom(start, size)
      return start > forkBlock ? reader.sectionBloom(start, size) : undefined
    },
    cachedSectionBloom: (start, size) => {
      if (start + size - 1n <= forkBlock) return sectionBloom(start, size)
      return start > forkBlock ? reader.cachedSectionBloom(start, size) : undefined
    },
  }
}

/** The criteria's topics as `eth_getLogs` takes them (`null` for "any"). */
function wireTopics(criteria: LogCriteria): Array<string[] | null> {
  const topics = criteria.topics.map((options) =>
    options === null || options === undefined || options.length === 0 ? null : options.map(bytesToHex),
  )
  while (topics.length > 0 && topics[topics.length - 1] === null) topics.pop()
  return topics
}
