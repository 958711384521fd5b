/** A Bitcoin block or transaction that opens in the Bitcoin view's detail (the full hash on hover). */
import type { ComponentChildren } from 'preact'
import { shortHash } from '../lib/format.js'
import type { BtcTarget } from './btcStore.js'
import { useBtc } from './context.js'

function BtcLink({
  target,
  raw,
  children,
  testId,
}: {
  target: BtcTarget
  raw: string
  children?: ComponentChildren
  testId?: string
}) {
  const { store } = useBtc()
  return (
    <button
      type="button"
      class="link mono"
      title={`${raw} (open)`}
      data-testid={testId}
      data-btc-explore={target.kind}
      onClick={(e) => {
        // Rows of a list open their own detail on click: the link wins.
        e.stopPropagation()
        store.open(target)
      }}
    >
      {children ?? shortHash(raw, 6)}
    </button>
  )
}

export const BtcTxLink = ({
  txid,
  children,
  testId,
}: {
  txid: string
  children?: ComponentChildren
  testId?: string
}) => (
  <BtcLink target={{ kind: 'tx', txid }} raw={txid} testId={testId}>
    {children}
  </BtcLink>
)

export const BtcBlockLink = ({ hash, children }: { hash: string; children?: ComponentChildren }) => (
  <BtcLink target={{ kind: 'block', hash }} raw={hash}>
    {children}
  </BtcLink>
)
