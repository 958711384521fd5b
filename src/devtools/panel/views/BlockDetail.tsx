/** One block as an explorer shows it: its fields, its transactions as a table, the merged-mining proof checked. */
import { useEffect, useState } from 'preact/hooks'
import { FieldTable } from '../components/FieldTable.js'
import { useServices } from '../context.js'
import { formatGwei, formatRbtc, shortHash } from '../lib/format.js'
import { MergedMiningSection, type RpcBlockFields } from './MergedMiningSection.js'
import { TransactionDetail } from './TransactionDetail.js'

/** Every Rootstock block ends with a transaction to the REMASC contract that pays the miners. */
export const REMASC_ADDRESS = '0x0000000000000000000000000000000001000008'

interface BlockTransaction {
  hash: string
  from: string
  to: string | null
  value: string
  gasPrice: string
}

type Block = RpcBlockFields & Record<string, unknown> & { transactions: BlockTransaction[] }

export function BlockDetail({ number, onClose }: { number: number; onClose(): void }) {
  const { connection } = useServices()
  const [block, setBlock] = useState<Block | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [openTx, setOpenTx] = useState<string | null>(null)

  useEffect(() => {
    setBlock(null)
    setOpenTx(null)
    connection
      .rpc<Block>('eth_getBlockByNumber', [`0x${number.toString(16)}`, true])
      .then(setBlock, (e: Error) => setError(e.message))
  }, [number])

  const { transactions = [], ...fields } = block ?? ({} as Partial<Block>)
  return (
    <section class="detail" data-testid="block-detail" aria-label={`Block ${number}`}>
      <header>
        <h2>Block {number}</h2>
        <button type="button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {error && <p class="error">{error}</p>}
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
                  <td class="mono">
                    <button type="button" class="link" title={tx.hash} onClick={() => setOpenTx(tx.hash)}>
                      {shortHash(tx.hash)}
                    </button>
                  </td>
                  <td class="mono" title={tx.from}>
                    {shortHash(tx.from)}
                  </td>
                  <td class="mono" title={tx.to ?? undefined}>
                    {tx.to === REMASC_ADDRESS ? (
                      <span class="badge" data-testid="remasc">
                        REMASC
                      </span>
                    ) : tx.to ? (
                      shortHash(tx.to)
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
          {openTx && <TransactionDetail hash={openTx} onClose={() => setOpenTx(null)} />}
        </>
      )}
    </section>
  )
}
