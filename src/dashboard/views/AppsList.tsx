/** Every app with its use case, networks, requests today and success rate. */
import { type AppList, api } from '../api.js'
import { percent, USE_CASE_LABELS } from '../lib/format.js'
import { usePoll } from '../lib/usePoll.js'

export function AppsList() {
  const { data, error } = usePoll(() => api<AppList>('GET', 'apps'), 3000)
  return (
    <section class="card" aria-label="Apps">
      <div class="card-head">
        <h1>Apps</h1>
        <a class="button primary" href="#/new" data-testid="create-app">
          Create app
        </a>
      </div>
      {error && <p class="error">{error}</p>}
      {data === null ? (
        <p class="muted">Loading…</p>
      ) : data.apps.length === 0 ? (
        <p class="muted">No apps yet. Create one to get an API key and RPC addresses.</p>
      ) : (
        <table class="grid apps-table" data-testid="apps-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Use case</th>
              <th>Networks</th>
              <th class="num">Requests today</th>
              <th class="num">Success rate</th>
            </tr>
          </thead>
          <tbody>
            {data.apps.map((app) => (
              <tr key={app.id} data-testid="app-row" data-app={app.name}>
                <td>
                  <a href={`#/apps/${app.id}/networks`}>{app.name}</a>
                  {app.description && <div class="muted small-text">{app.description}</div>}
                </td>
                <td>{USE_CASE_LABELS[app.useCase] ?? app.useCase}</td>
                <td>
                  {app.networks.map((network) => (
                    <span key={network} class={`chip net-${network}`}>
                      {network}
                    </span>
                  ))}
                </td>
                <td class="num" data-testid="requests-today">
                  {app.requestsToday}
                </td>
                <td class="num">{percent(app.successRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
