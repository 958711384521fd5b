/**
 * What every part of the HTTP request path shares: the apps, the nodes, the metrics and the limits.
 * A file of its own so that the handler and the endpoints it routes to (admin, dashboard) can both
 * name it without importing each other.
 */
import type { AppRegistry } from '../apps/appRegistry.js'
import type { MetricsBook } from '../metrics/metricsBook.js'
import type { NodeHost } from '../node/nodeHost.js'

export interface HandlerContext {
  /** Where apps.json and metrics.json live (the dashboard changes apps through the store). */
  dataDir: string
  registry: AppRegistry
  nodes: NodeHost
  book: MetricsBook
  /** Wall clock (ms); injected so tests can cross a quota day. */
  now: () => number
  /** Largest accepted body in bytes (RSKj: 5,242,880). */
  bodyLimit: number
  /** Largest accepted batch (RSKj: 50). */
  maxBatch: number
  /** The dashboard's session token and built files (undefined: no dashboard). */
  dashboard?: DashboardSettings
}

export interface DashboardSettings {
  /** Written into the page; every API call must send it back. */
  token: string
  /** Directory of the built page (index.html, assets/); undefined when it was not built. */
  directory: string | undefined
}
