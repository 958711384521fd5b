/**
 * Every `devnode` call, against the extension in Chromium, seen from the dApp's page where it
 * matters (chain id, blocks, balances, the request log).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DevnodeRpcError } from '../../src/playwright/index.js'
import { eth, expect, test } from './site.js'

const ALICE = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
const STRANGER = '0x00000000000000000000000000000000000beef1'
const OTHER = '0x00000000000000000000000000000000000beef2'

test('network and selectNetwork: the page follows, with chainChanged', async ({
  page,
  devnode,
  openSite,
}) => {
  expect(await devnode.network()).toBe('regtest')
  await openSite()
  expect(await eth(page, 'eth_chainId')).toEqual({ result: '0x21' })
  await page.evaluate(() => {
    const w = window as unknown as {
      ethereum: { on(e: string, f: (v: string) => void): void }
      changed?: string
    }
    w.ethereum.on('chainChanged', (id) => {
      w.changed = id
    })
  })
  await devnode.selectNetwork('testnet')
  expect(await devnode.network()).toBe('testnet')
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { changed?: string }).changed))
    .toBe('0x1f')
  expect(await eth(page, 'eth_chainId')).toEqual({ result: '0x1f' })
  expect(await devnode.request('eth_chainId')).toBe('0x1f')
})

test('request: the node answers; errors carry code and data', async ({ devnode }) => {
  expect(await devnode.request('eth_chainId', [])).toBe('0x21')
  expect(await devnode.request<string>('net_version')).toBe('33')
  const unknown = await devnode.request('no_suchMethod').catch((e: unknown) => e)
  expect(unknown).toBeInstanceOf(DevnodeRpcError)
  expect(unknown).toMatchObject({ code: -32601, method: 'no_suchMethod' })
  const bad = (await devnode.request('eth_getBalance', ['0x12']).catch((e: unknown) => e)) as DevnodeRpcError
  expect(bad.code).toBe(-32602)
  expect(bad.message).toMatch(/./)
  // A reverting call: the revert's data comes along.
  await devnode.setCode(OTHER, '0x60006000fd') // PUSH1 0 PUSH1 0 REVERT
  const reverted = (await devnode
    .request('eth_call', [{ to: OTHER, data: '0x' }, 'latest'])
    .catch((e: unknown) => e)) as DevnodeRpcError
  expect(reverted).toBeInstanceOf(DevnodeRpcError)
  expect(typeof reverted.code).toBe('number')
})

test('mine and blockNumber: the page sees the new head', async ({ page, devnode, openSite }) => {
  const start = await devnode.blockNumber()
  expect(start).toBe(0n)
  expect(await devnode.mine()).toBe(1n)
  expect(await devnode.mine(3)).toBe(4n)
  expect(await devnode.mine(2n)).toBe(6n)
  await openSite()
  expect(await eth(page, 'eth_blockNumber')).toEqual({ result: '0x6' })
})

test('setAutomine: a transaction waits in the pool until a block is mined', async ({ devnode }) => {
  await devnode.setBalance(STRANGER, 10n ** 18n)
  await devnode.impersonate(STRANGER)
  await devnode.setAutomine(false)
  const gasPrice = await devnode.request<string>('eth_gasPrice')
  const hash = await devnode.request<string>('eth_sendTransaction', [
    { from: STRANGER, to: OTHER, value: '0x1', gas: '0x5208', gasPrice },
  ])
  expect(await devnode.blockNumber()).toBe(0n)
  expect(await devnode.request('eth_getTransactionReceipt', [hash])).toBeNull()
  await devnode.mine()
  expect(await devnode.request('eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1' })
  await devnode.setAutomine(true)
  await devnode.request('eth_sendTransaction', [
    { from: STRANGER, to: OTHER, value: '0x1', gas: '0x5208', gasPrice },
  ])
  expect(await devnode.blockNumber()).toBe(2n)
})

test('setNextBlockTimestamp and increaseTime: block timestamps follow', async ({ devnode }) => {
  const timestampOf = async (n: bigint) =>
    BigInt(
      (await devnode.request<{ timestamp: string }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false]))
        .timestamp,
    )
  await devnode.setNextBlockTimestamp(2_000_000_000)
  const first = await devnode.mine()
  expect(await timestampOf(first)).toBe(2_000_000_000n)
  const offset = await devnode.increaseTime(3600)
  expect(typeof offset).toBe('bigint')
  expect(offset).toBeGreaterThanOrEqual(3600n)
  const second = await devnode.mine()
  expect(await timestampOf(second)).toBeGreaterThanOrEqual(2_000_003_600n)
})

test('snapshot and revert', async ({ devnode }) => {
  await devnode.setBalance(OTHER, 5n)
  const id = await devnode.snapshot()
  expect(id).toMatch(/^0x[0-9a-f]+$/)
  await devnode.mine(2)
  await devnode.setBalance(OTHER, 7n)
  expect(await devnode.revert(id)).toBe(true)
  expect(await devnode.blockNumber()).toBe(0n)
  expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0x5')
  expect(await devnode.revert(id)).toBe(false)
})

test('setBalance, setCode, setNonce, setStorageAt', async ({ page, devnode, openSite }) => {
  await devnode.setBalance(OTHER, 10n ** 18n)
  await devnode.setCode(OTHER, '0x6001600055')
  await devnode.setNonce(OTHER, 5n)
  await devnode.setStorageAt(OTHER, 1n, 0xabcdefn)
  await devnode.setStorageAt(OTHER, '0x02', `0x${'11'.repeat(32)}`)
  expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0xde0b6b3a7640000')
  expect(await devnode.request('eth_getCode', [OTHER, 'latest'])).toBe('0x6001600055')
  expect(await devnode.request('eth_getTransactionCount', [OTHER, 'latest'])).toBe('0x5')
  expect(await devnode.request('eth_getStorageAt', [OTHER, '0x1', 'latest'])).toBe(
    `0x${'abcdef'.padStart(64, '0')}`,
  )
  expect(await devnode.request('eth_getStorageAt', [OTHER, '0x2', 'latest'])).toBe(`0x${'11'.repeat(32)}`)
  // The page reads the same chain.
  await openSite()
  expect(await eth(page, 'eth_getBalance', [OTHER, 'latest'])).toEqual({ result: '0xde0b6b3a7640000' })
})

test('impersonate and stopImpersonating', async ({ devnode }) => {
  await devnode.setBalance(STRANGER, 10n ** 18n)
  const gasPrice = await devnode.request<string>('eth_gasPrice')
  const send = () =>
    devnode.request<string>('eth_sendTransaction', [
      { from: STRANGER, to: OTHER, value: '0x2', gas: '0x5208', gasPrice },
    ])
  await expect(send()).rejects.toBeInstanceOf(DevnodeRpcError)
  await devnode.impersonate(STRANGER)
  expect(await send()).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0x2')
  await devnode.stopImpersonating(STRANGER)
  await expect(send()).rejects.toBeInstanceOf(DevnodeRpcError)
})

test('requests: what the page asked, oldest first, by method and origin', async ({
  page,
  devnode,
  openSite,
  site,
}) => {
  expect(await devnode.requests()).toEqual([])
  await openSite()
  await eth(page, 'eth_chainId')
  await eth(page, 'eth_blockNumber')
  await eth(page, 'eth_getBalance', [ALICE, 'latest'])
  // The fixture's own calls are not page requests: not logged.
  await devnode.blockNumber()
  const all = await devnode.requests()
  expect(all.map((e) => e.method)).toEqual(['eth_chainId', 'eth_blockNumber', 'eth_getBalance'])
  expect(all[0]).toMatchObject({ origin: site.origin, network: 'regtest', result: '0x21' })
  expect(all[2]?.params).toEqual([ALICE, 'latest'])
  expect((await devnode.requests({ method: 'eth_blockNumber' })).map((e) => e.result)).toEqual(['0x0'])
  expect(await devnode.requests({ origin: site.url })).toHaveLength(3)
  expect(await devnode.requests({ origin: 'http://localhost:1' })).toEqual([])
})

test('lastTransaction: hash, transaction, receipt and call trace of the latest one', async ({
  page,
  devnode,
  openSite,
}) => {
  expect(await devnode.lastTransaction()).toBeNull()
  await openSite()
  expect(await eth(page, 'eth_requestAccounts')).toEqual({ result: [ALICE] })
  const sent = await eth(page, 'eth_sendTransaction', [{ from: ALICE, to: OTHER, value: '0x3e8' }])
  const hash = (sent as { result: string }).result
  await devnode.mine(2)
  const last = await devnode.lastTransaction()
  expect(last?.hash).toBe(hash)
  expect(last?.transaction).toMatchObject({ hash, from: ALICE, to: OTHER, value: '0x3e8' })
  expect(last?.receipt).toMatchObject({
    transactionHash: hash,
    status: 1,
    blockNumber: 1n,
    from: ALICE,
    to: OTHER,
  })
  expect(last?.receipt.gasUsed).toBe(21000n)
  expect(last?.trace).toMatchObject({ type: 'CALL', from: ALICE, to: OTHER, value: '0x3e8' })
})

test.describe('fork and reset', () => {
  // In order, in one worker: the last test sees what the one before it left.
  test.describe.configure({ mode: 'serial' })
  type Lib = {
    createNode(p: { network: string; storage: unknown }): Promise<{
      request(input: unknown): Promise<unknown>
      close(): Promise<void>
    }>
    createMemoryStore(): unknown
  }
  let upstream: Server
  let url: string
  let close: () => Promise<void>

  test.beforeAll(async () => {
    // The upstream: the library's node over HTTP on 127.0.0.1, a regtest chain with a funded account.
    const libPath = new URL('../../dist/lib/index.js', import.meta.url).href
    const lib = (await import(libPath)) as Lib
    const node = await lib.createNode({ network: 'regtest', storage: lib.createMemoryStore() })
    await node.request({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [OTHER, '0x4d2'] })
    await node.request({ jsonrpc: '2.0', id: 2, method: 'anvil_mine', params: ['0x8'] })
    upstream = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8')
      })
      req.on('end', async () => {
        const answer = await node.request(body)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
      })
    })
    await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done))
    url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/rpc/secret-key`
    close = async () => {
      const closed = new Promise<void>((done) => upstream.close(() => done()))
      upstream.closeAllConnections()
      await closed
      await node.close()
    }
  })
  test.afterAll(async () => close?.())

  test('fork: the selected network becomes a fork of the upstream; reset: a fresh local chain', async ({
    devnode,
  }) => {
    const info = await devnode.fork({ url, blockNumber: 5 })
    expect(info).toMatchObject({ blockNumber: 5n, chainId: 33 })
    expect(info.upstream).not.toContain('secret-key')
    expect(await devnode.blockNumber()).toBe(5n)
    expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0x4d2')
    // Only blocks mined on the fork are searched.
    expect(await devnode.lastTransaction()).toBeNull()
    expect(await devnode.mine()).toBe(6n)
    await devnode.reset()
    expect(await devnode.blockNumber()).toBe(0n)
    expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0x0')
  })

  test('a fork left by a test: the next test starts on a local chain again', async ({ devnode }) => {
    await devnode.fork({ url, blockNumber: 3 })
    expect(await devnode.blockNumber()).toBe(3n)
  })

  test('(after the fork was left behind) a local chain', async ({ devnode }) => {
    expect(await devnode.blockNumber()).toBe(0n)
    expect(await devnode.request('eth_getBalance', [OTHER, 'latest'])).toBe('0x0')
  })
})
