/**
 * Turning a log filter's block bounds into a concrete range, with RSKj's rules (reference §5.3):
 * defaults `latest`/`latest`; `fromBlock: latest` scans only the best block; `earliest` is
 * genesis; `pending` as `fromBlock` yields nothing; bounds past the head stop at the head.
 */

import type { Engine } from './engine.js'
import type { BlockSpecifier } from './requests.js'

export interface LogRange {
  from: bigint
  to: bigint
}

export interface LogBounds {
  fromBlock?: BlockSpecifier
  toBlock?: BlockSpecifier
  blockHash?: Uint8Array
}

function boundNumber(engine: Engine, bound: BlockSpecifier | undefined): bigint | 'pending' {
  if (!bound) return engine.head.header.number
  if (bound.kind === 'number') return bound.number
  if (bound.tag === 'earliest') return 0n
  if (bound.tag === 'pending') return 'pending'
  return engine.head.header.number
}

/** The range to scan, or undefined when the filter can match nothing. */
export async function resolveLogRange(engine: Engine, bounds: LogBounds): Promise<LogRange | undefined> {
  if (bounds.blockHash) {
    // On a fork, a hash this chain does not know may name an upstream block below the fork block.
    const n =
      (await engine.reader.blockNumberOfHash(bounds.blockHash)) ??
      (await engine.fork?.history.blockNumberOfHash(bounds.blockHash))
    return n === undefined ? undefined : { from: n, to: n }
  }
  const head = engine.head.header.number
  const from = boundNumber(engine, bounds.fromBlock)
  if (from === 'pending') return undefined
  if (bounds.fromBlock?.kind === 'tag' && bounds.fromBlock.tag === 'latest') return { from: head, to: head }
  const toBound = boundNumber(engine, bounds.toBlock)
  const to = toBound === 'pending' || toBound > head ? head : toBound
  if (from > head) return undefined
  return { from, to }
}
