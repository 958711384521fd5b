/** The federation: its P2SH address, m-of-n and keys, balance and UTXOs; the Bridge's light client against the chain. */

import { BtcTxLink } from './BtcLinks.js'
import { formatSats } from './btcFormat.js'
import { useBtcData } from './context.js'

export function FederationSection() {
  const { info } = useBtcData()
  if (!info) return <p class="muted">Reading the Bitcoin chain…</p>
  const { federation, lightClient } = info
  return (
    <div class="scroll btc-section" data-testid="btc-federation">
      <table class="fields">
        <tbody>
          <tr>
            <th>Federation address</th>
            <td class="mono" data-testid="btc-federation-address">
              {federation.address}
            </td>
          </tr>
          <tr>
            <th>Signatures</th>
            <td>
              {federation.threshold} of {federation.publicKeys.length} (P2SH multisig)
            </td>
          </tr>
          <tr>
            <th>Public keys</th>
            <td class="mono">
              {federation.publicKeys.map((key) => (
                <div key={key}>{key}</div>
              ))}
            </td>
          </tr>
          <tr>
            <th>Balance</th>
            <td data-testid="btc-federation-balance">
              {formatSats(federation.balance)} in {federation.utxos.length} UTXOs
            </td>
          </tr>
          <tr>
            <th>Bridge light client</th>
            <td data-testid="btc-light-client-detail">
              block {lightClient.bestHeight} of the chain's {info.blocks}
              {lightClient.bestHeight === info.blocks
                ? ' (in step)'
                : ` (${info.blocks - lightClient.bestHeight} behind: the federation sends headers with the next RSK block)`}
              <div class="mono muted">{lightClient.bestBlockHash}</div>
            </td>
          </tr>
          <tr>
            <th>Peg-ins registered</th>
            <td>
              {info.autoRegisterPegins
                ? 'automatically, by the federation'
                : 'by hand (registerBtcTransaction)'}
            </td>
          </tr>
          <tr>
            <th>Faucet</th>
            <td class="mono">{info.faucet.address}</td>
          </tr>
        </tbody>
      </table>
      <h3>UTXOs</h3>
      <table class="grid" data-testid="btc-federation-utxos">
        <thead>
          <tr>
            <th>Transaction</th>
            <th>Output</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {federation.utxos.map((utxo) => (
            <tr key={`${utxo.txid}:${utxo.vout}`}>
              <td>
                <BtcTxLink txid={utxo.txid} />
              </td>
              <td>{utxo.vout}</td>
              <td>{formatSats(utxo.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
