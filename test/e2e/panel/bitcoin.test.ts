/**
 * The DevTools panel's Bitcoin view against the built extension: the simulated Bitcoin chain's
 * tip and blocks, a block mined from the view listed at the top and opened, the federation and
 * the Bridge's light client, and a peg-in from a dev account followed on both chains. A
 * screenshot of the view goes to test/e2e/screenshots/.
 */
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchPanelSetup, openPanel, type PanelSetup } from './panelHarness.js'

const SCREENSHOTS = resolve(import.meta.dirname, '../screenshots')

const btcHeight = async (panel: Page) =>
  Number((await panel.textContent('[data-testid="btc-height"]')) ?? NaN)
const firstListedHeight = (panel: Page) =>
  panel.locator('[data-testid="btc-block-height"]').first().textContent()
/** Waits for the view's action to finish, then expects no error in the status bar or the view. */
const noError = async (panel: Page, timeout = 10_000) => {
  await expect.poll(() => panel.locator('.status', { hasText: '…' }).count(), { timeout }).toBe(0)
  const errors = await panel
    .locator('[data-testid="status-error"], [data-testid="btc-error"]')
    .allTextContents()
  expect(errors).toEqual([])
}

describe('DevTools Bitcoin view', () => {
  let setup: PanelSetup
  let panel: Page

  beforeAll(async () => {
    setup = await launchPanelSetup()
    panel = await openPanel(setup)
  })

  afterAll(async () => {
    await setup?.close()
  })

  it('lists the Bitcoin chain, mines a block from the view and shows it on top', async () => {
    await panel.click('[data-testid="tab-bitcoin"]')
    await panel.locator('[data-testid="btc-height"]', { hasText: /^\d+$/ }).waitFor()
    const before = await btcHeight(panel)
    await expect.poll(() => firstListedHeight(panel)).toBe(String(before))

    await panel.click('[data-testid="btc-mine"]')
    await expect.poll(() => btcHeight(panel)).toBe(before + 1)
    await expect.poll(() => firstListedHeight(panel)).toBe(String(before + 1))
    await expect.poll(() => panel.locator('[data-testid="btc-block-txs"]').first().textContent()).toBe('1')
    await noError(panel)

    // Opened: its header and its one transaction, the coinbase.
    await panel.locator('[data-testid="btc-block-height"]').first().click()
    const fields = panel.locator('[data-testid="btc-block-fields"]')
    await fields.waitFor()
    expect(await fields.locator('[data-field="height"]').textContent()).toBe(
      (before + 1).toLocaleString('en-US'),
    )
    expect(await fields.locator('[data-field="bits"]').textContent()).toBe('207fffff')
    await expect.poll(() => panel.locator('[data-testid="btc-block-tx"]').count()).toBe(1)
    expect(await panel.textContent('[data-testid="btc-block-tx"]')).toContain('coinbase')

    // The federation feeds the Bridge's light client with the RSK block that follows.
    await expect
      .poll(() => panel.textContent('[data-testid="btc-light-client"]'), { timeout: 15_000 })
      .toBe(`light client ${before + 1}`)
    await mkdir(SCREENSHOTS, { recursive: true })
    await panel.screenshot({ path: join(SCREENSHOTS, 'bitcoin-view.png') })
  })

  it('shows the federation: its m of n keys, address and balance', async () => {
    await panel.click('[data-testid="btc-section-federation"]')
    expect(await panel.textContent('[data-testid="btc-federation-address"]')).toMatch(/^2[MN]/)
    // Each network's genesis federation: 2 of 3 on regtest, more keys on testnet and mainnet.
    expect(await panel.textContent('[data-testid="btc-federation"]')).toMatch(/\d of \d \(P2SH multisig\)/)
    expect(await panel.textContent('[data-testid="btc-federation-balance"]')).toMatch(/ BTC in \d+ UTXOs$/)
  })

  it('starts over on another network: regtest, whose chain starts at height 0', async () => {
    await panel.click('[data-testid="btc-section-blocks"]')
    await panel.selectOption('[data-testid="network-select"]', 'regtest')
    await panel.locator('[data-testid="btc-stats"]', { hasText: 'Bitcoin regtest' }).waitFor()
    const height = await btcHeight(panel)
    await expect.poll(() => panel.locator('[data-testid="btc-block-height"]').last().textContent()).toBe('0')
    expect(await panel.locator('[data-testid="btc-block-height"]').count()).toBe(height + 1)
    await noError(panel)
  })

  it("funds the dev account's Bitcoin address from the faucet and opens the payment", async () => {
    const before = await btcHeight(panel)
    // The field offers the dev account's address once the panel has it for the network chosen
    // in the test before ("Bitcoin address" until then).
    const field = panel.locator('[aria-label="Bitcoin address to fund"]')
    await expect.poll(() => field.getAttribute('placeholder')).toMatch(/^[mn]/)
    const address = await field.getAttribute('placeholder')
    await panel.fill('[aria-label="Amount in BTC"]', '2.5')
    await panel.click('[data-testid="btc-fund"]')
    await noError(panel)
    const paid = panel.locator('[data-testid="btc-tx-detail"] [data-testid="btc-output"]', {
      hasText: address!,
    })
    await paid.waitFor()
    expect(await paid.locator('[data-testid="btc-output-value"]').textContent()).toBe('2.5 BTC')
    // btc_fund mines the block that holds it.
    await expect.poll(() => btcHeight(panel)).toBe(before + 1)
  })

  it('pegs in 1 BTC from a dev account on regtest and follows it on both chains', async () => {
    await panel.click('[data-testid="btc-pegin"]')
    await noError(panel, 60_000)
    const pegin = panel.locator('[data-testid="btc-pegin-row"]').first()
    await pegin.waitFor()
    // The peg-in's own transaction opens: 1 BTC to the federation, change back to the sender.
    const detail = panel.locator('[data-testid="btc-tx-detail"]')
    await detail.locator('[data-testid="btc-output"]', { hasText: 'federation' }).waitFor()
    expect(
      await detail.locator('[data-testid="btc-output"]', { hasText: 'federation' }).textContent(),
    ).toContain('1 BTC')
    // btc_pegIn answers once the federation has registered it: both sides are known.
    await expect.poll(() => pegin.locator('[data-testid="btc-peg-status"]').textContent()).toBe('registered')
    expect(Number(await pegin.locator('td').nth(3).textContent())).toBeGreaterThanOrEqual(3)
    // Its RSK transaction opens in the panel's own transaction detail.
    await pegin.locator('[data-explore="tx"]').click()
    await panel.locator('[data-testid="detail-pane"] [data-testid="tx-detail"]').waitFor()
    await mkdir(SCREENSHOTS, { recursive: true })
    await panel.screenshot({ path: join(SCREENSHOTS, 'bitcoin-pegs.png') })
  })

  it('opens straight on the Bitcoin view, dark, from the panel URL', async () => {
    const dark = await openPanel(setup, '?view=bitcoin&theme=dark')
    await dark.locator('[data-testid="btc-stats"]', { hasText: 'Bitcoin regtest' }).waitFor()
    await dark.click('[data-testid="btc-section-keys"]')
    await expect.poll(() => dark.locator('[data-testid="btc-keys"] tbody tr').count()).toBeGreaterThan(1)
    await dark.click('[data-testid="btc-section-blocks"]')
    await dark.locator('[data-testid="btc-block-height"]').first().click()
    await dark.locator('[data-testid="btc-block-detail"]').waitFor()
    await mkdir(SCREENSHOTS, { recursive: true })
    await dark.screenshot({ path: join(SCREENSHOTS, 'bitcoin-dark.png') })
    await dark.close()
  })
})
