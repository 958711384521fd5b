/**
 * Misuses of the fixture, each of which must FAIL with a message naming the problem, and never
 * hang (test/e2e/playwrightFixture.test.ts runs this file and reads the JSON report). A failed
 * test costs a new worker (a browser launch), so the misuses share two tests.
 */
import { expect, fire, test } from '../site.js'

test('forgets to await', async ({ devnode, wallet }) => {
  void devnode.mine(3)
  void wallet.waitForRequest({ method: 'personal_sign', timeout: 10_000 })
  // Settled long before the test ends, yet never awaited: its failure would go unseen.
  const quick = devnode.request('no_suchMethod')
  await new Promise((done) => setTimeout(done, 300))
  expect(quick).toBeTruthy()
})

test('waits for a request that never comes, and leaves another pending', async ({
  page,
  wallet,
  openSite,
}) => {
  await wallet.requireApproval(true)
  await openSite()
  await fire(page, 'eth_requestAccounts')
  await wallet.waitForRequest({ method: 'eth_sendTransaction', timeout: 500 })
})

test('awaits a page request nobody approves: the timeout names the request', async ({
  page,
  wallet,
  openSite,
}) => {
  test.setTimeout(3_000)
  await wallet.requireApproval(true)
  await openSite()
  await page.evaluate(() =>
    (
      window as unknown as { ethereum: { request(a: { method: string }): Promise<unknown> } }
    ).ethereum.request({
      method: 'eth_requestAccounts',
    }),
  )
})

test('after all that, a clean start', async ({ devnode, wallet }) => {
  expect(await wallet.pendingRequests()).toEqual([])
  expect(await devnode.blockNumber()).toBe(0n)
})
