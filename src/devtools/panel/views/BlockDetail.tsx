/** One block as an explorer shows it: its fields, its transactions as a table, the merged-mining proof checked. */
import { useEffect, useState } from 'preact/hooks'
import { AddressLink, ExploreLink, TxLink } from '../components/ExploreLink.js'
import { FieldTable } from '../components/FieldTable.js'
import { useServices } from '../context.js'
import { formatGwei, formatRbtc } from '../lib/format.js'
import { MergedMiningSection, type RpcBlockFields } from './MergedMiningSection.js'

/** Every Rootstock block ends with a transaction to the REMASC contract that pays the miners. */
export const REMASC_ADDRESS = '0x0000000000000000000000000000000001000008'

interface BlockTransaction {
  hash: string
  from: string
  to: string | null
  value: string
  gasPrice: string
}

type Block = RpcBlockFields & Record<string, unknown> & { number: string; transactions: BlockTransaction[] }

/** A block by number or by hash. */
export function BlockDetail({ id }: { id: number | string }) {
  const { connection } = useServices()
  const [block, setBlock] = useState<Block | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setBlock(null)
    setError(null)
    const read =
      typeof id === 'number'
        ? connection.rpc<Block | null>('eth_getBlockByNumber', [`0x${id.toString(16)}`, true])
        : connection.rpc<Block | null>('eth_getBlockByHash', [id, true])
    read.then(
      (found) => (found ? setBlock(found) : setError('This block is not on the chain (reverted or reset?)')),
      (e: Error) => setError(e.message),
    )
  }, [id])

  const { transactions = [], ...fields } = block ?? ({} as Partial<Block>)
  const number = block ? Number(block.number) : typeof id === 'number' ? id : null
  return (
    <section class="explore-block" data-testid="block-detail" aria-label={`Block ${number ?? id}`}>
      <h2>{number === null ? 'Block' : `Block ${number}`}</h2>
      {error && (
        <p class="error" data-testid="detail-error">
          {error}
        </p>
      )}
      {block && (
        <>
          <FieldTable fields={fields} testId="block-fields" />
          <h3>Transactions ({transactions.length})</h3>
          <table class="grid" data-testid="block-transactions">
            <thead>
              <tr>
                <th>#</th>
                <th>Hash</th>
                <th>From</th>
                <th>To</th>
                <th>Value</th>
                <th>Gas price</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((tx, i) => (
                <tr key={tx.hash} data-testid="block-tx">
                  <td>{i}</td>
                  <td data-testid="block-tx-hash">
                    <TxLink hash={tx.hash} />
                  </td>
                  <td>
                    <AddressLink address={tx.from} />
                  </td>
                  <td>
                    {tx.to === REMASC_ADDRESS ? (
                      <ExploreLink target={{ kind: 'address', address: tx.to }}>
                        <span class="badge" data-testid="remasc">
                          REMASC
                        </span>
                      </ExploreLink>
                    ) : tx.to ? (
                      <AddressLink address={tx.to} />
                    ) : (
                      'contract creation'
                    )}
                  </td>
                  <td title={tx.value}>{formatRbtc(tx.value)}</td>
                  <td title={tx.gasPrice}>{formatGwei(tx.gasPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <MergedMiningSection block={block} />
        </>
      )}
    </section>
  )
}
