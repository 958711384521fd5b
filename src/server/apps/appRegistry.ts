/**
 * The running server's view of the apps: API key → app with its compiled guard and its metrics,
 * kept in step with `apps.json` (which the CLI edits) by re-reading it when it changes.
 */
import { stat } from 'node:fs/promises'
import type { NetworkName } from '../../core/network/networks.js'
import type { AppMetrics, MetricsBook, NetworkCounters } from '../metrics/metricsBook.js'
import { appsFilePath, loadApps } from './appStore.js'
import { type AppGuard, compileGuard } from './guard.js'
import type { App } from './types.js'

export interface AppRuntime {
  app: App
  guard: AppGuard
  metrics: AppMetrics
  /** Counters per network, resolved once so the request path does no map lookups by name. */
  counters: Record<NetworkName, NetworkCounters>
  /** Whether the app's key is served on each network. */
  activated: Record<NetworkName, boolean>
}

export interface AppRegistry {
  byKey(apiKey: string): AppRuntime | undefined
  all(): AppRuntime[]
  /** Re-reads apps.json if it changed since the last read; true when something was reloaded. */
  refresh(): Promise<boolean>
  /**
   * On a key miss: re-reads apps.json (the CLI may have created the app a moment ago) and looks
   * again. Rate-limited, so a flood of bad keys costs no disk reads.
   */
  lookupFresh(apiKey: string, nowMs: number): Promise<AppRuntime | undefined>
}

/** Unknown keys trigger a refresh at most this often. */
const UNKNOWN_KEY_REFRESH_MS = 200

export async function createAppRegistry(dataDir: string, book: MetricsBook): Promise<AppRegistry> {
  const path = appsFilePath(dataDir)
  let byKey = new Map<string, AppRuntime>()
  let fingerprint = ''

  const currentFingerprint = async () => {
    try {
      const info = await stat(path)
      return `${info.mtimeMs}:${info.size}:${info.ino}`
    } catch {
      return 'absent'
    }
  }

  const build = (apps: App[]) => {
    const next = new Map<string, AppRuntime>()
    for (const app of apps) {
      const metrics = book.app(app.id)
      next.set(app.apiKey, {
        app,
        guard: compileGuard(app),
        metrics,
        counters: {
          mainnet: metrics.network('mainnet'),
          testnet: metrics.network('testnet'),
          regtest: metrics.network('regtest'),
        },
        activated: {
          mainnet: app.networks.includes('mainnet'),
          testnet: app.networks.includes('testnet'),
          regtest: app.networks.includes('regtest'),
        },
      })
    }
    book.retainOnly(new Set(apps.map((app) => app.id)))
    byKey = next
  }

  let refreshing: Promise<boolean> | undefined
  const refresh = (): Promise<boolean> => {
    refreshing ??= (async () => {
      try {
        const seen = await currentFingerprint()
        if (seen === fingerprint) return false
        build(await loadApps(dataDir))
        fingerprint = seen
        return true
      } finally {
        refreshing = undefined
      }
    })()
    return refreshing
  }

  await refresh()
  let lastUnknownRefresh = 0

  return {
    byKey: (apiKey) => byKey.get(apiKey),
    all: () => [...byKey.values()],
    refresh,
    async lookupFresh(apiKey, nowMs) {
      if (nowMs - lastUnknownRefresh < UNKNOWN_KEY_REFRESH_MS) return undefined
      lastUnknownRefresh = nowMs
      await refresh()
      return byKey.get(apiKey)
    },
  }
}
