/** A hash or address that opens its detail in the explorer pane (the full value on hover). */
import type { ComponentChildren } from 'preact'
import { useServices } from '../context.js'
import type { ExploreTarget } from '../lib/explore.js'
import { shortHash } from '../lib/format.js'

function rawOf(target: ExploreTarget): string {
  switch (target.kind) {
    case 'block':
      return String(target.id)
    case 'tx':
      return target.hash
    case 'address':
      return target.address
    case 'notFound':
      return target.query
  }
}

export function ExploreLink({
  target,
  children,
  testId,
}: {
  target: ExploreTarget
  children?: ComponentChildren
  testId?: string
}) {
  const { store } = useServices()
  const raw = rawOf(target)
  return (
    <button
      type="button"
      class="link mono"
      title={`${raw} (open)`}
      data-testid={testId}
      data-explore={target.kind}
      onClick={(e) => {
        // Rows of a list open their own detail on click: the link wins.
        e.stopPropagation()
        store.explore(target)
      }}
    >
      {children ?? shortHash(raw)}
    </button>
  )
}

export const BlockLink = ({ id, children }: { id: number | string; children?: ComponentChildren }) => (
  <ExploreLink target={{ kind: 'block', id }}>{children}</ExploreLink>
)

export const TxLink = ({ hash, children }: { hash: string; children?: ComponentChildren }) => (
  <ExploreLink target={{ kind: 'tx', hash }}>{children}</ExploreLink>
)

export const AddressLink = ({ address, children }: { address: string; children?: ComponentChildren }) => (
  <ExploreLink target={{ kind: 'address', address: address.toLowerCase() }}>{children}</ExploreLink>
)
