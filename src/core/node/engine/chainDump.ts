/**
 * The whole chain as one JSON-serializable value (anvil_dumpState / anvil_loadState): every
 * stored record of this network — block records and their indexes, the state tries and flat
 * state at head, pooled transactions and the engine settings (mining mode, time, snapshots) —
 * as hex key/value pairs. Filters and the instance id are left out: they belong to the running
 * node, not to the chain.
 *
 * Loading replaces the chain atomically: one storage batch deletes every record not in the dump
 * and writes the dump; memory (head, state, caches, pool, settings) is then reopened from the
 * store. A dump of another chain id is refused.
 */

import { WorldState } from '../../state/worldState.js'
import { HOST_KEY_PREFIX, type KvOperation } from '../../storage/types.js'
import { bytesToHex, hexToBytes } from '../../util/hex.js'
import { stateOf } from './blockRecord.js'
import { bitcoinHashOf, type Engine } from './engine.js'
import { readHeadBlock } from './headBlock.js'
import { keys } from './keys.js'
import { decodeSettings } from './settings.js'

export const CHAIN_DUMP_FORMAT = 'rsk-devnode-chain/1'

export interface ChainDump {
  format: typeof CHAIN_DUMP_FORMAT
  chainId: number
  headNumber: string
  headHash: string
  /** `[key, 0x-hex value]` in key order. */
  entries: [string, string][]
}

const NODE_LOCAL_KEYS: ReadonlySet<string> = new Set([keys.filters, keys.identity])

export function dumpChain(engine: Engine): Promise<ChainDump> {
  return engine.mutex.run(async () => {
    await engine.saveSettings()
    const rows = await engine.kv.range({})
    return {
      format: CHAIN_DUMP_FORMAT,
      chainId: engine.network.chainId,
      headNumber: `0x${engine.head.header.number.toString(16)}`,
      headHash: bytesToHex(engine.head.hash),
      entries: rows
        .filter(([key]) => !NODE_LOCAL_KEYS.has(key) && !key.startsWith(HOST_KEY_PREFIX))
        .map(([key, value]) => [key, bytesToHex(value)]),
    }
  })
}

export class InvalidChainDumpError extends Error {}

/** Checks the shape of an untrusted dump; throws `InvalidChainDumpError` with what is wrong. */
export function parseChainDump(value: unknown, chainId: number): ChainDump {
  const dump = value as Partial<ChainDump> | null
  if (dump === null || typeof dump !== 'object' || dump.format !== CHAIN_DUMP_FORMAT)
    throw new InvalidChainDumpError(`not a chain dump of format ${CHAIN_DUMP_FORMAT}`)
  if (dump.chainId !== chainId)
    throw new InvalidChainDumpError(`the dump is of chain id ${dump.chainId}, this node is ${chainId}`)
  if (!Array.isArray(dump.entries)) throw new InvalidChainDumpError('the dump has no entries')
  for (const entry of dump.entries) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string')
      throw new InvalidChainDumpError('every entry must be a [key, hex value] pair')
  }
  // The highest block record is the head (headBlock.ts); dumps of older chains also name it.
  if (!dump.entries.some(([key]) => key.startsWith(keys.blockPrefix)))
    throw new InvalidChainDumpError('the dump has no head')
  return dump as ChainDump
}

export function loadChain(engine: Engine, dump: ChainDump): Promise<void> {
  return engine.mutex.run(async () => {
    const incoming = new Map(
      dump.entries
        .filter(([key]) => !key.startsWith(HOST_KEY_PREFIX))
        .map(([key, value]) => [key, hexToBytes(value)]),
    )
    const existing = await engine.kv.range({})
    const ops: KvOperation[] = []
    for (const [key] of existing)
      if (!incoming.has(key) && key !== keys.identity && !key.startsWith(HOST_KEY_PREFIX))
        ops.push({ type: 'delete', key })
    for (const [key, value] of incoming) ops.push({ type: 'put', key, value })
    await engine.kv.batch(ops)
    await reopen(engine)
    engine.emit({ type: 'reset' })
  })
}

/** Rebuilds the engine's memory from the store, as opening it does. */
async function reopen(engine: Engine): Promise<void> {
  const head = await readHeadBlock(engine.kv)
  if (!head) throw new Error('loaded chain has no head')
  engine.reader.clear()
  engine.legacyLayout.restart()
  engine.reader.head = head
  engine.reader.remember(head)
  engine.state = await WorldState.load(engine.kv, {
    fallback: engine.fork,
    headState: stateOf(head),
  })
  engine.parentBitcoinHash = bitcoinHashOf(head)
  const settings = await engine.kv.get(keys.settings)
  if (settings) engine.settings = decodeSettings(settings)
  engine.time.state = engine.settings.time
  engine.filters.clear()
  await engine.restorePool()
}
