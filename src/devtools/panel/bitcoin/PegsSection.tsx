/**
 * Peg-ins and peg-outs with their state on both chains: the Bitcoin transaction (opens here) and
 * the RSK transaction and block (open in the panel's own detail pane).
 */
import { AddressLink, BlockLink, TxLink } from '../components/ExploreLink.js'
import { BtcTxLink } from './BtcLinks.js'
import { formatSats } from './btcFormat.js'
import { useBtcData } from './context.js'
import type { BtcPegin, BtcPegout } from './types.js'

/** RSKj's release_request_rejected reasons (RejectedPegoutReason). */
const REJECTED_PEGOUT: Record<number, string> = {
  1: 'below the minimum',
  2: 'sent by a contract',
  3: 'fee above the value',
}

const Status = ({ status, title }: { status: string; title?: string }) => (
  <span class={`btc-status btc-status-${status}`} data-testid="btc-peg-status" title={title}>
    {status}
  </span>
)

/** An RSK transaction with its block, as links into the panel's RSK explorer. */
function RskTx({ hash, block }: { hash?: string; block?: string }) {
  if (!hash) return <>—</>
  const number = block === undefined ? undefined : Number(block)
  return (
    <>
      <TxLink hash={hash} />
      {number !== undefined && (
        <>
          {' in '}
          <BlockLink id={number}>{`#${number}`}</BlockLink>
        </>
      )}
    </>
  )
}

function PeginRow({ p }: { p: BtcPegin }) {
  return (
    <tr data-testid="btc-pegin-row">
      <td>
        <BtcTxLink txid={p.btcTxid} />
      </td>
      <td>{p.value === null ? '—' : formatSats(p.value)}</td>
      <td class="mono clip" title={p.sender ?? ''}>
        {p.sender ?? '—'}
      </td>
      <td>{p.confirmations}</td>
      <td>
        <Status status={p.status} />
      </td>
      <td>{p.recipient ? <AddressLink address={p.recipient} /> : '—'}</td>
      <td>
        <RskTx hash={p.rskTxHash} block={p.rskBlockNumber} />
      </td>
    </tr>
  )
}

function PegoutRow({ p }: { p: BtcPegout }) {
  const reason = p.reason === undefined ? undefined : (REJECTED_PEGOUT[p.reason] ?? `reason ${p.reason}`)
  return (
    <tr data-testid="btc-pegout-row">
      <td>
        <RskTx hash={p.rskTxHash} block={p.rskBlockNumber} />
      </td>
      <td>
        <AddressLink address={p.sender} />
      </td>
      <td>{formatSats(p.value)}</td>
      <td>
        <Status status={p.status} title={reason} />
        {reason && <span class="muted"> {reason}</span>}
      </td>
      <td class="mono clip" title={p.destination ?? ''}>
        {p.destination ?? '—'}
      </td>
      <td>
        {p.btcTxid ? <BtcTxLink txid={p.btcTxid} /> : '—'}
        {p.releaseRskTxHash && (
          <span class="muted">
            {' signed in '}
            <TxLink hash={p.releaseRskTxHash} />
          </span>
        )}
      </td>
      <td>{p.confirmations ?? '—'}</td>
    </tr>
  )
}

export function PegsSection() {
  const { pegs } = useBtcData()
  if (!pegs) return <p class="muted">Reading the Bridge's peg-ins and peg-outs…</p>
  return (
    <div class="scroll btc-section">
      <h3>Peg-ins ({pegs.pegins.length})</h3>
      <table class="grid" data-testid="btc-pegins">
        <thead>
          <tr>
            <th>BTC transaction</th>
            <th>Value</th>
            <th>Sender</th>
            <th>Confirmations</th>
            <th>State</th>
            <th>RSK recipient</th>
            <th>RSK transaction</th>
          </tr>
        </thead>
        <tbody>
          {pegs.pegins.length === 0 && (
            <tr>
              <td colSpan={7} class="muted">
                No peg-in yet: send BTC to the federation address (or use “Peg in 1 BTC”).
              </td>
            </tr>
          )}
          {pegs.pegins.map((p) => (
            <PeginRow key={p.btcTxid} p={p} />
          ))}
        </tbody>
      </table>
      <h3>Peg-outs ({pegs.pegouts.length})</h3>
      <table class="grid" data-testid="btc-pegouts">
        <thead>
          <tr>
            <th>RSK transaction</th>
            <th>Sender</th>
            <th>Value</th>
            <th>State</th>
            <th>BTC destination</th>
            <th>BTC transaction</th>
            <th>Confirmations</th>
          </tr>
        </thead>
        <tbody>
          {pegs.pegouts.length === 0 && (
            <tr>
              <td colSpan={7} class="muted">
                No peg-out yet: send RBTC to the Bridge (0x…01000006) or call releaseBtc.
              </td>
            </tr>
          )}
          {pegs.pegouts.map((p) => (
            <PegoutRow key={p.rskTxHash} p={p} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
