/**
 * One address as an explorer shows it: balance, nonce, code size, and the transactions from or to
 * it in the latest blocks (the node keeps no index by address; the scan is bounded). On a fork the
 * upstream's accounts and blocks read the same way (the node asks the upstream).
 */
import { useEffect, useState } from 'preact/hooks'
import { BlockLink, TxLink } from '../components/ExploreLink.js'
import { usePanelData, useServices } from '../context.js'
import { checksumAddress } from '../lib/checksum.js'
import { formatRbtc } from '../lib/format.js'
import { REMASC_ADDRESS } from './BlockDetail.js'

/** How many of the latest blocks are scanned for the address's transactions. */
export const ADDRESS_BLOCKS_SCANNED = 200

interface AccountFacts {
  balance: string
  nonce: string
  codeBytes: number
}

interface AddressTransaction {
  hash: string
  blockNumber: number
  from: string
  to: string | null
  value: string
}

type FullBlock = { transactions: Array<Omit<AddressTransaction, 'blockNumber'>> } | null

export function AddressDetail({ address }: { address: string }) {
  const { connection } = useServices()
  const { head, state } = usePanelData()
  const [facts, setFacts] = useState<AccountFacts | null>(null)
  const [transactions, setTransactions] = useState<AddressTransaction[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [unavailable, setUnavailable] = useState(0)
  const chainId = state ? Number(state.chainId) : undefined

  useEffect(() => {
    setError(null)
    Promise.all([
      connection.rpc<string>('eth_getBalance', [address, 'latest']),
      connection.rpc<string>('eth_getTransactionCount', [address, 'latest']),
      connection.rpc<string>('eth_getCode', [address, 'latest']),
    ]).then(
      ([balance, nonce, code]) => setFacts({ balance, nonce, codeBytes: (code.length - 2) / 2 }),
      (e: Error) => setError(e.message),
    )
  }, [address, head])

  useEffect(() => {
    if (head < 0) return
    const numbers: number[] = []
    for (let n = head; n >= 0 && n > head - ADDRESS_BLOCKS_SCANNED; n--) numbers.push(n)
    // On a fork, blocks at or below the fork block come from the upstream: one it cannot give
    // (unreachable, never fetched) is left out and counted, the rest still shows.
    void Promise.allSettled(
      numbers.map((n) => connection.rpc<FullBlock>('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])),
    ).then((settled) => {
      const out: AddressTransaction[] = []
      let failed = 0
      settled.forEach((result, i) => {
        if (result.status === 'rejected') {
          failed++
          return
        }
        for (const tx of [...(result.value?.transactions ?? [])].reverse())
          if (tx.from === address || tx.to === address) out.push({ ...tx, blockNumber: numbers[i]! })
      })
      setTransactions(out)
      setUnavailable(failed)
    })
  }, [address, head])

  const scanned = Math.min(head + 1, ADDRESS_BLOCKS_SCANNED)
  return (
    <section class="explore-address" data-testid="address-detail" aria-label={`Address ${address}`}>
      <h2 class="mono" data-testid="address-title">
        {address === REMASC_ADDRESS ? 'REMASC ' : 'Address '}
        {checksumAddress(address, chainId)}
      </h2>
      {error && <p class="error">{error}</p>}
      {facts && (
        <table class="fields" data-testid="address-fields">
          <tbody>
            <tr>
              <th>balance</th>
              <td class="mono" data-field="balance" title={facts.balance}>
                {formatRbtc(facts.balance)}
              </td>
            </tr>
            <tr>
              <th>nonce</th>
              <td class="mono" data-field="nonce" title={facts.nonce}>
                {BigInt(facts.nonce).toString()}
              </td>
            </tr>
            <tr>
              <th>code</th>
              <td class="mono" data-field="code">
                {facts.codeBytes === 0
                  ? 'none (an account)'
                  : `${facts.codeBytes.toLocaleString('en-US')} bytes (a contract)`}
              </td>
            </tr>
          </tbody>
        </table>
      )}
      <h3>
        Transactions in the latest {scanned} blocks {transactions && `(${transactions.length})`}
      </h3>
      {unavailable > 0 && (
        <p class="muted" data-testid="address-blocks-unavailable">
          {unavailable} of them could not be read (the fork's upstream did not answer)
        </p>
      )}
      {transactions === null ? (
        <p class="muted">loading…</p>
      ) : transactions.length === 0 ? (
        <p class="muted" data-testid="address-no-transactions">
          none from or to this address
        </p>
      ) : (
        <table class="grid" data-testid="address-transactions">
          <thead>
            <tr>
              <th>Hash</th>
              <th>Block</th>
              <th>Direction</th>
              <th>Value</th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((tx) => (
              <tr key={tx.hash} data-testid="address-tx">
                <td>
                  <TxLink hash={tx.hash} />
                </td>
                <td>
                  <BlockLink id={tx.blockNumber}>{tx.blockNumber}</BlockLink>
                </td>
                <td>{tx.from === address ? (tx.to === address ? 'self' : 'out') : 'in'}</td>
                <td title={tx.value}>{formatRbtc(tx.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
