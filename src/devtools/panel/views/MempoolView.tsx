/** Pending and queued transactions by sender and nonce; drop one, or replace it with a higher gas price. */
import { useEffect } from 'preact/hooks'
import { AddressLink, TxLink } from '../components/ExploreLink.js'
import { useAction, usePanelData, useServices } from '../context.js'
import type { PoolTransaction } from '../store.js'

export function MempoolView() {
  const { pending } = usePanelData()
  const { connection, controller } = useServices()
  const act = useAction()
  useEffect(() => void controller.refreshPool().catch(() => undefined), [])

  const replace = (tx: PoolTransaction) =>
    act('Replace transaction', async () => {
      // Same sender and nonce, gas price doubled: the pool's replacement rule needs a higher price.
      const gasPrice = `0x${(BigInt(tx.gasPrice) * 2n).toString(16)}`
      await connection.rpc('eth_sendTransaction', [
        {
          from: tx.from,
          to: tx.to ?? undefined,
          value: tx.value,
          data: tx.input,
          gas: tx.gas,
          nonce: `0x${tx.nonce.toString(16)}`,
          gasPrice,
        },
      ])
      await controller.refreshPool()
    })

  const drop = (tx: PoolTransaction) =>
    act('Drop transaction', async () => {
      await connection.rpc('anvil_dropTransaction', [tx.hash])
      await controller.refreshPool()
    })

  return (
    <div class="scroll">
      <table class="grid" data-testid="mempool">
        <thead>
          <tr>
            <th>State</th>
            <th>Sender</th>
            <th>Nonce</th>
            <th>Hash</th>
            <th>To</th>
            <th>Gas price</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {pending.length === 0 && (
            <tr>
              <td colSpan={7} class="muted">
                The mempool is empty (automine mines each transaction at once; switch to manual or interval to
                see them wait).
              </td>
            </tr>
          )}
          {pending.map((tx) => (
            <tr key={tx.hash} data-testid="pool-tx">
              <td>{tx.queued ? 'queued' : 'pending'}</td>
              <td>
                <AddressLink address={tx.from} />
              </td>
              <td>{tx.nonce}</td>
              <td>
                <TxLink hash={tx.hash} />
              </td>
              <td>{tx.to ? <AddressLink address={tx.to} /> : 'create'}</td>
              <td>{BigInt(tx.gasPrice).toString()}</td>
              <td>
                <button type="button" onClick={() => void drop(tx)}>
                  Drop
                </button>{' '}
                <button type="button" onClick={() => void replace(tx)}>
                  Replace
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
