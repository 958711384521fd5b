/**
 * The Bitcoin view: the simulated Bitcoin chain beside the RSK one. Its summary and actions on
 * top, then blocks, the federation, peg-ins and peg-outs, or the dev keys, with a detail pane for
 * a Bitcoin block or transaction. RSK transactions open in the panel's own detail pane.
 */
import { useEffect } from 'preact/hooks'
import { usePanelData } from '../context.js'
import { BtcBlocksList } from './BtcBlocksList.js'
import { BtcDetail } from './BtcDetail.js'
import { BtcSummary } from './BtcSummary.js'
import type { BtcSection } from './btcStore.js'
import { useBtc, useBtcData } from './context.js'
import { FederationSection } from './FederationSection.js'
import { KeysSection } from './KeysSection.js'
import { MempoolSection } from './MempoolSection.js'
import { PegsSection } from './PegsSection.js'
import './bitcoin.css'

const SECTIONS: Array<{ name: BtcSection; label: string }> = [
  { name: 'blocks', label: 'Blocks' },
  { name: 'mempool', label: 'Mempool' },
  { name: 'federation', label: 'Federation' },
  { name: 'pegs', label: 'Peg-ins & peg-outs' },
  { name: 'keys', label: 'Dev keys' },
]

function Section({ name }: { name: BtcSection }) {
  switch (name) {
    case 'blocks':
      return <BtcBlocksList />
    case 'mempool':
      return <MempoolSection />
    case 'federation':
      return <FederationSection />
    case 'pegs':
      return <PegsSection />
    case 'keys':
      return <KeysSection />
  }
}

export function BitcoinView() {
  const data = useBtcData()
  const { store, controller } = useBtc()
  const network = usePanelData().state?.network
  useEffect(() => {
    if (network) controller.setNetwork(network)
  }, [network])
  // Shown again: what happened while it was hidden is read now (RSK blocks refresh it from then on).
  useEffect(() => void controller.refresh(), [])
  const pegCount = data.pegs ? data.pegs.pegins.length + data.pegs.pegouts.length : 0

  return (
    <div class="btc-view" data-testid="bitcoin-view">
      <BtcSummary />
      {data.error && (
        <p class="error btc-error" data-testid="btc-error">
          {data.error}
        </p>
      )}
      <div class="btc-sections" role="tablist" aria-label="Bitcoin">
        {SECTIONS.map((s) => (
          <button
            key={s.name}
            type="button"
            role="tab"
            aria-selected={s.name === data.section}
            data-testid={`btc-section-${s.name}`}
            onClick={() => store.set({ section: s.name })}
          >
            {s.label}
            {s.name === 'pegs' && pegCount > 0 && <span class="badge">{pegCount}</span>}
            {s.name === 'mempool' && (data.info?.mempoolSize ?? 0) > 0 && (
              <span class="badge">{data.info?.mempoolSize}</span>
            )}
          </button>
        ))}
      </div>
      <div class="split">
        <div class="btc-main">
          <Section name={data.section} />
        </div>
        <BtcDetail />
      </div>
    </div>
  )
}
