/** Transactions of the latest blocks (REMASC excluded), newest first, with a detail pane. */
import { useEffect, useState } from 'preact/hooks'
import { AddressLink, BlockLink } from '../components/ExploreLink.js'
import { VirtualList } from '../components/VirtualList.js'
import { usePanelData, useServices } from '../context.js'
import { shortHash } from '../lib/format.js'

const REMASC = '0x0000000000000000000000000000000001000008'
/** How many recent blocks the list covers. */
const BLOCKS_SCANNED = 100

interface TxRow {
  hash: string
  blockNumber: number
  from: string
  to: string | null
}

export function TransactionsView() {
  const { head } = usePanelData()
  const { connection, store } = useServices()
  const [rows, setRows] = useState<TxRow[]>([])
  const [selected, setSelected] = useState(-1)

  useEffect(() => {
    if (head < 0) return
    const numbers: number[] = []
    for (let n = head; n >= 0 && n > head - BLOCKS_SCANNED; n--) numbers.push(n)
    void Promise.all(
      numbers.map((n) =>
        connection.rpc<{ transactions: Array<{ hash: string; from: string; to: string | null }> } | null>(
          'eth_getBlockByNumber',
          [`0x${n.toString(16)}`, true],
        ),
      ),
    ).then((blocks) => {
      const out: TxRow[] = []
      blocks.forEach((block, i) => {
        for (const tx of [...(block?.transactions ?? [])].reverse())
          if (tx.to !== REMASC)
            out.push({ hash: tx.hash, blockNumber: numbers[i]!, from: tx.from, to: tx.to })
      })
      setRows(out)
    })
  }, [head])

  return (
    <div class="split">
      <VirtualList
        label="transactions"
        count={rows.length}
        selected={selected}
        onSelect={setSelected}
        onOpen={(i) => {
          const hash = rows[i]?.hash
          if (hash) store.explore({ kind: 'tx', hash })
        }}
        header={
          <>
            <span class="c-hash">Hash</span>
            <span class="c-num">Block</span>
            <span class="c-hash">From</span>
            <span class="c-hash">To</span>
          </>
        }
        renderRow={(i) => {
          const tx = rows[i]!
          return (
            <>
              <span class="c-hash mono" data-testid="tx-hash">
                {shortHash(tx.hash)}
              </span>
              <span class="c-num">
                <BlockLink id={tx.blockNumber}>{tx.blockNumber}</BlockLink>
              </span>
              <span class="c-hash">
                <AddressLink address={tx.from} />
              </span>
              <span class="c-hash">{tx.to ? <AddressLink address={tx.to} /> : 'contract creation'}</span>
            </>
          )
        }}
      />
    </div>
  )
}
