/**
 * The DevTools panel opened as a tab against the built extension, with the demo dApp driving the
 * chain in another tab: live blocks, pending transactions, filters and requests, and every
 * node control acting on the chain. Screenshots of each view, light and dark.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  headOf,
  launchPanelSetup,
  openPanel,
  type PanelSetup,
  providerRequest,
  screenshot,
} from './panelHarness.js'

describe('DevTools panel', () => {
  let setup: PanelSetup
  let panel: Page
  let dapp: Page

  beforeAll(async () => {
    setup = await launchPanelSetup()
    panel = await openPanel(setup)
    dapp = await setup.context.newPage()
    await dapp.goto(setup.server.url)
    await dapp.locator('#chain', { hasText: '0x1f' }).waitFor()
    await dapp.click('#connect')
    await dapp.locator('#account', { hasText: /^0x/ }).waitFor()
  })

  afterAll(async () => {
    await setup?.close()
  })

  it('shows new blocks and the dApp requests live', async () => {
    const before = await headOf(panel)
    await dapp.click('#deploy')
    await expect
      .poll(() => dapp.textContent('#status'), { timeout: 15_000 })
      .toMatch(/^deployed in block \d+$/)
    const deployedIn = Number((await dapp.textContent('#status'))!.split(' ').pop())
    await expect.poll(() => headOf(panel)).toBeGreaterThanOrEqual(deployedIn)
    expect(deployedIn).toBeGreaterThan(before)
    await expect
      .poll(() => panel.locator('[data-testid="block-number"]').first().textContent())
      .toBe(String(await headOf(panel)))
    await panel.click('[data-testid="tab-requests"]')
    await expect
      .poll(() => panel.locator('[data-testid="request-method"]', { hasText: 'eth_sendTransaction' }).count())
      .toBeGreaterThan(0)
    expect(Number(await panel.textContent('[data-testid="metric-total"]'))).toBeGreaterThan(3)
    // One request counter: the status bar counts what the Requests tab lists (read in one frame,
    // since requests keep arriving).
    const counts = () =>
      panel.evaluate(() => [
        Number(
          /Requests: (\d+)/.exec(document.querySelector('[data-testid="logged"]')?.textContent ?? '')?.[1],
        ),
        Number(document.querySelector('[data-testid="metric-total"]')?.textContent),
      ])
    await expect
      .poll(async () => {
        const [status, tab] = await counts()
        return status! > 3 && status === tab
      })
      .toBe(true)
  })

  it('opens a block with its merged-mining proof checked', async () => {
    await panel.click('[data-testid="tab-blocks"]')
    await panel.locator('[data-testid="block-number"]').first().click()
    await panel.locator('[data-testid="merged-mining"]').waitFor()
    expect(await panel.textContent('[data-testid="check-PoW ≤ target"]')).toContain('✓')
    expect(await panel.textContent('[data-testid="check-tag = hashForMergedMining"]')).toContain('✓')
    // Read as an explorer: decimals with units, a date, the transactions as a table.
    const field = (name: string) => panel.textContent(`[data-testid="block-fields"] [data-field="${name}"]`)
    expect(await field('gasLimit')).toBe('6,800,000')
    expect(await field('timestamp')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
    expect(await field('minimumGasPrice')).toMatch(/ gwei$/)
    expect(await panel.getAttribute('[data-field="gasLimit"] button', 'title')).toContain('0x67c280')
    const rows = panel.locator('[data-testid="block-tx"]')
    expect(await rows.count()).toBeGreaterThanOrEqual(2)
    expect(await rows.last().locator('[data-testid="remasc"]').textContent()).toBe('REMASC')
    await rows.first().locator('button.link').click()
    await panel.locator('[data-testid="block-detail"] [data-testid="tx-status"]').waitFor()
    expect(await panel.textContent('[data-testid="check-merkle path reaches the root"]')).toContain('✓')
  })

  it('lists a filter the dApp installs and uninstalls it', async () => {
    const installed = (await providerRequest(dapp, 'eth_newBlockFilter')) as { result: string }
    await panel.click('[data-testid="tab-filters"]')
    const row = panel.locator('[data-testid="filter-row"]', { hasText: installed.result })
    await expect.poll(() => row.count()).toBe(1)
    // The origin of the page that installed it.
    expect(await row.locator('[data-testid="filter-origin"]').textContent()).toBe(
      new URL(setup.server.url).origin,
    )
    await row.locator('button').click()
    await expect.poll(() => row.count()).toBe(0)
  })

  it('shows a pending transaction under manual mining and mines it with the Mine control', async () => {
    await panel.selectOption('[data-testid="mining-mode"]', 'manual')
    await expect
      .poll(
        async () =>
          (await providerRequest(dapp, 'eth_chainId')) &&
          (await panel.textContent('[data-testid="status-error"]').catch(() => null)),
      )
      .toBeNull()
    await panel.click('[data-testid="tab-mempool"]')
    await dapp.click('#send')
    await expect.poll(() => panel.locator('[data-testid="pool-tx"]').count(), { timeout: 10_000 }).toBe(1)
    const head = await headOf(panel)
    await panel.fill('[data-testid="mine-count"]', '1')
    await panel.click('[data-testid="mine"]')
    await expect.poll(() => panel.locator('[data-testid="pool-tx"]').count(), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => headOf(panel)).toBe(head + 1)
    await expect
      .poll(() => dapp.textContent('#status'), { timeout: 15_000 })
      .toMatch(/^transfer success in block \d+$/)
  })

  it('mines on its own in interval mode', async () => {
    await panel.selectOption('[data-testid="mining-mode"]', 'interval')
    await panel.fill('[data-testid="interval-seconds"]', '1')
    await panel.press('[data-testid="interval-seconds"]', 'Enter')
    await panel.locator('[data-testid="interval-seconds"]').blur()
    const start = await headOf(panel)
    await expect.poll(() => headOf(panel), { timeout: 10_000 }).toBeGreaterThanOrEqual(start + 2)
    // A panel opened now shows the node's real mode and interval.
    const reopened = await openPanel(setup)
    await expect.poll(() => reopened.inputValue('[data-testid="mining-mode"]')).toBe('interval')
    expect(await reopened.inputValue('[data-testid="interval-seconds"]')).toBe('1')
    await reopened.close()
    await panel.selectOption('[data-testid="mining-mode"]', 'auto')
  })

  it('takes a named snapshot, mines, and reverts to it', async () => {
    await panel.fill('[data-testid="snapshot-name"]', 'before-mining')
    await panel.click('[data-testid="snapshot-take"]')
    await expect.poll(() => panel.locator('[data-testid="snapshot-revert"] option').count()).toBe(2)
    const head = await headOf(panel)
    await panel.fill('[data-testid="mine-count"]', '3')
    await panel.click('[data-testid="mine"]')
    await expect.poll(() => headOf(panel)).toBe(head + 3)
    const value = await panel.locator('[data-testid="snapshot-revert"] option').nth(1).getAttribute('value')
    await panel.selectOption('[data-testid="snapshot-revert"]', value!)
    await expect.poll(() => headOf(panel)).toBe(head)
  })

  it('rejects the next approvable request when "reject next" is on', async () => {
    await panel.check('[data-testid="reject-next"]')
    await expect.poll(() => panel.isChecked('[data-testid="reject-next"]')).toBe(true)
    const account = (await dapp.textContent('#account'))!
    const outcome = await providerRequest(dapp, 'eth_sendTransaction', [
      { from: account, to: account, value: '0x1' },
    ])
    expect(outcome).toMatchObject({ code: 4001 })
    await expect.poll(() => panel.isChecked('[data-testid="reject-next"]')).toBe(false)
  })

  it('resets the chain after confirmation', async () => {
    expect(await headOf(panel)).toBeGreaterThan(0)
    await panel.click('[data-testid="reset"]')
    await expect.poll(() => headOf(panel)).toBe(0)
  })

  it('renders every view in light and dark themes (screenshots)', async () => {
    // Some content to show: a token deployment and a transfer on the fresh chain.
    await dapp.click('#deploy')
    await expect.poll(() => dapp.textContent('#status'), { timeout: 15_000 }).toMatch(/^deployed/)
    await dapp.click('#send')
    await expect.poll(() => dapp.textContent('#status'), { timeout: 15_000 }).toMatch(/^transfer success/)
    await providerRequest(dapp, 'eth_newBlockFilter')
    // One transaction left waiting in the mempool for its screenshot.
    await panel.selectOption('[data-testid="mining-mode"]', 'manual')
    await expect.poll(() => providerRequest(dapp, 'anvil_getAutomine')).toEqual({ result: false })
    const account = (await dapp.textContent('#account'))!
    await providerRequest(dapp, 'eth_sendTransaction', [{ from: account, to: account, value: '0x1' }])
    for (const theme of ['light', 'dark']) {
      const page = await openPanel(setup, `?theme=${theme}`)
      for (const view of ['blocks', 'transactions', 'mempool', 'filters', 'requests', 'accounts', 'apps']) {
        await page.click(`[data-testid="tab-${view}"]`)
        if (view === 'blocks') {
          await page.locator('[data-testid="block-number"]').nth(1).click()
          await page.locator('[data-testid="block-transactions"]').scrollIntoViewIfNeeded()
          await page.waitForTimeout(300)
          await screenshot(page, `block-detail-${theme}`)
          await page.locator('[data-testid="block-tx"] button.link').first().click()
          await page
            .locator('[data-testid="block-detail"] [data-testid="tx-fields"]')
            .scrollIntoViewIfNeeded()
          await page.waitForTimeout(300)
          await screenshot(page, `block-transaction-${theme}`)
          await page.locator('[data-testid="merged-mining"]').scrollIntoViewIfNeeded()
        }
        if (view === 'transactions') {
          await page.locator('[data-testid="tx-hash"]').first().click()
          await page.locator('[data-testid="tx-status"]').waitFor()
        }
        if (view === 'requests') await page.locator('[data-testid="request-method"]').first().click()
        if (view === 'mempool') {
          await page.locator('[data-testid="pool-tx"]').first().waitFor()
          expect(await page.inputValue('[data-testid="mining-mode"]')).toBe('manual')
        }
        if (view === 'accounts') await page.locator('[data-testid="account-row"]').first().waitFor()
        await page.waitForTimeout(300)
        await screenshot(page, `${view}-${theme}`)
      }
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme)
      await page.close()
    }
  })
})
