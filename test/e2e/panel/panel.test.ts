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
    expect(await panel.textContent('[data-testid="check-merkle path reaches the root"]')).toContain('✓')
    // The transaction's hash opens it in the same pane; Back returns to the block.
    await rows.first().locator('[data-testid="block-tx-hash"] button').click()
    await panel.locator('[data-testid="tx-detail"] [data-testid="tx-status"]').waitFor()
    await panel.click('[data-testid="detail-back"]')
    await panel.locator('[data-testid="block-detail"] [data-testid="block-fields"]').waitFor()
  })

  it('leads from every hash and address to its detail, and finds them from one search box', async () => {
    const account = (await dapp.textContent('#account'))!.toLowerCase()
    const sent = (await providerRequest(dapp, 'eth_sendTransaction', [
      { from: account, to: account, value: '0x1' },
    ])) as { result: string }
    const receipt = (await providerRequest(dapp, 'eth_getTransactionReceipt', [sent.result])) as {
      result: { blockNumber: string; blockHash: string }
    }
    const search = async (query: string) => {
      await panel.fill('[data-testid="search-input"]', query)
      await panel.press('[data-testid="search-input"]', 'Enter')
    }
    // A transaction hash, then its block and its sender, by following the links.
    await search(sent.result)
    const tx = panel.locator('[data-testid="tx-detail"]')
    await tx.locator('[data-testid="tx-status"]').waitFor()
    await tx.locator('[data-field="blockHash"] button.link').click()
    const block = panel.locator('[data-testid="block-detail"]')
    await block.locator('[data-testid="block-fields"]').waitFor()
    expect(await block.locator('h2').textContent()).toBe(`Block ${Number(receipt.result.blockNumber)}`)
    await block.locator('[data-testid="block-tx"]').first().locator('td').nth(2).locator('button').click()
    const address = panel.locator('[data-testid="address-detail"]')
    await address.locator('[data-testid="address-fields"]').waitFor()
    expect(await address.locator('[data-field="balance"]').textContent()).toMatch(/ RBTC$/)
    expect(Number(await address.locator('[data-field="nonce"]').textContent())).toBeGreaterThan(0)
    expect(await address.locator('[data-field="code"]').textContent()).toBe('none (an account)')
    await expect.poll(() => address.locator('[data-testid="address-tx"]').count()).toBeGreaterThan(0)
    // The token the dApp deployed: an address with code.
    const token = (await dapp.evaluate(() => document.querySelector('#token')?.textContent ?? '')).trim()
    expect(token).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await search(token)
    await expect
      .poll(() => panel.textContent('[data-testid="address-detail"] [data-field="code"]'))
      .toMatch(/bytes \(a contract\)$/)
    // A block by number and by hash.
    await search(String(Number(receipt.result.blockNumber)))
    await expect
      .poll(() => panel.textContent('[data-testid="block-detail"] h2'))
      .toBe(`Block ${Number(receipt.result.blockNumber)}`)
    await search('0')
    await expect.poll(() => panel.textContent('[data-testid="block-detail"] h2')).toBe('Block 0')
    await search(receipt.result.blockHash)
    await expect
      .poll(() => panel.textContent('[data-testid="block-detail"] [data-field="hash"]'))
      .toBe(receipt.result.blockHash)
    // Nothing found, and why.
    await search(`0x${'0'.repeat(63)}1`)
    await expect
      .poll(() => panel.textContent('[data-testid="search-not-found"]'))
      .toContain('no transaction and no block with this hash')
    await search('99999999')
    await expect
      .poll(() => panel.textContent('[data-testid="search-not-found"]'))
      .toContain('no block 99999999')
    await search('hello')
    await expect
      .poll(() => panel.textContent('[data-testid="search-not-found"]'))
      .toContain('not a block number, a block or transaction hash, or an address')
    await panel.click('[data-testid="detail-close"]')
    await expect.poll(() => panel.locator('[data-testid="detail-pane"]').count()).toBe(0)
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
    // The dApp still answers and the panel shows no error. The error is read without waiting:
    // textContent waits up to 30 s for an element, and this one is meant to be absent.
    await expect
      .poll(
        async () =>
          (await providerRequest(dapp, 'eth_chainId')) &&
          (await panel.locator('[data-testid="status-error"]').allTextContents()),
      )
      .toEqual([])
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
          await page.locator('[data-testid="block-tx-hash"] button').first().click()
          await page.locator('[data-testid="tx-detail"] [data-testid="tx-status"]').waitFor()
          await page.waitForTimeout(300)
          await screenshot(page, `block-transaction-${theme}`)
          // The search box: the dApp's account (an address view), then a query that finds nothing.
          await page.fill('[data-testid="search-input"]', account)
          await page.press('[data-testid="search-input"]', 'Enter')
          await page.locator('[data-testid="address-tx"]').first().waitFor()
          await page.waitForTimeout(300)
          await screenshot(page, `search-address-${theme}`)
          await page.fill('[data-testid="search-input"]', `0x${'ab'.repeat(32)}`)
          await page.press('[data-testid="search-input"]', 'Enter')
          await page.locator('[data-testid="search-not-found"]').waitFor()
          await screenshot(page, `search-not-found-${theme}`)
          await page.click('[data-testid="detail-close"]')
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
