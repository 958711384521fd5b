/** The dev accounts' keys on the Bitcoin side (one key, both chains) and their BTC balances. */
import { AddressLink } from '../components/ExploreLink.js'
import { formatSats } from './btcFormat.js'
import { useBtc, useBtcData } from './context.js'

export function KeysSection() {
  const { addresses, account } = useBtcData()
  const { store } = useBtc()
  const selected = account ?? addresses[0]?.rskAddress
  return (
    <div class="scroll btc-section">
      <table class="grid" data-testid="btc-keys">
        <thead>
          <tr>
            <th>RSK account</th>
            <th>P2PKH</th>
            <th>P2WPKH</th>
            <th>P2SH-P2WPKH</th>
            <th>Balance</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {addresses.map((a) => (
            <tr key={a.rskAddress} class={a.rskAddress === selected ? 'btc-selected' : ''}>
              <td>
                <AddressLink address={a.rskAddress} />
              </td>
              <td class="mono">{a.p2pkh}</td>
              <td class="mono clip" title={a.p2wpkh}>
                {a.p2wpkh}
              </td>
              <td class="mono">{a.p2shP2wpkh}</td>
              <td>{formatSats(a.balance)}</td>
              <td>
                <button
                  type="button"
                  disabled={a.rskAddress === selected}
                  title="Peg in from this account"
                  onClick={() => store.set({ account: a.rskAddress })}
                >
                  {a.rskAddress === selected ? 'pegs in' : 'use'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
