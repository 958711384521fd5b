/** The panel: node controls on top, view tabs, the selected view, and a status bar. */
import { Component, type ComponentChildren } from 'preact'
import { useEffect } from 'preact/hooks'
import { BitcoinView } from './bitcoin/BitcoinView.js'
import { usePanelData, useServices } from './context.js'
import { type PanelData, requestCount, type ViewName } from './store.js'
import { AccountsView } from './views/AccountsView.js'
import { AppsView } from './views/AppsView.js'
import { BlocksView } from './views/BlocksView.js'
import { DetailPane } from './views/DetailPane.js'
import { FiltersView } from './views/FiltersView.js'
import { MempoolView } from './views/MempoolView.js'
import { RequestsView } from './views/RequestsView.js'
import { StorageUseStatus } from './views/StorageUse.js'
import { Toolbar } from './views/Toolbar.js'
import { TransactionsView } from './views/TransactionsView.js'

const VIEWS: Array<{ name: ViewName; label: string; render: () => preact.JSX.Element }> = [
  { name: 'blocks', label: 'Blocks', render: () => <BlocksView /> },
  { name: 'transactions', label: 'Transactions', render: () => <TransactionsView /> },
  { name: 'mempool', label: 'Mempool', render: () => <MempoolView /> },
  { name: 'filters', label: 'Filters', render: () => <FiltersView /> },
  { name: 'requests', label: 'Requests', render: () => <RequestsView /> },
  { name: 'accounts', label: 'Accounts', render: () => <AccountsView /> },
  { name: 'apps', label: 'Apps', render: () => <AppsView /> },
  { name: 'bitcoin', label: 'Bitcoin', render: () => <BitcoinView /> },
]

/** A view that throws shows its error instead of taking the whole panel down. */
class ViewBoundary extends Component<
  { children: ComponentChildren; view: string },
  { error: string | null }
> {
  override state = { error: null as string | null }
  override componentDidCatch(error: Error) {
    this.setState({ error: error.message })
  }
  override componentDidUpdate(previous: { view: string }) {
    if (previous.view !== this.props.view && this.state.error) this.setState({ error: null })
  }
  render() {
    return this.state.error ? <p class="error">This view failed: {this.state.error}</p> : this.props.children
  }
}

const detailKey = (detail: PanelData['detail']) => (detail ? JSON.stringify(detail) : '')

export function App() {
  const data = usePanelData()
  const { store } = useServices()
  const current = VIEWS.find((v) => v.name === data.view) ?? VIEWS[0]!

  useEffect(() => {
    // Alt+1…8 switches views from anywhere in the panel.
    const onKey = (e: KeyboardEvent) => {
      const index = Number(e.key) - 1
      if (e.altKey && VIEWS[index]) store.set({ view: VIEWS[index]!.name })
    }
    addEventListener('keydown', onKey)
    return () => removeEventListener('keydown', onKey)
  }, [])

  return (
    <div class="app">
      <Toolbar />
      <div class="tabs" role="tablist" aria-label="Views">
        {VIEWS.map((v, i) => (
          <button
            key={v.name}
            type="button"
            role="tab"
            aria-selected={v.name === current.name}
            title={`Alt+${i + 1}`}
            data-testid={`tab-${v.name}`}
            onClick={() => store.set({ view: v.name })}
          >
            {v.label}
            {v.name === 'mempool' && data.pending.length > 0 && (
              <span class="badge">{data.pending.length}</span>
            )}
          </button>
        ))}
      </div>
      <main>
        <div class="view-area">
          <ViewBoundary view={current.name}>{current.render()}</ViewBoundary>
        </div>
        <ViewBoundary view={detailKey(data.detail)}>
          <DetailPane />
        </ViewBoundary>
      </main>
      <footer class="status">
        <span data-testid="network">
          {data.state ? `${data.state.network} (${data.state.chainId})` : 'connecting…'}
        </span>
        <span data-testid="head">block {data.head}</span>
        <span data-testid="logged">Requests: {requestCount(data)}</span>
        <StorageUseStatus />
        {data.busy && <span>{data.busy}…</span>}
        {data.error && (
          <span class="error" data-testid="status-error">
            {data.error}
          </span>
        )}
      </footer>
    </div>
  )
}
