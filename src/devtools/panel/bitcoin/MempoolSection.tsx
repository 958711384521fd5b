/** Bitcoin transactions waiting for a block: read again whenever the mempool's size or the tip changes. */
import { useEffect, useState } from 'preact/hooks'
import { BtcTxLink } from './BtcLinks.js'
import { btcToSats, formatSats } from './btcFormat.js'
import { useBtc, useBtcData } from './context.js'
import type { BtcTransaction } from './types.js'

export function MempoolSection() {
  const { info } = useBtcData()
  const { controller } = useBtc()
  const [transactions, setTransactions] = useState<BtcTransaction[]>([])
  useEffect(() => {
    void controller.mempool().then(setTransactions, () => setTransactions([]))
  }, [info?.mempoolSize, info?.bestBlockHash])

  return (
    <div class="scroll btc-section">
      <table class="grid" data-testid="btc-mempool-txs">
        <thead>
          <tr>
            <th>Transaction</th>
            <th>Inputs</th>
            <th>Outputs</th>
            <th>Paid out</th>
            <th>vbytes</th>
          </tr>
        </thead>
        <tbody>
          {transactions.length === 0 && (
            <tr>
              <td colSpan={5} class="muted">
                The Bitcoin mempool is empty (“Mine 1 BTC block” mines what waits here).
              </td>
            </tr>
          )}
          {transactions.map((tx) => (
            <tr key={tx.txid}>
              <td>
                <BtcTxLink txid={tx.txid} />
              </td>
              <td>{tx.vin.length}</td>
              <td>{tx.vout.length}</td>
              <td>{formatSats(tx.vout.reduce((sum, o) => sum + btcToSats(o.value), 0n))}</td>
              <td>{tx.vsize ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
