/** One app: its name and key on top, then the Networks, Metrics and Settings tabs. */
import { type AppDetail, api } from '../api.js'
import { percent, USE_CASE_LABELS } from '../lib/format.js'
import { usePoll } from '../lib/usePoll.js'
import { MetricsTab } from './MetricsTab.js'
import { NetworksTab } from './NetworksTab.js'
import { SettingsTab } from './SettingsTab.js'

export type TabName = 'networks' | 'metrics' | 'settings'

const TABS: Array<{ name: TabName; label: string }> = [
  { name: 'networks', label: 'Networks' },
  { name: 'metrics', label: 'Metrics' },
  { name: 'settings', label: 'Settings' },
]

export function AppView({ id, tab }: { id: string; tab: TabName }) {
  // Metrics refresh live; the other tabs need fresh data only after a change.
  const { data, error, setData } = usePoll(
    () => api<AppDetail>('GET', `apps/${id}`),
    tab === 'metrics' ? 1500 : 10_000,
    [id, tab],
  )
  if (data === null) return <p class={error ? 'error' : 'muted'}>{error ?? 'Loading…'}</p>
  const { app } = data
  return (
    <section class="card" aria-label={`App ${app.name}`}>
      <p class="crumbs">
        <a href="#/">Apps</a> / {app.name}
      </p>
      <div class="card-head">
        <div>
          <h1 data-testid="app-title">{app.name}</h1>
          <p class="muted">
            {USE_CASE_LABELS[app.useCase] ?? app.useCase}
            {app.description && ` · ${app.description}`} · {data.metrics.total} requests ·{' '}
            {percent(data.metrics.successRate)} success
          </p>
        </div>
      </div>
      {error && <p class="error">{error}</p>}
      <div class="tabs" role="tablist" aria-label="App">
        {TABS.map((candidate) => (
          <button
            type="button"
            role="tab"
            key={candidate.name}
            data-testid={`tab-${candidate.name}`}
            aria-selected={candidate.name === tab}
            onClick={() => {
              location.hash = `#/apps/${id}/${candidate.name}`
            }}
          >
            {candidate.label}
          </button>
        ))}
      </div>
      <div class="tab-body">
        {tab === 'networks' && <NetworksTab detail={data} />}
        {tab === 'metrics' && <MetricsTab detail={data} />}
        {tab === 'settings' && <SettingsTab detail={data} onChange={setData} />}
      </div>
    </section>
  )
}
