/**
 * Every origin that used the provider (requests, success rate, granted accounts, revoke), and the
 * allow list of match patterns the provider is injected into (add, remove, all sites).
 */
import { useEffect, useMemo, useState } from 'preact/hooks'
import type { InjectionState } from '../../../shared/panelProtocol.js'
import { useAction, usePanelData, useServices } from '../context.js'
import { ALL_SITES, type Coverage, originCoverage, originPattern } from '../lib/injection.js'
import { requestMetrics } from '../lib/requests.js'

const label = (pattern: string) => (pattern === ALL_SITES ? 'All sites' : pattern)

const COVERAGE: Record<Coverage, string> = { all: 'yes', some: 'some pages', none: 'no' }

function AllowList() {
  const { injection } = usePanelData()
  const { connection, controller, store } = useServices()
  const act = useAction()
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => void controller.refreshInjection().catch(() => undefined), [])

  async function change(kind: 'addInjectionPattern' | 'removeInjectionPattern', pattern: string) {
    setProblem(null)
    try {
      store.set({ injection: await connection.request<InjectionState>({ kind, pattern }) })
      return true
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
      return false
    }
  }

  const patterns = injection?.patterns ?? []
  return (
    <section class="allow-list" data-testid="allow-list" aria-label="Injection allow list">
      <h3>Provider injected into</h3>
      <p class="muted">
        <code>window.ethereum</code> and the EIP-6963 announcement are added, before the page's first script,
        to pages whose URL matches one of these patterns. Changes apply to the next page load.
      </p>
      {injection === null ? (
        <p class="muted">Loading…</p>
      ) : (
        <ul>
          {patterns.map((pattern) => (
            <li key={pattern} data-testid="allow-pattern" data-pattern={pattern}>
              <span class={pattern === ALL_SITES ? 'all-sites' : 'mono'}>{label(pattern)}</span>
              <button
                type="button"
                aria-label={`Remove ${label(pattern)}`}
                data-testid="allow-remove"
                onClick={() => void act('Remove pattern', () => change('removeInjectionPattern', pattern))}
              >
                Remove
              </button>
            </li>
          ))}
          {patterns.length === 0 && (
            <li class="error" data-testid="allow-empty">
              Nowhere: no page gets the provider.
            </li>
          )}
        </ul>
      )}
      <form
        class="allow-add"
        onSubmit={(e) => {
          e.preventDefault()
          void act('Add pattern', async () => {
            if (await change('addInjectionPattern', draft)) setDraft('')
          })
        }}
      >
        <input
          aria-label="Match pattern"
          data-testid="allow-input"
          class="mono"
          size={32}
          placeholder="http://localhost:5173/*"
          value={draft}
          onInput={(e) => setDraft((e.currentTarget as HTMLInputElement).value)}
        />
        <button type="submit" data-testid="allow-add">
          Add
        </button>
        {injection && !injection.allSites && (
          <button
            type="button"
            data-testid="allow-all"
            onClick={() => void act('Allow all sites', () => change('addInjectionPattern', ALL_SITES))}
          >
            Allow all sites
          </button>
        )}
        <span class="muted small-note">
          e.g. <code>http://localhost:5173/*</code>, <code>https://*.example.com/*</code>,{' '}
          <code>all sites</code>
        </span>
      </form>
      {problem && (
        <p class="error" data-testid="allow-error">
          {problem}
        </p>
      )}
    </section>
  )
}

export function AppsView() {
  const { requests, state, injection } = usePanelData()
  const { connection, store } = useServices()
  const act = useAction()
  const apps = useMemo(() => {
    const origins = new Set([...requests.map((r) => r.origin), ...Object.keys(state?.permissions ?? {})])
    return [...origins].sort().map((origin) => ({
      origin,
      metrics: requestMetrics(requests.filter((r) => r.origin === origin)),
      accounts: state?.permissions[origin] ?? [],
    }))
  }, [requests, state])

  return (
    <div class="scroll">
      <table class="grid" data-testid="apps">
        <thead>
          <tr>
            <th>Origin</th>
            <th>Requests</th>
            <th>Success</th>
            <th>Granted accounts</th>
            <th title="Whether the provider is injected into this origin's pages (allow list below)">
              Injected
            </th>
            <th />
          </tr>
        </thead>
        <tbody>
          {apps.map((app) => {
            const pattern = originPattern(app.origin)
            const coverage = pattern && injection ? originCoverage(injection.patterns, app.origin) : null
            const canAllow = pattern !== null && coverage !== null && coverage !== 'all'
            return (
              <tr key={app.origin} data-testid="app-row">
                <td>{app.origin}</td>
                <td>{app.metrics.total}</td>
                <td>{(app.metrics.successRate * 100).toFixed(1)}%</td>
                <td class="mono">{app.accounts.join(', ') || '—'}</td>
                <td data-testid="app-injected" class={coverage === 'none' ? 'muted' : undefined}>
                  {coverage ? COVERAGE[coverage] : '—'}
                </td>
                <td>
                  {app.accounts.length > 0 && (
                    <button
                      type="button"
                      onClick={() =>
                        void act('Revoke', () =>
                          connection.request({ kind: 'revokeOrigin', origin: app.origin }),
                        )
                      }
                    >
                      Revoke
                    </button>
                  )}{' '}
                  {canAllow && (
                    <button
                      type="button"
                      data-testid="app-allow"
                      title={`Inject the provider into ${pattern}`}
                      onClick={() =>
                        void act('Allow origin', async () =>
                          store.set({
                            injection: await connection.request<InjectionState>({
                              kind: 'addInjectionPattern',
                              pattern: pattern!,
                            }),
                          }),
                        )
                      }
                    >
                      Allow
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <AllowList />
    </div>
  )
}
