/**
 * The Bitcoin view's detail pane: a block (header fields, then each transaction with its inputs
 * and outputs) or one transaction (where it is, its size and fee, inputs and outputs). Read again
 * when the chain grows, so confirmations stay current.
 */
import type { ComponentChildren } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { dateTime } from '../lib/format.js'
import { BtcBlockLink, BtcTxLink } from './BtcLinks.js'
import { BtcTxBody } from './BtcTxBody.js'
import type { BtcTarget } from './btcStore.js'
import { useBtc, useBtcData } from './context.js'
import type { BtcBlock, BtcTransaction } from './types.js'

/** Reads `load` for the current target, again whenever the chain's tip moves. */
function useRead<T>(load: () => Promise<T>, key: string): { value: T | undefined; error: string | null } {
  const { info } = useBtcData()
  const [value, setValue] = useState<T | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    load().then(
      (found) => {
        if (!current) return
        setValue(found)
        setError(null)
      },
      (e: Error) => {
        if (current) setError(e.message)
      },
    )
    return () => {
      current = false
    }
  }, [key, info?.bestBlockHash, info?.mempoolSize])
  return { value, error }
}

function Fields({ rows, testId }: { rows: Array<[string, ComponentChildren]>; testId: string }) {
  return (
    <table class="fields" data-testid={testId}>
      <tbody>
        {rows.map(([key, value]) => (
          <tr key={key}>
            <th>{key}</th>
            <td class="mono" data-field={key}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function BlockDetail({ hash }: { hash: string }) {
  const { controller } = useBtc()
  const { value: block, error } = useRead<BtcBlock | null>(() => controller.block(hash), hash)
  return (
    <section data-testid="btc-block-detail" aria-label={`Bitcoin block ${block?.height ?? hash}`}>
      <h2>Bitcoin block {block?.height ?? ''}</h2>
      {error && <p class="error">{error}</p>}
      {block === null && (
        <p class="error">This block is not on the Bitcoin chain (an RSK revert or reset took it).</p>
      )}
      {block && (
        <>
          <Fields
            testId="btc-block-fields"
            rows={[
              ['hash', block.hash],
              ['height', block.height.toLocaleString('en-US')],
              ['confirmations', block.confirmations ?? ''],
              ['time', dateTime(block.time)],
              [
                'previous',
                block.previousblockhash ? <BtcBlockLink hash={block.previousblockhash} /> : '(first block)',
              ],
              ['next', block.nextblockhash ? <BtcBlockLink hash={block.nextblockhash} /> : '—'],
              ['merkle root', block.merkleroot ?? ''],
              ['version', block.versionHex ?? block.version ?? ''],
              ['bits', block.bits ?? ''],
              ['difficulty', block.difficulty ?? ''],
              ['nonce', block.nonce ?? ''],
              ['chain work', block.chainwork ?? ''],
              ['size', block.size === undefined ? '' : `${block.size} bytes, weight ${block.weight ?? '?'}`],
            ]}
          />
          <h3>Transactions ({block.tx.length})</h3>
          {block.tx.map((tx, i) => (
            <div class="btc-tx" key={tx.txid} data-testid="btc-block-tx">
              <h4>
                {i} · <BtcTxLink txid={tx.txid}>{tx.txid}</BtcTxLink>
              </h4>
              <BtcTxBody tx={tx} />
            </div>
          ))}
        </>
      )}
    </section>
  )
}

function TxDetail({ txid }: { txid: string }) {
  const { controller } = useBtc()
  const { value: tx, error } = useRead<BtcTransaction | null>(() => controller.freshTransaction(txid), txid)
  const where = !tx
    ? ''
    : tx.inMempool
      ? 'in the mempool (unconfirmed)'
      : `${tx.confirmations ?? '?'} confirmation${tx.confirmations === 1 ? '' : 's'}`
  return (
    <section data-testid="btc-tx-detail" aria-label="Bitcoin transaction">
      <h2>Bitcoin transaction</h2>
      {error && <p class="error">{error}</p>}
      {tx === null && (
        <p class="error">
          No Bitcoin transaction <span class="mono">{txid}</span> in the chain or its mempool.
        </p>
      )}
      {tx && (
        <>
          <Fields
            testId="btc-tx-fields"
            rows={[
              ['txid', tx.txid],
              ['wtxid', tx.hash ?? ''],
              ['status', where],
              ['block', tx.blockhash ? <BtcBlockLink hash={tx.blockhash} /> : '—'],
              ['size', `${tx.size ?? '?'} bytes, ${tx.vsize ?? '?'} vbytes`],
              ['version', tx.version ?? ''],
              ['locktime', tx.locktime ?? ''],
            ]}
          />
          <BtcTxBody tx={tx} />
          {tx.hex && (
            <details>
              <summary>Raw ({tx.hex.length / 2} bytes)</summary>
              <code class="mono wrap">{tx.hex}</code>
            </details>
          )}
        </>
      )}
    </section>
  )
}

const keyOf = (target: BtcTarget) => (target.kind === 'block' ? `block:${target.hash}` : `tx:${target.txid}`)

export function BtcDetail() {
  const { detail, trail } = useBtcData()
  const { store } = useBtc()
  if (!detail) return null
  return (
    <aside class="detail btc-detail" data-testid="btc-detail" aria-label="Bitcoin detail">
      <header>
        <button type="button" disabled={trail.length === 0} onClick={() => store.back()} aria-label="Back">
          ←
        </button>
        <button type="button" data-testid="btc-detail-close" onClick={() => store.close()} aria-label="Close">
          ×
        </button>
      </header>
      {detail.kind === 'block' ? (
        <BlockDetail key={keyOf(detail)} hash={detail.hash} />
      ) : (
        <TxDetail key={keyOf(detail)} txid={detail.txid} />
      )}
    </aside>
  )
}
