/**
 * The Bitcoin chain at a glance (tip, mempool, the Bridge's light client against the chain) and
 * the view's actions: mine a block, fund an address from the faucet, peg in from a dev account.
 */
import { useState } from 'preact/hooks'
import { useAction, usePanelData } from '../context.js'
import { shortHash } from '../lib/format.js'
import { parseBtcAmount } from './btcFormat.js'
import { useBtc, useBtcData } from './context.js'

/** What a peg-in sends: 1 BTC, twice the regtest minimum and then some. */
const PEG_IN_SATS = 100_000_000n

export function BtcSummary() {
  const { info, addresses, account } = useBtcData()
  const { state } = usePanelData()
  const { store, controller } = useBtc()
  const act = useAction()
  const [fundAddress, setFundAddress] = useState('')
  const [fundAmount, setFundAmount] = useState('1')
  const accounts = addresses.length > 0 ? addresses.map((a) => a.rskAddress) : (state?.accounts ?? [])
  const from = account && accounts.includes(account) ? account : accounts[0]
  const fundTarget = fundAddress.trim() || addresses.find((a) => a.rskAddress === from)?.p2pkh || ''
  const behind = info ? info.blocks - info.lightClient.bestHeight : 0

  return (
    <div class="btc-summary">
      <div class="btc-stats" data-testid="btc-stats">
        <span>
          Bitcoin {info?.chain ?? '…'} · height{' '}
          <strong data-testid="btc-height">{info?.blocks ?? '…'}</strong>
        </span>
        <span class="mono" title={info?.bestBlockHash}>
          {shortHash(info?.bestBlockHash, 8)}
        </span>
        <span data-testid="btc-mempool">mempool {info?.mempoolSize ?? '…'}</span>
        <span
          data-testid="btc-light-client"
          title="The Bridge's light client: the best Bitcoin block it holds"
        >
          light client {info?.lightClient.bestHeight ?? '…'}
          {behind > 0 && <span class="muted"> ({behind} behind)</span>}
        </span>
      </div>
      <div class="toolbar btc-actions">
        <button
          type="button"
          data-testid="btc-mine"
          onClick={() => void act('Mine a Bitcoin block', () => controller.mine(1))}
        >
          Mine 1 BTC block
        </button>
        <span class="group">
          <input
            aria-label="Bitcoin address to fund"
            class="mono"
            size={36}
            placeholder={fundTarget || 'Bitcoin address'}
            value={fundAddress}
            onInput={(e) => setFundAddress((e.currentTarget as HTMLInputElement).value)}
          />
          <input
            aria-label="Amount in BTC"
            size={6}
            value={fundAmount}
            onInput={(e) => setFundAmount((e.currentTarget as HTMLInputElement).value)}
          />
          <button
            type="button"
            data-testid="btc-fund"
            disabled={!fundTarget}
            onClick={() =>
              void act('Fund a Bitcoin address', async () => {
                const { txid } = await controller.fund(fundTarget, parseBtcAmount(fundAmount))
                store.open({ kind: 'tx', txid })
              })
            }
          >
            Fund
          </button>
        </span>
        <span class="group">
          <select
            aria-label="Dev account that pegs in"
            class="mono"
            value={from ?? ''}
            onChange={(e) => store.set({ account: (e.currentTarget as HTMLSelectElement).value })}
          >
            {accounts.map((a) => (
              <option key={a} value={a}>
                {shortHash(a, 6)}
              </option>
            ))}
          </select>
          <button
            type="button"
            data-testid="btc-pegin"
            disabled={!from}
            onClick={() =>
              void act('Peg in', async () => {
                if (!from) return
                const result = await controller.pegIn(from, PEG_IN_SATS)
                store.set({ section: 'pegs' })
                store.open({ kind: 'tx', txid: result.btcTxid })
              })
            }
          >
            Peg in 1 BTC
          </button>
        </span>
      </div>
    </div>
  )
}
