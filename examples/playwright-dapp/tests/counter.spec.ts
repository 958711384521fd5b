import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { getAddress, getCreateAddress, Interface, parseEther, verifyMessage } from 'ethers'
import { expect, test } from 'rsk-devnode/playwright'

// Every test gets a fresh page on regtest, and the chain is reverted to the same snapshot after
// each test: no test sees another's blocks, balances or contracts.
test.use({ devnodeOptions: { network: 'regtest', snapshotPerTest: true, requireApproval: false } })

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MESSAGE = 'Sign in to the Counter dApp'
const counterAbi = new Interface(
  JSON.parse(readFileSync(new URL('../public/counter.json', import.meta.url), 'utf8')).abi,
)

const shown = (page: Page, id: string) => page.getByTestId(id)
const click = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click()
/** Matches an address as the page shows it, whatever its case. */
const address = (value: string) => new RegExp(`^${value}$`, 'i')

async function openDapp(page: Page) {
  await page.goto('/')
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true')
}

async function connect(page: Page): Promise<string> {
  await openDapp(page)
  await click(page, 'Connect')
  await expect(shown(page, 'status')).toHaveText('Connected')
  return getAddress((await shown(page, 'account').textContent()) ?? '')
}

async function deploy(page: Page): Promise<string> {
  await click(page, 'Deploy counter')
  await expect(shown(page, 'status')).toHaveText(/^Counter deployed in block \d+$/)
  return getAddress((await shown(page, 'counter-address').textContent()) ?? '')
}

test('finds the wallet through EIP-6963 and shows the account and chain', async ({ page, wallet }) => {
  await openDapp(page)
  await expect(shown(page, 'wallet')).toHaveText('RSK Devnode')
  // No origin holds a grant when a test starts: the page asks to connect every time.
  await expect(shown(page, 'account')).toHaveText('not connected')
  await click(page, 'Connect')
  const [first] = await wallet.accounts()
  await expect(shown(page, 'account')).toHaveText(address(first))
  await expect(shown(page, 'chain')).toHaveText('0x21')
  await expect(shown(page, 'balance')).toHaveText(/^[\d.]+ RBTC$/)
})

test('connects the account selected in the wallet', async ({ page, wallet }) => {
  const hardhatFirst = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
  await wallet.selectAccount(hardhatFirst)
  expect((await wallet.accounts())[0]).toBe(hardhatFirst)
  await openDapp(page)
  await click(page, 'Connect')
  await expect(shown(page, 'account')).toHaveText(address(hardhatFirst))
})

test('deploys the counter and shows its address', async ({ page, devnode }) => {
  const account = await connect(page)
  const nonce = BigInt(await devnode.request('eth_getTransactionCount', [account, 'latest']))
  await click(page, 'Deploy counter')
  await expect(shown(page, 'counter-address')).toHaveText(address(getCreateAddress({ from: account, nonce })))
  await expect(shown(page, 'count')).toHaveText('0')
  // The newest transaction is the deploy: its receipt names the address the page shows.
  const last = await devnode.lastTransaction()
  expect(last?.receipt.status).toBe(1)
  await expect(shown(page, 'counter-address')).toHaveText(address(last?.receipt.contractAddress ?? 'none'))
})

test('increments: the count and the event list follow', async ({ page }) => {
  const account = await connect(page)
  await deploy(page)
  await click(page, 'Increment')
  await expect(shown(page, 'status')).toHaveText(/^Incremented in block \d+$/)
  await expect(shown(page, 'count')).toHaveText('1')
  await expect(shown(page, 'events').getByRole('listitem')).toHaveText([
    new RegExp(`^#1 by ${account} `, 'i'),
  ])
  await click(page, 'Increment')
  await expect(shown(page, 'count')).toHaveText('2')
  await expect(shown(page, 'events').getByRole('listitem')).toHaveText([/^#1 by /, /^#2 by /])
})

test('reads events that another account emits', async ({ page, devnode }) => {
  await connect(page)
  const counter = await deploy(page)
  const stranger = '0x00000000000000000000000000000000000BeeF1'
  await devnode.setBalance(stranger, 10n ** 18n)
  await devnode.impersonate(stranger)
  const gasPrice = await devnode.request('eth_gasPrice', [])
  await devnode.request('eth_sendTransaction', [
    {
      from: stranger,
      to: counter,
      data: counterAbi.encodeFunctionData('increment'),
      gas: '0x20000',
      gasPrice,
    },
  ])
  await devnode.stopImpersonating(stranger)
  // No click: the page hears the new block (eth_subscribe newHeads) and reads the logs again.
  await expect(shown(page, 'events').getByRole('listitem')).toHaveText([
    new RegExp(`^#1 by ${stranger} `, 'i'),
  ])
  await expect(shown(page, 'count')).toHaveText('1')
})

test('switches to testnet', async ({ page, devnode }) => {
  await connect(page)
  await expect(shown(page, 'chain')).toHaveText('0x21')
  await click(page, 'Switch to testnet')
  await expect(shown(page, 'status')).toHaveText('Switched to 0x1f')
  await expect(shown(page, 'chain')).toHaveText('0x1f')
  expect(await devnode.network()).toBe('testnet')
  await expect(shown(page, 'block')).toHaveText(String(await devnode.blockNumber()))
})

test('shows "Rejected by user" when the wallet rejects the request', async ({ page, devnode, wallet }) => {
  await connect(page)
  const before = await devnode.request('eth_getBalance', [RECIPIENT, 'latest'])
  await wallet.rejectNext()
  await click(page, 'Send 0.01 RBTC')
  await expect(shown(page, 'error')).toHaveText('Rejected by user')
  await expect(shown(page, 'status')).toHaveText('Send failed')
  expect(await devnode.request('eth_getBalance', [RECIPIENT, 'latest'])).toBe(before)
  // The request log has what the page asked and what it was answered.
  const [sent] = await devnode.requests({ method: 'eth_sendTransaction' })
  expect(sent?.error?.code).toBe(4001)
})

test('waits for the approval of a payment, then shows it sent', async ({ page, devnode, wallet }) => {
  const account = await connect(page)
  const before = BigInt(await devnode.request('eth_getBalance', [RECIPIENT, 'latest']))
  await wallet.requireApproval(true)
  await click(page, 'Send 0.01 RBTC')
  const pending = await wallet.waitForRequest({ method: 'eth_sendTransaction' })
  // The page waits while the request waits.
  await expect(shown(page, 'status')).toHaveText('Send: waiting for the wallet…')
  // What the approval shows: the page's request, read into bigints and lowercase addresses.
  expect(pending.decoded).toMatchObject({
    kind: 'transaction',
    from: account.toLowerCase(),
    to: RECIPIENT.toLowerCase(),
    value: parseEther('0.01'),
  })
  await wallet.approve(pending)
  await expect(shown(page, 'status')).toHaveText(/^Sent 0\.01 RBTC in block \d+$/)
  expect(BigInt(await devnode.request('eth_getBalance', [RECIPIENT, 'latest']))).toBe(
    before + parseEther('0.01'),
  )
})

test('approves a signature request and shows the signature', async ({ page, wallet }) => {
  const account = await connect(page)
  await wallet.requireApproval(true)
  await click(page, 'Sign a message')
  const pending = await wallet.waitForRequest({ method: 'personal_sign' })
  expect(pending.decoded).toMatchObject({ kind: 'message', address: account.toLowerCase(), message: MESSAGE })
  await wallet.approve(pending)
  await expect(shown(page, 'status')).toHaveText('Signed')
  const signature = (await shown(page, 'signature').textContent()) ?? ''
  expect(verifyMessage(MESSAGE, signature)).toBe(account)
})

test('shows "Rejected by user" when the approval is refused', async ({ page, wallet }) => {
  await connect(page)
  await wallet.requireApproval(true)
  await click(page, 'Sign a message')
  await wallet.reject(await wallet.waitForRequest({ method: 'personal_sign' }))
  await expect(shown(page, 'error')).toHaveText('Rejected by user')
  await expect(shown(page, 'signature')).toHaveText('–')
  expect(await wallet.pendingRequests()).toEqual([])
})

test('shows blocks mined and time moved by the test', async ({ page, devnode }) => {
  await openDapp(page)
  const start = await devnode.blockNumber()
  await expect(shown(page, 'block')).toHaveText(String(start))
  expect(await devnode.mine(3)).toBe(start + 3n)
  await expect(shown(page, 'block')).toHaveText(String(start + 3n))
  await devnode.setNextBlockTimestamp(2_000_000_000)
  await devnode.mine(1)
  await expect(shown(page, 'block-time')).toHaveText('2033-05-18T03:33:20.000Z')
  await devnode.increaseTime(3600)
  await devnode.mine(1)
  await expect(shown(page, 'block')).toHaveText(String(start + 5n))
  const timestamp = Number(await shown(page, 'block-time').getAttribute('data-timestamp'))
  expect(timestamp).toBeGreaterThanOrEqual(2_000_003_600)
})

test('holds the increment until a block is mined when automine is off', async ({ page, devnode }) => {
  await connect(page)
  await deploy(page)
  // The fixture turns automine back on after the test.
  await devnode.setAutomine(false)
  await click(page, 'Increment')
  await expect(shown(page, 'status')).toHaveText(/^Increment sent \(0x[0-9a-f]{64}\), waiting for a block…$/)
  await expect(shown(page, 'count')).toHaveText('0')
  await devnode.mine(1)
  await expect(shown(page, 'status')).toHaveText(/^Incremented in block \d+$/)
  await expect(shown(page, 'count')).toHaveText('1')
})

test('shows a count the test wrote into the contract storage', async ({ page, devnode }) => {
  await connect(page)
  const counter = await deploy(page)
  await devnode.setStorageAt(counter, 0n, 41n) // slot 0: count
  await click(page, 'Refresh')
  await expect(shown(page, 'count')).toHaveText('41')
  await click(page, 'Increment')
  await expect(shown(page, 'count')).toHaveText('42')
  await expect(shown(page, 'events').getByRole('listitem')).toHaveText([/^#42 by /])
})

test('shows a balance the test set', async ({ page, devnode }) => {
  const account = await connect(page)
  await devnode.setBalance(account, parseEther('12.5'))
  await click(page, 'Refresh')
  await expect(shown(page, 'balance')).toHaveText('12.5 RBTC')
})

// Serial: both run in one worker, one after the other, so the second sees what the first left
// behind, unless the per-test snapshot reverted it. Both expect the same starting chain.
test.describe('every test starts from the same chain', () => {
  test.describe.configure({ mode: 'serial' })

  for (const round of [1, 2]) {
    test(`round ${round}: same block, balance, nonce and counter address`, async ({ page, devnode }) => {
      const account = await connect(page)
      await expect(shown(page, 'block')).toHaveText('0')
      await expect(shown(page, 'balance')).toHaveText('1000000000000.0 RBTC')
      expect(await devnode.request('eth_getTransactionCount', [account, 'latest'])).toBe('0x0')
      const counter = await deploy(page)
      expect(counter).toBe(getCreateAddress({ from: account, nonce: 0 }))
      await click(page, 'Increment')
      await expect(shown(page, 'count')).toHaveText('1')
      await expect(shown(page, 'events').getByRole('listitem')).toHaveCount(1)
      // Leave more behind for the next round to not see.
      await devnode.mine(5)
      await devnode.setBalance(account, 1n)
    })
  }
})
