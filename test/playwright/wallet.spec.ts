/** Every `wallet` call: accounts, the selected account, approvals with their decoded contents, rejections. */
import { answers, eth, expect, fire, test } from './site.js'

const ALICE = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const OTHER = '0x00000000000000000000000000000000000beef2'

test('accounts: twenty dev accounts, lowercase, the selected first; selectAccount by index and address', async ({
  page,
  wallet,
  openSite,
}) => {
  const accounts = await wallet.accounts()
  expect(accounts).toHaveLength(20)
  expect(accounts[0]).toBe(ALICE)
  for (const a of accounts) expect(a).toMatch(/^0x[0-9a-f]{40}$/)
  const fourth = accounts[3] as string
  await wallet.selectAccount(3)
  expect((await wallet.accounts())[0]).toBe(fourth)
  await openSite()
  expect(await eth(page, 'eth_requestAccounts')).toEqual({ result: [fourth] })
  const last = accounts[19] as string
  await wallet.selectAccount(last.toUpperCase().replace('0X', '0x'))
  const now = await wallet.accounts()
  expect(now[0]).toBe(last)
  expect(new Set(now)).toEqual(new Set(accounts))
  await expect(wallet.selectAccount(20)).rejects.toThrow(/has 20 accounts/)
  await expect(wallet.selectAccount(OTHER)).rejects.toThrow(/Unknown account/)
})

test('requireApproval, waitForRequest, approve: a connection waits, then the page gets the account', async ({
  page,
  wallet,
  openSite,
  site,
}) => {
  await wallet.requireApproval(true)
  await openSite()
  await fire(page, 'eth_requestAccounts')
  const pending = await wallet.waitForRequest({ method: 'eth_requestAccounts' })
  expect(pending).toMatchObject({
    method: 'eth_requestAccounts',
    origin: site.origin,
    decoded: { kind: 'connect' },
  })
  expect(typeof pending.id).toBe('string')
  expect(await answers(page)).toEqual([])
  await wallet.approve(pending)
  await expect.poll(() => answers(page)).toEqual([{ result: [ALICE] }])
  expect(await wallet.pendingRequests()).toEqual([])
  // Switched off again: a signature is answered without waiting.
  await wallet.requireApproval(false)
  const signed = (await eth(page, 'personal_sign', ['0x6869', ALICE])) as { result: string }
  expect(signed.result).toMatch(/^0x[0-9a-f]{130}$/)
})

test('reject: a personal_sign is refused with 4001; its message is decoded', async ({
  page,
  wallet,
  openSite,
}) => {
  await openSite()
  await eth(page, 'eth_requestAccounts')
  await wallet.requireApproval()
  await fire(page, 'personal_sign', ['0x68656c6c6f20776f726c64', ALICE])
  const pending = await wallet.waitForRequest()
  expect(pending.decoded).toEqual({
    kind: 'message',
    address: ALICE,
    message: 'hello world',
    raw: '0x68656c6c6f20776f726c64',
  })
  await wallet.reject(pending)
  await expect.poll(() => answers(page)).toEqual([{ error: { code: 4001 } }])
})

test('approve without an argument: the oldest pending, waiting for one to arrive; a transaction decoded', async ({
  page,
  wallet,
  devnode,
  openSite,
}) => {
  await openSite()
  await eth(page, 'eth_requestAccounts')
  await wallet.requireApproval(true)
  const approving = wallet.approve()
  await fire(page, 'eth_sendTransaction', [
    { from: ALICE, to: OTHER, value: '0x2386f26fc10000', gas: '0x5208', gasPrice: '0x3b9aca00', data: '0x' },
  ])
  await approving
  await expect.poll(async () => (await answers(page)).length).toBe(1)
  expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0x2386f26fc10000')
  // Decoded: what the page sent, in bigints.
  await fire(page, 'eth_sendTransaction', [{ from: ALICE, to: OTHER, value: '0x1', data: '0xABCD' }])
  const pending = await wallet.waitForRequest({ method: 'eth_sendTransaction' })
  expect(pending.decoded).toEqual({ kind: 'transaction', from: ALICE, to: OTHER, value: 1n, data: '0xabcd' })
  await wallet.reject()
  await expect.poll(async () => (await answers(page))[1]).toEqual({ error: { code: 4001 } })
  await expect(wallet.approve(pending)).rejects.toThrow(/no longer pending/)
})

test('typed data and chain switches are decoded; pendingRequests lists them oldest first', async ({
  page,
  wallet,
  devnode,
  openSite,
}) => {
  await openSite()
  await eth(page, 'eth_requestAccounts')
  await wallet.requireApproval(true)
  const typed = {
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
      ],
      Mail: [
        { name: 'to', type: 'address' },
        { name: 'contents', type: 'string' },
      ],
    },
    domain: { name: 'Mailer', chainId: 33 },
    primaryType: 'Mail',
    message: { to: OTHER, contents: 'hi' },
  }
  await fire(page, 'eth_signTypedData_v4', [ALICE, JSON.stringify(typed)])
  await wallet.waitForRequest({ method: 'eth_signTypedData_v4' })
  await fire(page, 'wallet_switchEthereumChain', [{ chainId: '0x1f' }])
  await wallet.waitForRequest({ method: 'wallet_switchEthereumChain' })
  const [first, second] = await wallet.pendingRequests()
  expect(first?.decoded).toMatchObject({
    kind: 'typedData',
    address: ALICE,
    domain: { name: 'Mailer', chainId: 33 },
    primaryType: 'Mail',
    message: { to: OTHER, contents: 'hi' },
  })
  expect(second?.decoded).toEqual({ kind: 'switchChain', chainId: '0x1f', network: 'testnet' })
  await wallet.approve(first)
  await wallet.approve(second)
  await expect.poll(async () => (await answers(page)).length).toBe(2)
  expect(((await answers(page))[0] as { result: string }).result).toMatch(/^0x[0-9a-f]{130}$/)
  expect(await devnode.network()).toBe('testnet')
})

test('rejectNext: the next request answers 4001, the one after goes through', async ({
  page,
  wallet,
  openSite,
}) => {
  await openSite()
  await wallet.rejectNext()
  expect(await eth(page, 'eth_requestAccounts')).toEqual({
    error: { code: 4001, message: 'User rejected the request.' },
  })
  expect(await eth(page, 'eth_requestAccounts')).toEqual({ result: [ALICE] })
})

test('waitForRequest times out naming what it waited for and what is pending', async ({
  page,
  wallet,
  openSite,
}) => {
  await expect(wallet.waitForRequest({ timeout: 200 })).rejects.toThrow(
    /wallet\.waitForRequest\(\{"timeout":200\}\) timed out after 200 ms: no request came to approve; nothing is pending \(require approval is off/,
  )
  await wallet.requireApproval(true)
  await openSite()
  await fire(page, 'eth_requestAccounts')
  await wallet.waitForRequest()
  await expect(wallet.waitForRequest({ method: 'personal_sign', timeout: 200 })).rejects.toThrow(
    /timed out after 200 ms: no personal_sign request came to approve; pending: eth_requestAccounts from http:\/\/127\.0\.0\.1:\d+$/,
  )
  await wallet.approve()
})
