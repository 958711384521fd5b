/**
 * What the extension acknowledges survives a worker stop (CDP ServiceWorker.stopWorker, what
 * Chromium does after 30 s idle) and a browser restart on the same profile: the chain, the site's
 * grant, its filters and their cursors, pooled transactions (signed by the wallet, replaced and
 * impersonated), the mining mode, time and block overrides, impersonation, snapshots, the wallet's
 * switches and the request log. One row each of the audit in docs/architecture.md ("What
 * survives a restart"); one browser profile for all of them, to keep the suite short.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  controlExtension,
  type ExtensionBrowser,
  launchWithExtension,
  type PageServer,
  startPageServer,
  stopServiceWorker,
} from './harness.js'

type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
const OTHER = '0x7986b3df570230288501eea3d890bd66948c9b79'
const HOLDER = '0x00000000000000000000000000000000000d00d4'
const COINBASE = '0x00000000000000000000000000000000000c0b01'

/** Runs JSON-RPC calls in the page, in order; an error is returned as `{ error }`, not thrown. */
async function calls(page: Page, list: Array<[string, unknown[]?]>): Promise<unknown[]> {
  return page.evaluate(async (requests) => {
    const eth = (window as unknown as { ethereum: Eth }).ethereum
    const out: unknown[] = []
    for (const [method, params] of requests) {
      try {
        out.push(await eth.request({ method, params: params ?? [] }))
      } catch (e) {
        out.push({ error: (e as Error).message })
      }
    }
    return out
  }, list)
}

describe('worker stop and browser restart on the same profile', () => {
  let ext: ExtensionBrowser | undefined
  let server: PageServer | undefined

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  it('keeps the chain, grants, filters, the pool, mining and time settings, snapshots and the request log', async () => {
    server = await startPageServer()
    server.route('/', '<!doctype html><html><body>persist</body></html>')
    ext = await launchWithExtension()
    const first = await ext.context.newPage()
    await first.goto(server.url)
    const [accounts, filterId] = (await calls(first, [['eth_requestAccounts'], ['eth_newBlockFilter']])) as [
      string[],
      string,
    ]
    const from = accounts[0]!
    const [mined, head, snapshot] = (await calls(first, [
      ['eth_sendTransaction', [{ from, to: OTHER, value: '0x2a' }]],
      ['eth_getBlockByNumber', ['latest', false]],
      ['evm_snapshot'],
    ])) as [string, { number: string; hash: string }, string]
    expect(mined).toMatch(/^0x[0-9a-f]{64}$/)
    // Testnet's minimum gas price is above zero: the impersonated sends (the node fills no price) name one.
    const gasPrice = ((await calls(first, [['eth_gasPrice']])) as string[])[0]!
    const nextTimestamp = Math.floor(Date.now() / 1000) + 500_000
    const doubled = `0x${(BigInt(gasPrice) * 2n).toString(16)}`
    const [, , , pendingFilter, replaced, signed, impersonated] = (await calls(first, [
      ['evm_setAutomine', [false]],
      ['anvil_impersonateAccount', [HOLDER]],
      ['anvil_setBalance', [HOLDER, '0xde0b6b3a7640000']],
      ['eth_newPendingTransactionFilter'],
      // The wallet's second transaction (nonce 1), then its replacement at twice the price.
      ['eth_sendTransaction', [{ from, to: OTHER, value: '0x1', gasPrice, nonce: '0x1' }]],
      ['eth_sendTransaction', [{ from, to: OTHER, value: '0x1', gasPrice: doubled, nonce: '0x1' }]],
      ['eth_sendTransaction', [{ from: HOLDER, to: OTHER, value: '0x2', gasPrice }]],
      ['anvil_setNextBlockTimestamp', [nextTimestamp]],
      ['anvil_setCoinbase', [COINBASE]],
    ])) as string[]
    for (const hash of [replaced, signed, impersonated]) expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(replaced).not.toBe(signed)
    expect(
      (await controlExtension(ext, { kind: 'setSettings', settings: { rejectNext: true } })).error,
    ).toBeUndefined()
    const logBefore = ((await controlExtension(ext, { kind: 'getLog', limit: 1000 })).result as unknown[])
      .length
    expect(logBefore).toBeGreaterThanOrEqual(10)

    // ── The worker stops (as after 30 s idle); the next request starts a new one. ──
    expect(await stopServiceWorker(ext)).toBe(true)
    const state = (await controlExtension(ext, { kind: 'getState' })).result as {
      settings: { rejectNext: boolean }
    }
    // The wallet's switch is still armed; turned off again so the page's requests go through.
    expect(state.settings.rejectNext).toBe(true)
    await controlExtension(ext, { kind: 'setSettings', settings: { rejectNext: false } })
    const [gone, automine, pooledSigned, pooledImpersonated, pendingChanges, , block, receipt, blockChanges] =
      (await calls(first, [
        ['eth_getTransactionByHash', [replaced]],
        ['anvil_getAutomine'],
        ['eth_getTransactionByHash', [signed]],
        ['eth_getTransactionByHash', [impersonated]],
        ['eth_getFilterChanges', [pendingFilter]],
        ['evm_mine'],
        ['eth_getBlockByNumber', ['latest', false]],
        ['eth_getTransactionReceipt', [impersonated]],
        ['eth_getFilterChanges', [filterId]],
      ])) as [
        unknown,
        boolean,
        { from: string } | null,
        { from: string } | null,
        string[],
        unknown,
        { hash: string; timestamp: string; miner: string; transactions: string[] },
        { from: string; status: string } | null,
        string[],
      ]
    expect(gone).toBeNull()
    expect(automine).toBe(false)
    expect(pooledSigned).toMatchObject({ from })
    expect(pooledImpersonated).toMatchObject({ from: HOLDER })
    expect(pendingChanges).toEqual(expect.arrayContaining([signed, impersonated]))
    // Manual mining, impersonated sender, worker stopped, then mined: the transaction is mined.
    expect(block.transactions).toEqual(expect.arrayContaining([signed, impersonated]))
    expect(receipt).toMatchObject({ from: HOLDER, status: '0x1' })
    expect(Number(block.timestamp)).toBe(nextTimestamp)
    expect(block.miner).toBe(COINBASE)
    // The block filter's cursor: the transfer's block, then this one.
    expect(blockChanges).toEqual([head.hash, block.hash])

    // A second impersonated transaction waits in the pool across a browser restart.
    const [second] = (await calls(first, [
      ['eth_sendTransaction', [{ from: HOLDER, to: OTHER, value: '0x3', gasPrice }]],
    ])) as string[]
    await ext.close({ keepProfile: true })

    // ── The browser restarts on the same profile. ──
    ext = await launchWithExtension({ userDataDir: ext.userDataDir })
    const page = await ext.context.newPage()
    await page.goto(server.url)
    const [granted, stillManual, pooled, , minedSecond, afterRestart, reverted, revertedHead] = (await calls(
      page,
      [
        // No eth_requestAccounts: the grant itself must have survived.
        ['eth_accounts'],
        ['anvil_getAutomine'],
        ['eth_getTransactionByHash', [second]],
        ['evm_mine'],
        ['eth_getTransactionReceipt', [second]],
        ['eth_getFilterChanges', [filterId]],
        ['evm_revert', [snapshot]],
        ['eth_getBlockByNumber', ['latest', false]],
      ],
    )) as [
      string[],
      boolean,
      { from: string } | null,
      unknown,
      { from: string; status: string } | null,
      string[],
      boolean,
      { hash: string },
    ]
    expect(granted).toEqual([from])
    expect(stillManual).toBe(false)
    expect(pooled).toMatchObject({ from: HOLDER })
    expect(minedSecond).toMatchObject({ from: HOLDER, status: '0x1' })
    expect(afterRestart).toHaveLength(1)
    expect(reverted).toBe(true)
    expect(revertedHead.hash).toBe(head.hash)
    const log = (await controlExtension(ext, { kind: 'getLog', limit: 1000 })).result as Array<{
      method: string
    }>
    expect(log.length).toBeGreaterThan(logBefore)
    expect(log.map((e) => e.method)).toEqual(
      expect.arrayContaining([
        'eth_requestAccounts',
        'eth_sendTransaction',
        'eth_newBlockFilter',
        'evm_snapshot',
      ]),
    )
  })
})
