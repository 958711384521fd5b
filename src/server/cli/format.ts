/** Text the CLI prints: app cards, the app table, the first-run banner. */
import type { NetworkName } from '../../core/network/networks.js'
import type { App } from '../apps/types.js'
import type { AppMetricsReport } from '../metrics/metricsBook.js'
import { SERVED_NETWORKS } from '../node/nodeHost.js'

/** One line per network the app is activated on. */
export function rpcAddresses(baseUrl: string, app: App): string[] {
  return SERVED_NETWORKS.filter((network) => app.networks.includes(network)).map(
    (network) => `    ${network.padEnd(8)} ${rpcAddress(baseUrl, app, network)}`,
  )
}

export function rpcAddress(baseUrl: string, app: App, network: NetworkName): string {
  return `${baseUrl}/${network}/${app.apiKey}`
}

export function curlLine(url: string): string {
  const body = '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}'
  return `curl -s -X POST -H 'Content-Type: application/json' --data '${body}' ${url}`
}

export function formatCreated(baseUrl: string, app: App): string[] {
  return [
    `Created app "${app.name}" (${app.useCase})`,
    `  API key: ${app.apiKey}`,
    '  RPC addresses:',
    ...rpcAddresses(baseUrl, app),
  ]
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`

export function formatApp(baseUrl: string, app: App, report: AppMetricsReport): string[] {
  const lines = [
    `App "${app.name}"  (id ${app.id})`,
    `  use case:    ${app.useCase}`,
    `  description: ${app.description || '-'}`,
    `  networks:    ${app.networks.join(', ')}`,
    `  chain-changing methods: ${app.chainMethods ? 'allowed' : 'refused'}`,
    `  created:     ${app.createdAt}`,
    `  API key:     ${app.apiKey}`,
    '  RPC addresses (also /<network>/v2/<key>):',
    ...rpcAddresses(baseUrl, app),
    `  allow list:  origins ${listOrAny(app.allowList.origins)}; IPs ${listOrAny(app.allowList.ips)}`,
    `  JWT keys:    ${app.jwtKeys.length === 0 ? 'none' : app.jwtKeys.map((key) => `${key.name} (${key.algorithm})`).join(', ')}`,
    `  quota:       daily ${app.quota.daily ?? 'unlimited'} (used ${report.usage.dayCount} on ${report.usage.day || '-'}),` +
      ` monthly ${app.quota.monthly ?? 'unlimited'} (used ${report.usage.monthCount} in ${report.usage.month || '-'})`,
    '  metrics:',
  ]
  const networks = Object.entries(report.networks).filter(([, metrics]) => metrics.total > 0)
  if (networks.length === 0) lines.push('    no requests yet')
  for (const [network, metrics] of networks) {
    const { latency } = metrics
    lines.push(
      `    ${network}: ${metrics.total} requests, ${percent(metrics.successRate)} success, ` +
        `latency p50 ${latency.p50Ms} ms, p90 ${latency.p90Ms} ms, p99 ${latency.p99Ms} ms`,
    )
    const methods = Object.entries(metrics.methods).map(([method, count]) => `${method} ${count}`)
    lines.push(`      ${methods.join(', ')}`)
  }
  const refusals = Object.entries(report.rejections).filter(([, count]) => (count ?? 0) > 0)
  if (refusals.length > 0)
    lines.push(`  refused:     ${refusals.map(([reason, count]) => `${reason} ${count}`).join(', ')}`)
  return lines
}

/** The current UTC day, as quota usage names it. */
function today(): string {
  return new Date().toISOString().slice(0, 10)
}

function listOrAny(list: string[]): string {
  return list.length === 0 ? 'any' : list.join(', ')
}

export function formatAppTable(rows: Array<{ app: App; report: AppMetricsReport }>): string[] {
  if (rows.length === 0) return ['No apps. Create one: rsk-devnode apps create --name NAME --use-case defi']
  const table = rows.map(({ app, report }) => {
    const totals = Object.values(report.networks).reduce(
      (sum, metrics) => ({ total: sum.total + metrics.total, success: sum.success + metrics.success }),
      { total: 0, success: 0 },
    )
    return [
      app.name,
      app.useCase,
      app.networks.join(','),
      app.apiKey,
      String(report.usage.day === today() ? report.usage.dayCount : 0),
      String(totals.total),
      totals.total === 0 ? '-' : percent(totals.success / totals.total),
    ]
  })
  const header = ['NAME', 'USE CASE', 'NETWORKS', 'API KEY', 'TODAY', 'REQUESTS', 'SUCCESS']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()
  return [line(header), ...table.map(line)]
}

export function formatServeBanner(
  baseUrl: string,
  dataDir: string,
  devApp: App | undefined,
  apps: App[],
): string[] {
  const lines = [
    `rsk-devnode HTTP JSON-RPC server on ${baseUrl}  (data: ${dataDir})`,
    `Dashboard: ${baseUrl}/  (create apps, see their addresses and metrics, change their settings)`,
  ]
  if (devApp) {
    lines.push(
      `No app existed, so an app "dev" was created. Its API key: ${devApp.apiKey}`,
      '  RPC addresses:',
      ...rpcAddresses(baseUrl, devApp),
      '  Try it:',
      `    ${curlLine(rpcAddress(baseUrl, devApp, 'regtest'))}`,
    )
  } else {
    lines.push(
      `${apps.length} app(s): ${apps.map((app) => app.name).join(', ')}  (rsk-devnode apps show NAME)`,
    )
    const first = apps[0]
    if (first) lines.push(`  e.g. ${curlLine(rpcAddress(baseUrl, first, 'regtest'))}`)
  }
  lines.push(`Admin metrics: ${baseUrl}/admin/metrics   Stop: Ctrl+C`)
  return lines
}
