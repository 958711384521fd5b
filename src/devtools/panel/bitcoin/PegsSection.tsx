/**
 * Peg-ins and peg-outs with their state on both chains: the Bitcoin transaction (opens here) and
 * the RSK transaction (opens in the panel's transaction detail).
 */
import { AddressLink, BlockLink, TxLink } from '../components/ExploreLink.js'
import { BtcTxLink } from './BtcLinks.js'
import { formatSats } from './btcFormat.js'
import { useBtcData } from './context.js'

const Status = ({ status }: { status: string }) => (
  <span class={`btc-status btc-status-${status}`} data-testid="btc-peg-status">
    {status}
  </span>
)

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
            <th>RSK recipient</th>
            <th>State</th>
            <th>Confirmations</th>
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
            <tr key={p.btcTxid} data-testid="btc-pegin-row">
              <td>
                <BtcTxLink txid={p.btcTxid} />
              </td>
              <td>{formatSats(p.value)}</td>
              <td class="mono clip" title={p.sender}>
                {p.sender}
              </td>
              <td>{p.recipient ? <AddressLink address={p.recipient} /> : '—'}</td>
              <td>
                <Status status={p.status} />
              </td>
              <td>{p.confirmations}</td>
              <td>
                {p.rskTxHash ? <TxLink hash={p.rskTxHash} /> : '—'}
                {p.rskBlockNumber !== undefined && (
                  <>
                    {' in '}
                    <BlockLink id={p.rskBlockNumber}>{`#${p.rskBlockNumber}`}</BlockLink>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Peg-outs ({pegs.pegouts.length})</h3>
      <table class="grid" data-testid="btc-pegouts">
        <thead>
          <tr>
            <th>RSK transaction</th>
            <th>Sender</th>
            <th>BTC destination</th>
            <th>Value</th>
            <th>State</th>
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
            <tr key={p.rskTxHash} data-testid="btc-pegout-row">
              <td>
                <TxLink hash={p.rskTxHash} />
              </td>
              <td>
                <AddressLink address={p.sender} />
              </td>
              <td class="mono clip" title={p.destination}>
                {p.destination}
              </td>
              <td>{formatSats(p.value)}</td>
              <td>
                <Status status={p.status} />
              </td>
              <td>{p.btcTxid ? <BtcTxLink txid={p.btcTxid} /> : '—'}</td>
              <td>{p.confirmations ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
