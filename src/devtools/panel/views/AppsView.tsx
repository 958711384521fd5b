/** Every origin that used the provider: requests, success rate, granted accounts, revoke. */
import { useMemo } from 'preact/hooks'
import { useAction, usePanelData, useServices } from '../context.js'
import { requestMetrics } from '../lib/requests.js'

export function AppsView() {
  const { requests, state } = usePanelData()
  const { connection } = useServices()
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
            <th />
          </tr>
        </thead>
        <tbody>
          {apps.map((app) => (
            <tr key={app.origin} data-testid="app-row">
              <td>{app.origin}</td>
              <td>{app.metrics.total}</td>
              <td>{(app.metrics.successRate * 100).toFixed(1)}%</td>
              <td class="mono">{app.accounts.join(', ') || '—'}</td>
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
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">
        The provider is injected into http://127.0.0.1, http://localhost, *.localhost and https pages (the
        extension manifest's content script matches).
      </p>
    </div>
  )
}
