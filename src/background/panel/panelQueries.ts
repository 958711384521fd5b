/**
 * Panel requests that read the engine directly (RPC has no method that lists filters) and the
 * per-panel feed of engine events. The node opener exposes `engine` next to `request`; this
 * module reads it through a narrow structural type so the background keeps no engine import.
 */

import { isProfileName } from '../../core/network/profiles.js'
import {
  type FilterSummary,
  type NodeSettings,
  PANEL_EXTRA_KINDS,
  type PanelExtraRequest,
} from '../../shared/panelProtocol.js'
import type { BackgroundToPanel, NetworkId } from '../../shared/protocol.js'
import { CHAINS } from '../../wallet/chains.js'
import { InvalidParamsError } from '../../wallet/errors.js'
import type { InjectionControl } from '../injection.js'
import type { BackgroundService, PanelConnection } from '../service.js'
import { jsonSafe, toErrorPayload } from '../service.js'

/** RSKj FilterManager's idle timeout (src/core/filters/filterRegistry.ts). */
const FILTER_IDLE_MS = 5 * 60 * 1000

interface FilterRecordView {
  id: string
  kind: FilterSummary['kind']
  log?: unknown
  origin?: string
  createdAt: number
  lastPollAt: number
  cursorBlock: bigint
  cursorSeq: number
  removedLogs: unknown[]
}

type EngineEventView =
  | { type: 'block'; block: { header: { number: bigint }; hashHex: string; transactions: unknown[] } }
  | { type: 'pendingTransaction'; hash: Uint8Array }
  | { type: 'removedBlocks'; blocks: unknown[] }
  | { type: 'reset' }

/** The engine's mining mode (intervals in milliseconds; src/core/node/engine/settings.ts). */
type MiningModeSetting = { type: 'auto' | 'manual' } | { type: 'interval'; minMs: number; maxMs: number }

export interface PanelEngineView {
  head: { header: { number: bigint } }
  settings: { mining: MiningModeSetting }
  /** Set when the node leaves the REMASC transaction out of its blocks (absent on older engines). */
  omitRemascTransaction?: boolean
  filters: { list(): FilterRecordView[] }
  waitingChanges(filter: FilterRecordView): Promise<number>
  arrivals: { lastSeq: number }
  on(listener: (event: EngineEventView) => void): () => void
}

function engineOf(node: unknown): PanelEngineView {
  const engine = (node as { engine?: PanelEngineView }).engine
  if (!engine)
    throw Object.assign(new Error('This node does not expose its engine to the panel'), { code: -32601 })
  return engine
}

export function isPanelExtraRequest(message: unknown): message is PanelExtraRequest {
  const m = message as { kind?: unknown; id?: unknown } | null
  return !!m && typeof m.kind === 'string' && PANEL_EXTRA_KINDS.has(m.kind) && typeof m.id === 'number'
}

/** Installed filters; `waiting` is how many entries a poll would return now (logs, not blocks). */
export async function summarizeFilters(engine: PanelEngineView): Promise<FilterSummary[]> {
  return Promise.all(
    engine.filters.list().map(async (f) => ({
      id: f.id,
      kind: f.kind,
      criteria: f.log === undefined ? undefined : jsonSafe(f.log),
      origin: f.origin,
      createdAt: f.createdAt,
      lastPollAt: f.lastPollAt,
      expiresAt: f.lastPollAt + FILTER_IDLE_MS,
      waiting: await engine.waitingChanges(f),
    })),
  )
}

function feedMessage(network: NetworkId, event: EngineEventView): BackgroundToPanel {
  switch (event.type) {
    case 'block':
      return {
        kind: 'node',
        network,
        event: 'block',
        data: {
          number: `0x${event.block.header.number.toString(16)}`,
          hash: event.block.hashHex,
          transactions: event.block.transactions.length,
        },
      }
    case 'pendingTransaction':
      return {
        kind: 'node',
        network,
        event: 'pendingTransaction',
        data: jsonSafe({ hash: event.hash }),
      }
    case 'removedBlocks':
      return {
        kind: 'node',
        network,
        event: 'removedBlocks',
        data: { count: event.blocks.length },
      }
    case 'reset':
      return { kind: 'node', network, event: 'reset', data: null }
  }
}

const feeds = new WeakMap<PanelConnection, () => void>()

/** Stops a panel's feed; call when its Port disconnects. */
export function disconnectPanelFeed(panel: PanelConnection): void {
  feeds.get(panel)?.()
  feeds.delete(panel)
}

function injectionOf(service: BackgroundService): InjectionControl {
  if (!service.injection)
    throw Object.assign(new Error('Injection is managed by the extension only'), { code: -32601 })
  return service.injection
}

async function nodeSettings(service: BackgroundService): Promise<NodeSettings> {
  const network = await service.wallet.network()
  const node = await service.nodes.get(network)
  const settings = nodeSettingsOf(network, await service.profileOf(network), engineOf(node))
  const fork = node.fork?.()
  return fork ? { ...settings, fork } : settings
}

/** What the toolbar shows of a network's node: its profile, mining mode, and REMASC left out. */
export function nodeSettingsOf(
  network: NodeSettings['network'],
  profile: NodeSettings['profile'],
  engine: Pick<PanelEngineView, 'settings' | 'omitRemascTransaction'>,
): NodeSettings {
  const mining = engine.settings.mining
  return {
    network,
    profile,
    mining:
      mining.type === 'interval'
        ? {
            type: 'interval',
            seconds: mining.minMs / 1000,
            ...(mining.maxMs !== mining.minMs && { maxSeconds: mining.maxMs / 1000 }),
          }
        : { type: mining.type },
    ...(engine.omitRemascTransaction ? { remascOmitted: true as const } : {}),
  }
}

async function run(
  service: BackgroundService,
  panel: PanelConnection,
  message: PanelExtraRequest,
): Promise<unknown> {
  switch (message.kind) {
    case 'getInjection':
      return injectionOf(service).state()
    case 'addInjectionPattern':
      return injectionOf(service).add(message.pattern)
    case 'removeInjectionPattern':
      return injectionOf(service).remove(message.pattern)
    case 'getNodeSettings':
      return nodeSettings(service)
    case 'getFork':
      return service.fork()
    case 'setFork':
      return service.setFork(message.url, message.blockNumber)
    case 'resetToLocal':
      return service.resetToLocal()
    case 'setProfile':
      if (!isProfileName(message.profile))
        throw new InvalidParamsError(`Unknown profile ${String(message.profile)}: use rpc-api or rskj`)
      await service.setProfile(message.profile)
      return nodeSettings(service)
    case 'wipeNetwork':
      if (!CHAINS.some((c) => c.network === message.network))
        throw new InvalidParamsError(`Unknown network ${String(message.network)}`)
      await service.wipeNetwork(message.network)
      return null
  }
  const network = await service.wallet.network()
  const engine = engineOf(await service.nodes.get(network))
  switch (message.kind) {
    case 'listFilters':
      return summarizeFilters(engine)
    case 'watchChain': {
      disconnectPanelFeed(panel)
      // The service already streams block, pendingTransaction and reset to every panel (node
      // events); this feed adds what it does not: blocks removed by a snapshot revert.
      feeds.set(
        panel,
        engine.on((event) => {
          if (event.type === 'removedBlocks') panel.send(feedMessage(network, event))
        }),
      )
      return { network, head: `0x${engine.head.header.number.toString(16)}` }
    }
  }
}

export async function handlePanelExtra(
  service: BackgroundService,
  panel: PanelConnection,
  message: PanelExtraRequest,
): Promise<void> {
  try {
    panel.send({ kind: 'reply', id: message.id, result: await run(service, panel, message) })
  } catch (error) {
    panel.send({ kind: 'reply', id: message.id, error: toErrorPayload(error) })
  }
}
