/**
 * The HTTP JSON-RPC server: the specification's own transport over the same node the extension
 * runs. One persisted chain per network in the data directory, apps with API keys, allow lists,
 * JWT keys and quotas, metrics flushed periodically and on close.
 */
import { mkdir, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { NetworkName } from '../core/network/networks.js'
import { createAppRegistry } from './apps/appRegistry.js'
import { createApp, loadApps } from './apps/appStore.js'
import type { App } from './apps/types.js'
import { findDashboardDirectory } from './dashboard/dashboardRoute.js'
import { newSessionToken } from './dashboard/security.js'
import { createRequestHandler } from './http/handler.js'
import { loadMetrics, type MetricsBook, saveMetrics } from './metrics/metricsBook.js'
import { createNodeHost, type NodeFactory, SERVED_NETWORKS } from './node/nodeHost.js'
import { writeJsonFileAtomic } from './persist/jsonFile.js'

export const DEFAULT_PORT = 4444
export const DEFAULT_HOST = '127.0.0.1'
/** RSKj's `rpc.providers.web.http.max_aggregated_frame_size`. */
export const DEFAULT_BODY_LIMIT = 5_242_880
/** RSKj's `rpc.providers.web.max_batch_requests_size`. */
export const DEFAULT_MAX_BATCH = 50
export const DEFAULT_METRICS_FLUSH_MS = 5_000
/** How often the server looks for CLI edits of apps.json (one stat call). */
const APPS_REFRESH_MS = 1_000
/** How long close() lets requests in flight finish before cutting their sockets. */
const CLOSE_GRACE_MS = 2_000

/** Another server (another process) holds this data directory's chains. */
export class DataDirectoryInUseError extends Error {
  static readonly code = 'DATA_DIR_IN_USE'
  override name = 'DataDirectoryInUseError'
  constructor(readonly dataDir: string) {
    super(`the data directory ${dataDir} is in use by another rsk-devnode server`)
  }
}

export interface StartServerParameters {
  dataDir: string
  nodeFactory: NodeFactory
  /** 0 picks a free port. */
  port?: number
  host?: string
  bodyLimit?: number
  maxBatch?: number
  metricsFlushMs?: number
  /** Create a `dev` app when there is none (default true). */
  ensureDevApp?: boolean
  /** fsync each write (default false: writes survive a killed process, not a power loss). */
  syncWrites?: boolean
  /** Open every network's chain right after listening (default true) instead of on first use. */
  openChainsAtStart?: boolean
  now?: () => number
  /** Serve the dashboard at / (default true). */
  dashboard?: boolean
  /** Directory of the built dashboard page (default: found next to the server bundle or in dist/). */
  dashboardDirectory?: string
}

export interface RunningServer {
  /** Base address, e.g. http://127.0.0.1:4444 */
  url: string
  /** The dashboard's address (the base address with a trailing slash). */
  dashboardUrl: string
  port: number
  host: string
  dataDir: string
  /** The `dev` app when this start created it. */
  createdDevApp?: App
  /** Metrics as they are in memory (the admin endpoint serves the same). */
  metrics: MetricsBook
  rpcUrl(apiKey: string, network: NetworkName): string
  flushMetrics(): Promise<void>
  /** Re-reads apps.json now instead of within the next second. */
  refreshApps(): Promise<void>
  close(): Promise<void>
}

export function serverInfoPath(dataDir: string): string {
  return join(dataDir, 'server.json')
}

export async function startServer(parameters: StartServerParameters): Promise<RunningServer> {
  const { dataDir, nodeFactory, port = DEFAULT_PORT, host = DEFAULT_HOST } = parameters
  await mkdir(dataDir, { recursive: true })

  let createdDevApp: App | undefined
  if (parameters.ensureDevApp !== false && (await loadApps(dataDir)).length === 0) {
    createdDevApp = await createApp(dataDir, {
      name: 'dev',
      description: 'Created on first start',
      useCase: 'other',
    })
  }

  const book = await loadMetrics(dataDir)
  const registry = await createAppRegistry(dataDir, book)
  const nodes = createNodeHost({ dataDir, factory: nodeFactory, syncWrites: parameters.syncWrites })
  const handler = createRequestHandler({
    dataDir,
    dashboard:
      parameters.dashboard === false
        ? undefined
        : { token: newSessionToken(), directory: parameters.dashboardDirectory ?? findDashboardDirectory() },
    registry,
    nodes,
    book,
    now: parameters.now ?? Date.now,
    bodyLimit: parameters.bodyLimit ?? DEFAULT_BODY_LIMIT,
    maxBatch: parameters.maxBatch ?? DEFAULT_MAX_BATCH,
  })

  if (parameters.openChainsAtStart !== false) {
    // One chain opened before listening: LevelDB's lock tells at once whether another server
    // already uses this data directory, instead of every request failing later.
    await nodes.node('regtest').catch(async (error: unknown) => {
      await nodes.close()
      if ((error as { cause?: { code?: string } }).cause?.code === 'LEVEL_LOCKED') {
        throw new DataDirectoryInUseError(dataDir)
      }
      throw error
    })
  }

  const server: Server = createServer({ keepAlive: true }, handler)
  // RSKj answers with Connection: close; we keep connections open (Node's default) because a
  // client reusing its socket saves a TCP handshake per call. Idle sockets close after 65 s.
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (error: unknown) => {
    // Port in use or not allowed: release the chain opened above before reporting it.
    await nodes.close()
    throw error
  })
  let stopped = false
  if (parameters.openChainsAtStart !== false) {
    // Open the chains now, one after another, so the first request does not wait for a genesis;
    // a request that comes first simply joins the opening of its chain.
    void (async () => {
      for (const network of ['testnet', 'mainnet'] as const) {
        if (stopped) return
        await nodes.node(network).catch((error: unknown) => console.error(`rsk-devnode: ${network}:`, error))
      }
    })()
  }
  const address = server.address() as AddressInfo
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${urlHost}:${address.port}`
  await writeJsonFileAtomic(serverInfoPath(dataDir), {
    url,
    pid: process.pid,
    startedAt: new Date().toISOString(),
  })

  const flushMetrics = async () => {
    if (!book.dirty) return
    book.dirty = false
    await saveMetrics(dataDir, book)
  }
  let flushing: Promise<void> = Promise.resolve()
  const scheduleFlush = () => {
    flushing = flushing.then(flushMetrics).catch((error: unknown) => {
      book.dirty = true
      console.error('rsk-devnode server: could not write metrics', error)
    })
    return flushing
  }
  const flushTimer = setInterval(scheduleFlush, parameters.metricsFlushMs ?? DEFAULT_METRICS_FLUSH_MS)
  const appsTimer = setInterval(() => void registry.refresh().catch(() => {}), APPS_REFRESH_MS)
  flushTimer.unref()
  appsTimer.unref()

  let closing: Promise<void> | undefined
  return {
    url,
    dashboardUrl: `${url}/`,
    port: address.port,
    host: address.address,
    dataDir,
    createdDevApp,
    metrics: book,
    rpcUrl: (apiKey, network) => `${url}/${network}/${apiKey}`,
    flushMetrics: scheduleFlush,
    async refreshApps() {
      await registry.refresh()
    },
    close() {
      closing ??= (async () => {
        stopped = true
        clearInterval(flushTimer)
        clearInterval(appsTimer)
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        // Idle keep-alive sockets go now; requests in flight get a moment to finish.
        server.closeIdleConnections()
        const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        await closed
        clearTimeout(grace)
        await scheduleFlush()
        await nodes.close()
        await rm(serverInfoPath(dataDir), { force: true })
      })()
      return closing
    },
  }
}

export { SERVED_NETWORKS }
