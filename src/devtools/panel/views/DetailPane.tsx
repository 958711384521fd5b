/**
 * The explorer's detail pane, beside whichever view is open: the block, transaction or address a
 * link or the search box opened, or what a search did not find. "Back" returns to the previous one.
 */
import { usePanelData, useServices } from '../context.js'
import type { ExploreTarget } from '../lib/explore.js'
import { AddressDetail } from './AddressDetail.js'
import { BlockDetail } from './BlockDetail.js'
import { TransactionDetail } from './TransactionDetail.js'

function Content({ target }: { target: ExploreTarget }) {
  switch (target.kind) {
    case 'block':
      return <BlockDetail id={target.id} />
    case 'tx':
      return <TransactionDetail hash={target.hash} />
    case 'address':
      return <AddressDetail address={target.address} />
    case 'notFound':
      return (
        <section data-testid="search-not-found">
          <h2>Nothing found</h2>
          <p>
            <span class="mono">{target.query || '(empty)'}</span>: {target.reason}.
          </p>
          <p class="muted">
            The search box finds a block number (decimal or 0x), a block hash, a transaction hash (32 bytes)
            or an address (20 bytes) on the selected network.
          </p>
        </section>
      )
  }
}

/** A stable key per target: switching targets remounts the detail, so no stale answer shows. */
function keyOf(target: ExploreTarget): string {
  switch (target.kind) {
    case 'block':
      return `block:${target.id}`
    case 'tx':
      return `tx:${target.hash}`
    case 'address':
      return `address:${target.address}`
    case 'notFound':
      return `none:${target.query}`
  }
}

export function DetailPane() {
  const { detail, detailTrail } = usePanelData()
  const { store } = useServices()
  if (!detail) return null
  return (
    <aside class="detail" data-testid="detail-pane" aria-label="Detail">
      <header>
        <button
          type="button"
          data-testid="detail-back"
          disabled={detailTrail.length === 0}
          onClick={() => store.exploreBack()}
          aria-label="Back"
        >
          ←
        </button>
        <button
          type="button"
          data-testid="detail-close"
          onClick={() => store.closeDetail()}
          aria-label="Close"
        >
          ×
        </button>
      </header>
      <Content key={keyOf(detail)} target={detail} />
    </aside>
  )
}
