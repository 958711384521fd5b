/**
 * Isolation: every test starts from the same chain and the same wallet; the page gets the
 * provider and nothing of the fixture's channel; a stopped service worker is started again.
 */
import { eth, expect, fire, test } from './site.js'

const ALICE = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const OTHER = '0x00000000000000000000000000000000000beef2'

test.describe('one test leaves a mess, the next does not see it', () => {
  test.describe.configure({ mode: 'serial' })

  test('leaves blocks, balances, time, mining mode, a grant, switches, another network and account', async ({
    page,
    devnode,
    wallet,
    openSite,
  }) => {
    await openSite()
    expect(await eth(page, 'eth_requestAccounts')).toEqual({ result: [ALICE] })
    await devnode.mine(5)
    await devnode.setBalance(OTHER, 99n)
    await devnode.increaseTime(86_400)
    await devnode.selectNetwork('testnet')
    await devnode.mine(2)
    await devnode.setAutomine(false)
    await devnode.selectNetwork('mainnet')
    await devnode.setCode(OTHER, '0x00')
    await wallet.selectAccount(7)
    await wallet.requireApproval(true)
    await wallet.rejectNext()
  })

  test('starts from the same chain and wallet', async ({ page, devnode, wallet, openSite }) => {
    expect(await devnode.network()).toBe('regtest')
    expect(await devnode.blockNumber()).toBe(0n)
    expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0x0')
    expect(await devnode.requests()).toEqual([])
    expect((await wallet.accounts())[0]).toBe(ALICE)
    await devnode.selectNetwork('testnet')
    expect(await devnode.blockNumber()).toBe(0n)
    // Automine again: a send is mined at once.
    await devnode.setBalance(OTHER, 10n ** 18n)
    await devnode.impersonate(OTHER)
    await devnode.request('eth_sendTransaction', [
      { from: OTHER, to: ALICE, value: '0x1', gas: '0x5208', gasPrice: '0x3b9aca00' },
    ])
    expect(await devnode.blockNumber()).toBe(1n)
    await devnode.selectNetwork('mainnet')
    expect(await devnode.request('eth_getCode', [OTHER, 'latest'])).toBe('0x')
    await devnode.selectNetwork('regtest')
    await openSite()
    // No grant: the page is not connected, and connecting needs no approval, rejects nothing.
    expect(await eth(page, 'eth_accounts')).toEqual({ result: [] })
    expect(await eth(page, 'eth_requestAccounts')).toEqual({ result: [ALICE] })
    // The clock is back: the next block is not a day ahead.
    const mined = await devnode.mine()
    const block = await devnode.request<{ timestamp: string }>('eth_getBlockByNumber', [
      `0x${mined.toString(16)}`,
      false,
    ])
    expect(Number(block.timestamp)).toBeLessThan(Date.now() / 1000 + 3600)
  })

  test('pages of the last test are closed; approval windows too', async ({
    context,
    page,
    devnode,
    wallet,
    openSite,
  }) => {
    // This test's page and the channel's page only.
    expect(context.pages()).toHaveLength(2)
    await openSite()
    await wallet.requireApproval(true)
    await fire(page, 'eth_requestAccounts')
    await wallet.approve()
    await context.newPage()
    expect(await devnode.blockNumber()).toBe(0n)
  })

  test("(after pages were opened) only the channel's page without the page fixture", async ({ context }) => {
    expect(context.pages()).toHaveLength(1)
  })
})

test('the page gets the provider (window.ethereum, EIP-6963) and nothing of the channel', async ({
  page,
  openSite,
  extensionId,
  context,
}) => {
  await openSite()
  await expect(page.locator('#provider')).toHaveText('object')
  expect(await page.evaluate(() => (window as unknown as { announced: string[] }).announced)).toEqual([
    'RSK Devnode',
  ])
  expect(await page.evaluate(() => Object.keys(window).filter((k) => /rskDevnode/i.test(k)))).toEqual([])
  expect(extensionId).toMatch(/^[a-p]{32}$/)
  expect(context.serviceWorkers().map((w) => new URL(w.url()).host)).toContain(extensionId)
})

test('a stopped service worker is started again by the next call', async ({
  page,
  context,
  devnode,
  openSite,
}) => {
  await devnode.mine(2)
  const cdp = await context.newCDPSession(page)
  type Version = { versionId: string; scriptURL: string; runningStatus: string }
  let versions: Version[] = []
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: Version[] }) => {
    versions = e.versions
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => versions.find((v) => v.runningStatus === 'running')).toBeTruthy()
  const running = versions.find((v) => v.runningStatus === 'running') as Version
  await cdp.send('ServiceWorker.stopWorker', { versionId: running.versionId })
  await expect
    .poll(() => versions.find((v) => v.versionId === running.versionId)?.runningStatus)
    .toBe('stopped')
  await cdp.detach()
  expect(await devnode.blockNumber()).toBe(2n)
  await openSite()
  expect(await eth(page, 'eth_blockNumber')).toEqual({ result: '0x2' })
})

test('parallel workers: each has its own browser and chain', async ({
  devnode,
  extensionContext,
}, testInfo) => {
  // Runs beside the other files' tests: a shared chain would not be at block 0 here.
  expect(await devnode.blockNumber()).toBe(0n)
  expect(await devnode.mine(4)).toBe(4n)
  expect(extensionContext.pages().length).toBeGreaterThan(0)
  expect(testInfo.workerIndex).toBeGreaterThanOrEqual(0)
})
