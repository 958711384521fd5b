/** Every filter installed on the node, with its criteria, age, expiry and waiting changes. */
import { useEffect } from 'preact/hooks'
import { useAction, usePanelData, useServices } from '../context.js'

function seconds(ms: number): string {
  return `${Math.max(0, Math.round(ms / 1000))}s`
}

export function FiltersView() {
  const { filters } = usePanelData()
  const { connection, controller } = useServices()
  const act = useAction()
  useEffect(() => void controller.refreshFilters().catch(() => undefined), [])
  const now = Date.now()

  return (
    <div class="scroll">
      <table class="grid" data-testid="filters">
        <thead>
          <tr>
            <th>Id</th>
            <th>Kind</th>
            <th>Criteria</th>
            <th>Origin</th>
            <th>Created</th>
            <th>Last poll</th>
            <th>Expires in</th>
            <th>Waiting</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {filters.length === 0 && (
            <tr>
              <td colSpan={9} class="muted">
                No filters installed.
              </td>
            </tr>
          )}
          {filters.map((f) => (
            <tr key={f.id} data-testid="filter-row">
              <td class="mono clip" title={f.id}>
                {f.id}
              </td>
              <td>{f.kind}</td>
              {/* Long ids and criteria are clipped (full text on hover) so every column stays in view. */}
              <td class="mono small clip" title={f.criteria ? JSON.stringify(f.criteria) : undefined}>
                {f.criteria ? JSON.stringify(f.criteria) : ''}
              </td>
              <td data-testid="filter-origin">{f.origin ?? '—'}</td>
              <td>{new Date(f.createdAt).toLocaleTimeString()}</td>
              <td>{seconds(now - f.lastPollAt)} ago</td>
              <td>{seconds(f.expiresAt - now)}</td>
              <td>{f.waiting}</td>
              <td>
                <button
                  type="button"
                  onClick={() =>
                    void act('Uninstall filter', async () => {
                      await connection.rpc('eth_uninstallFilter', [f.id])
                      await controller.refreshFilters()
                    })
                  }
                >
                  Uninstall
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
