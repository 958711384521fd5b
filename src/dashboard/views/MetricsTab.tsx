/**
 * Success rate, total requests, per-method counts with latency p50/p99, errors by code, refusals,
 * and requests per day over the last 30 days. The app view refreshes it every 1.5 s.
 */
import type { AppDetail, LatencySummary } from '../api.js'
import { DayChart } from '../components/DayChart.js'
import { percent } from '../lib/format.js'

const REFUSALS: Record<string, string> = {
  origin: 'Origin not on the allow list',
  ip: 'IP not on the allow list',
  jwtMissing: 'JWT missing',
  jwtInvalid: 'JWT invalid',
  dailyQuota: 'Daily quota exceeded',
  monthlyQuota: 'Monthly quota exceeded',
  network: 'Network not activated',
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${value} ms`)

export function MetricsTab({ detail }: { detail: AppDetail }) {
  const { metrics } = detail
  const methods = new Map<string, { count: number; latency?: LatencySummary }>()
  const codes = new Map<string, number>()
  for (const network of Object.values(metrics.networks)) {
    for (const [method, count] of Object.entries(network.methods)) {
      const entry = methods.get(method) ?? { count: 0 }
      entry.count += count
      // With several networks, the busiest network's latency stands for the method.
      const latency = network.methodLatency[method]
      if (latency && (!entry.latency || latency.count > entry.latency.count)) entry.latency = latency
      methods.set(method, entry)
    }
    for (const [code, count] of Object.entries(network.errorCodes))
      codes.set(code, (codes.get(code) ?? 0) + count)
  }
  const refusals = Object.entries(metrics.rejections).filter(([, count]) => count > 0)
  const today = new Date().toISOString().slice(0, 10)
  return (
    <div>
      <div class="tiles">
        <div class="tile">
          <span class="muted">Success rate</span>
          <strong data-testid="success-rate">{percent(metrics.successRate)}</strong>
        </div>
        <div class="tile">
          <span class="muted">Total requests</span>
          <strong data-testid="total-requests">{metrics.total}</strong>
        </div>
        <div class="tile">
          <span class="muted">Today</span>
          <strong data-testid="today-requests">{metrics.requestsToday}</strong>
        </div>
        <div class="tile">
          <span class="muted">Refused before the node</span>
          <strong data-testid="refused">{refusals.reduce((sum, [, count]) => sum + count, 0)}</strong>
        </div>
      </div>
      <h2>Requests per day (last 30 days, UTC)</h2>
      <DayChart days={metrics.days} today={today} />
      <div class="columns">
        <div>
          <h2>Methods</h2>
          {methods.size === 0 ? (
            <p class="muted">No requests yet.</p>
          ) : (
            <table class="grid" data-testid="methods-table">
              <thead>
                <tr>
                  <th>Method</th>
                  <th class="num">Calls</th>
                  <th class="num">p50</th>
                  <th class="num">p99</th>
                </tr>
              </thead>
              <tbody>
                {[...methods]
                  .sort((a, b) => b[1].count - a[1].count)
                  .map(([method, entry]) => (
                    <tr key={method} data-testid="method-row" data-method={method}>
                      <td class="mono">{method}</td>
                      <td class="num" data-testid="method-count">
                        {entry.count}
                      </td>
                      <td class="num">{ms(entry.latency?.p50Ms)}</td>
                      <td class="num">{ms(entry.latency?.p99Ms)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          )}
        </div>
        <div>
          <h2>Errors by code</h2>
          {codes.size === 0 ? (
            <p class="muted">No errors.</p>
          ) : (
            <table class="grid" data-testid="errors-table">
              <tbody>
                {[...codes].map(([code, count]) => (
                  <tr key={code} data-testid="error-row" data-code={code}>
                    <td class="mono">{code}</td>
                    <td class="num">{count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>Refused</h2>
          {refusals.length === 0 ? (
            <p class="muted">Nothing refused.</p>
          ) : (
            <table class="grid" data-testid="refusals-table">
              <tbody>
                {refusals.map(([reason, count]) => (
                  <tr key={reason} data-testid="refusal-row" data-reason={reason}>
                    <td>{REFUSALS[reason] ?? reason}</td>
                    <td class="num">{count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </div>
  )
}
