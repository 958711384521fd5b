/**
 * Log filter criteria and matching (spec "Log filter object"): addresses are OR-ed, topics are
 * positional, `null` is a wildcard and a nested array is an OR of options.
 */

import type { Address } from '../util/hex.js'
import { equalBytes } from '../util/hex.js'

export interface LogCriteria {
  /** Empty means any address. */
  addresses: Address[]
  /** Per position: `null` matches anything, otherwise one of the listed topics. */
  topics: Array<Uint8Array[] | null>
}

export interface MatchableLog {
  address: Address
  topics: readonly Uint8Array[]
}

export function matchesLog(log: MatchableLog, criteria: LogCriteria): boolean {
  if (criteria.addresses.length > 0 && !criteria.addresses.includes(log.address)) return false
  for (let i = 0; i < criteria.topics.length; i++) {
    const options = criteria.topics[i]
    if (options === null || options === undefined || options.length === 0) continue
    const topic = log.topics[i]
    if (!topic) return false
    if (!options.some((option) => equalBytes(option, topic))) return false
  }
  return true
}
