/** The options: another network, approval required from the start, no snapshot per test. */
import { eth, expect, fire, test } from './site.js'

test.use({ devnodeOptions: { network: 'testnet', requireApproval: true, snapshotPerTest: false } })

test.describe('options', () => {
  test.describe.configure({ mode: 'serial' })

  test('starts on the network of the options, with approval required', async ({
    page,
    devnode,
    wallet,
    openSite,
  }) => {
    expect(await devnode.network()).toBe('testnet')
    await openSite()
    expect(await eth(page, 'eth_chainId')).toEqual({ result: '0x1f' })
    await fire(page, 'eth_requestAccounts')
    const pending = await wallet.waitForRequest()
    expect(pending.method).toBe('eth_requestAccounts')
    await wallet.approve(pending)
    expect(await devnode.mine(3)).toBe(3n)
  })

  test('without snapshotPerTest the chain carries over (the wallet does not)', async ({
    devnode,
    wallet,
  }) => {
    expect(await devnode.blockNumber()).toBe(3n)
    expect(await wallet.pendingRequests()).toEqual([])
    await devnode.selectNetwork('regtest')
  })

  test("the network is the options' again", async ({ devnode }) => {
    expect(await devnode.network()).toBe('testnet')
  })
})
