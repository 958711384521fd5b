// @vitest-environment happy-dom
/**
 * The Bitcoin view rendered over the fake node: the chain's blocks listed newest first, a block's
 * transactions with what their inputs spend, and an RSKIP170 peg-in's OP_RETURN read as its RSK
 * destination.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact'
import { h } from 'preact'
import { afterEach, describe, expect, it } from 'vitest'
import type { PanelConnection } from '../connection.js'
import { ServicesContext } from '../context.js'
import { createController } from '../controller.js'
import { createStore } from '../store.js'
import { BitcoinView } from './BitcoinView.js'
import { createBtcController, type Rpc } from './btcController.js'
import { FEDERATION, fakeBtcNode, hashOf } from './btcFixtures.js'
import { createBtcStore } from './btcStore.js'
import { BtcContext } from './context.js'
import type { BtcBlock, BtcTransaction } from './types.js'

const DESTINATION = '0x7986b3df570230288501eea3d890bd66948c9b79'
const SENDER = 'mzRmuBWomNPKFHaPzd3WCTS6DiuoZ5tVUb'
const p2pkh = (address: string, value: number, n: number) => ({
  value,
  n,
  scriptPubKey: { hex: `76a914${'11'.repeat(20)}88ac`, type: 'pubkeyhash', address },
})
const funding: BtcTransaction = {
  txid: 'aa'.repeat(32),
  vin: [{ coinbase: '00', sequence: 0 }],
  vout: [p2pkh(SENDER, 50, 0)],
}
const pegIn: BtcTransaction = {
  txid: 'bb'.repeat(32),
  vin: [{ txid: funding.txid, vout: 0, sequence: 0 }],
  vout: [
    {
      value: 1,
      n: 0,
      scriptPubKey: { hex: `a914${'22'.repeat(20)}87`, type: 'scripthash', address: FEDERATION },
    },
    {
      value: 48.9999,
      n: 1,
      scriptPubKey: { hex: `6a1952534b5401${DESTINATION.slice(2)}`, type: 'nulldata' },
    },
  ],
}

function renderView() {
  const node = fakeBtcNode({ blocks: 3 })
  node.transactions.set(funding.txid, funding)
  const block: BtcBlock = {
    hash: hashOf(2),
    height: 2,
    time: 1_700_001_200,
    nTx: 1,
    bits: '207fffff',
    tx: [pegIn],
  }
  const rpc: Rpc = <T>(method: string, params: unknown[] = []) =>
    method === 'btc_getBlock' ? Promise.resolve(block as T) : node.rpc<T>(method, params)
  const connection = {
    rpc,
    request: async () => ({ network: 'regtest', chainId: '0x21', accounts: [] }),
    onPush: () => {},
    onReconnect: () => {},
  } as unknown as PanelConnection
  const store = createStore((run) => run())
  store.set({ view: 'bitcoin' })
  const btcStore = createBtcStore((run) => run())
  const services = { store, connection, controller: createController(store, connection) }
  const bitcoin = { store: btcStore, controller: createBtcController(btcStore, rpc) }
  render(
    h(
      ServicesContext.Provider,
      { value: services },
      h(BtcContext.Provider, { value: bitcoin }, h(BitcoinView, {})),
    ),
  )
  return { node, btcStore }
}

afterEach(cleanup)

describe('the Bitcoin view', () => {
  it('lists the chain newest first and opens a block with its peg-in read', async () => {
    renderView()
    await waitFor(() => expect(screen.getByTestId('btc-height').textContent).toBe('2'))
    await waitFor(() =>
      expect(screen.getAllByTestId('btc-block-height').map((e) => e.textContent)).toEqual(['2', '1', '0']),
    )
    await waitFor(() => expect(screen.getAllByTestId('btc-block-txs')[0]?.textContent).toBe('1'))
    fireEvent.click(screen.getAllByTestId('btc-block-height')[0]!)
    await screen.findByTestId('btc-block-detail')
    const instruction = await screen.findByTestId('btc-pegin-instruction')
    expect(instruction.textContent).toMatch(/^RSKIP170 peg-in v1 → RSK 0x7986b3df/)
    // The input's address and value come from the transaction it spends.
    await waitFor(() => expect(screen.getByTestId('btc-input').textContent).toContain(SENDER))
    expect(screen.getByTestId('btc-input').textContent).toContain('50 BTC')
    expect(screen.getAllByTestId('btc-output')[0]?.textContent).toContain('federation')
    expect(screen.getByTestId('btc-tx-body').textContent).toContain('fee 0.0001 BTC')
  })

  it('shows the federation and the light client', async () => {
    const { btcStore } = renderView()
    await waitFor(() => expect(btcStore.get().info).not.toBeNull())
    fireEvent.click(screen.getByTestId('btc-section-federation'))
    expect(screen.getByTestId('btc-federation-address').textContent).toBe(FEDERATION)
    expect(screen.getByTestId('btc-federation').textContent).toContain('2 of 3 (P2SH multisig)')
    expect(screen.getByTestId('btc-light-client-detail').textContent).toMatch(
      /^block 2 of the chain's 2 \(in step\)/,
    )
  })
})
