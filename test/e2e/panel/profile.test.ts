/**
 * The toolbar's profile switch (rpc-api / rskj) against the built extension: a behaviour that
 * differs between the profiles (the `pending` block tag, refused by eth_getBlockByNumber under
 * the hosted service's rules and accepted by RSKj) changes for the page after switching in the
 * panel, on the same chain, with the page's subscription still delivering; the choice survives
 * reopening the panel and a worker restart. Screenshots of the toolbar, light and dark.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExtensionBrowser, stopServiceWorker } from '../harness.js'
import {
  headOf,
  launchPanelSetup,
  openPanel,
  type PanelSetup,
  providerRequest,
  SCREENSHOT_DIR,
  screenshot,
} from './panelHarness.js'

type Eth = {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>
  on(event: string, listener: (message: unknown) => void): void
}

const profileOf = (panel: Page) => panel.inputValue('[data-testid="profile-select"]')

async function switchProfile(panel: Page, profile: string): Promise<void> {
  await panel.selectOption('[data-testid="profile-select"]', profile)
  await expect.poll(() => profileOf(panel)).toBe(profile)
  await expect.poll(() => panel.locator('.status', { hasText: 'Switch profile…' }).count()).toBe(0)
  expect(await panel.locator('[data-testid="status-error"]').count()).toBe(0)
}

describe('profile switch in the toolbar', () => {
  let setup: PanelSetup
  let panel: Page
  let dapp: Page

  const pendingBlock = () => providerRequest(dapp, 'eth_getBlockByNumber', ['pending', false])
  const notifications = () =>
    dapp.evaluate(() => (window as unknown as { __heads: Array<{ subscription: string }> }).__heads)

  beforeAll(async () => {
    setup = await launchPanelSetup()
    panel = await openPanel(setup)
    dapp = await setup.context.newPage()
    await dapp.goto(setup.server.url)
    await dapp.locator('#chain', { hasText: '0x1f' }).waitFor()
  })

  afterAll(async () => {
    await setup?.close()
  })

  it('starts on rpc-api, where eth_getBlockByNumber refuses the pending tag', async () => {
    await expect.poll(() => profileOf(panel)).toBe('rpc-api')
    expect(await pendingBlock()).toMatchObject({ code: expect.any(Number), message: expect.any(String) })
  })

  it('switches to rskj in the panel: the page gets the pending block, the chain and its subscription carry on', async () => {
    // The page subscribes to new heads before the switch.
    const subscription = (await dapp.evaluate(async () => {
      const eth = (window as unknown as { ethereum: Eth }).ethereum
      const w = window as unknown as { __heads: Array<{ subscription: string; number: string }> }
      w.__heads = []
      eth.on('message', (m) => {
        const message = m as { type: string; data: { subscription: string; result: { number: string } } }
        if (message.type === 'eth_subscription')
          w.__heads.push({ subscription: message.data.subscription, number: message.data.result.number })
      })
      return eth.request({ method: 'eth_subscribe', params: ['newHeads'] })
    })) as string
    await panel.click('[data-testid="mine"]')
    await expect.poll(notifications).toHaveLength(1)
    const head = Number(((await providerRequest(dapp, 'eth_blockNumber')) as { result: string }).result)
    expect(head).toBe(1)

    await switchProfile(panel, 'rskj')
    expect(await pendingBlock()).toMatchObject({
      result: { number: null, parentHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) },
    })
    // Same stored chain.
    expect(await providerRequest(dapp, 'eth_blockNumber')).toEqual({ result: `0x${head.toString(16)}` })
    // The page's subscription, made on the old node, still reports blocks under its id.
    await panel.click('[data-testid="mine"]')
    await expect.poll(notifications).toHaveLength(2)
    expect((await notifications()).map((n) => n.subscription)).toEqual([subscription, subscription])
    await expect.poll(() => headOf(panel)).toBe(head + 1)
  })

  it('shows the stored profile when the panel is reopened and after a worker restart', async () => {
    const second = await openPanel(setup)
    await expect.poll(() => profileOf(second)).toBe('rskj')
    await second.close()
    const ext = { context: setup.context, extensionId: setup.extensionId } as ExtensionBrowser
    expect(await stopServiceWorker(ext)).toBe(true)
    expect(await pendingBlock()).toMatchObject({ result: { number: null } })
    const third = await openPanel(setup)
    await expect.poll(() => profileOf(third)).toBe('rskj')
    await third.close()
  })

  it('renders the toolbar with the profile switch in light and dark themes (screenshots)', async () => {
    for (const theme of ['light', 'dark']) {
      const page = await openPanel(setup, `?theme=${theme}`)
      await expect.poll(() => profileOf(page)).toBe('rskj')
      await page.waitForTimeout(300)
      await screenshot(page, `toolbar-profile-${theme}`)
      await page
        .locator('.controls')
        .screenshot({ path: `${SCREENSHOT_DIR}/toolbar-profile-${theme}-strip.png` })
      await page.close()
    }
  })

  it('switches back to rpc-api, which refuses the pending tag again', async () => {
    await switchProfile(panel, 'rpc-api')
    expect(await pendingBlock()).toMatchObject({ code: expect.any(Number) })
  })
})
