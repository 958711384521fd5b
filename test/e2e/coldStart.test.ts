/**
 * The node reopened by a fresh worker over a long stored chain answers from where it stopped
 * (head, old blocks, balances, receipts), and transactions sent many at a time (their blocks
 * committed by the store's group commit) are never lost once acknowledged, even when the worker
 * is stopped right after the replies.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ExtensionBrowser,
  launchWithExtension,
  type PageServer,
  startPageServer,
  stopServiceWorker,
} from './harness.js'

const BLOCKS = 1500
const RECIPIENT = '0x7986b3df570230288501eea3d890bd66948c9b79'
type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type Block = { number: string; hash: string; parentHash: string; stateRoot: string }

describe('cold start over a long chain and durability of acknowledged transactions', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let page: Page
  let from: string

  const rpc = (method: string, params: unknown[] = []) =>
    page.evaluate(
      ([m, p]) => (window as unknown as { ethereum: Eth }).ethereum.request({ method: m, params: p }),
      [method, params] as const,
    )

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/', '<!doctype html><html><body>cold start</body></html>')
    page = await ext.context.newPage()
    // The provider is registered by the worker's first start: reload until it is injected.
    for (let attempt = 0; ; attempt++) {
      await page.goto(server.url)
      const injected = await page
        .waitForFunction(() => 'ethereum' in window, null, { timeout: 2000 })
        .then(() => true)
        .catch(() => false)
      if (injected) break
      if (attempt === 10) throw new Error('the provider was never injected')
    }
    from = ((await rpc('eth_requestAccounts')) as string[])[0] as string
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  it(`reopens a chain of ${BLOCKS} blocks on its head with the same state`, async () => {
    for (let i = 0; i < 3; i++)
      await rpc('eth_sendTransaction', [{ from, to: RECIPIENT, value: `0x${(1000 + i).toString(16)}` }])
    await rpc('hardhat_mine', [`0x${BLOCKS.toString(16)}`])
    const before = {
      head: (await rpc('eth_getBlockByNumber', ['latest', false])) as Block,
      early: (await rpc('eth_getBlockByNumber', ['0x2', false])) as Block,
      sender: await rpc('eth_getBalance', [from, 'latest']),
      recipient: await rpc('eth_getBalance', [RECIPIENT, 'latest']),
      nonce: await rpc('eth_getTransactionCount', [from, 'latest']),
    }
    expect(Number(before.head.number)).toBeGreaterThanOrEqual(BLOCKS + 3)

    expect(await stopServiceWorker(ext)).toBe(true)
    // The first request wakes the worker, which reopens the node from IndexedDB.
    expect(await rpc('eth_blockNumber')).toBe(before.head.number)
    expect(await rpc('eth_getBlockByNumber', ['latest', false])).toMatchObject({
      number: before.head.number,
      hash: before.head.hash,
      parentHash: before.head.parentHash,
      stateRoot: before.head.stateRoot,
    })
    expect(await rpc('eth_getBalance', [RECIPIENT, 'latest'])).toBe(before.recipient)
    expect(await rpc('eth_getBalance', [from, 'latest'])).toBe(before.sender)
    expect(await rpc('eth_getTransactionCount', [from, 'latest'])).toBe(before.nonce)
    expect(((await rpc('eth_getBlockByNumber', ['0x2', false])) as Block).hash).toBe(before.early.hash)

    // And it keeps mining on that head.
    await rpc('eth_sendTransaction', [{ from, to: RECIPIENT, value: '0x1' }])
    const next = (await rpc('eth_getBlockByNumber', ['latest', false])) as Block
    expect(BigInt(next.number)).toBe(BigInt(before.head.number) + 1n)
    expect(next.parentHash).toBe(before.head.hash)
  })

  it('keeps every transaction acknowledged with 8 in flight when the worker stops right after', async () => {
    const sendMany = (count: number) =>
      page.evaluate(
        async ([sender, to, n]) => {
          const eth = (window as unknown as { ethereum: Eth }).ethereum
          const hashes: string[] = []
          let next = 0
          await Promise.all(
            Array.from({ length: 8 }, async () => {
              while (next++ < n)
                hashes.push(
                  (await eth.request({
                    method: 'eth_sendTransaction',
                    params: [{ from: sender, to, value: '0x1' }],
                  })) as string,
                )
            }),
          )
          return hashes
        },
        [from, RECIPIENT, count] as const,
      )
    const acknowledged: string[] = []
    for (let round = 0; round < 3; round++) {
      acknowledged.push(...(await sendMany(24)))
      // No grace period: the worker goes away the moment the last reply is in.
      expect(await stopServiceWorker(ext)).toBe(true)
    }
    expect(new Set(acknowledged).size).toBe(72)
    const numbers = new Set<string>()
    for (const hash of acknowledged) {
      const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as {
        status: string
        blockNumber: string
      } | null
      expect(receipt, hash).not.toBeNull()
      expect(receipt?.status).toBe('0x1')
      numbers.add(receipt!.blockNumber)
    }
    // Automine: one block per transaction, each one stored.
    expect(numbers.size).toBe(72)
    const nonce = BigInt((await rpc('eth_getTransactionCount', [from, 'latest'])) as string)
    const head = (await rpc('eth_getBlockByNumber', ['latest', false])) as Block
    for (const n of [...numbers].map(BigInt)) expect(n <= BigInt(head.number)).toBe(true)
    // Every transaction of this sender is accounted for: 3 + 1 from the first test, 72 here.
    expect(nonce).toBe(76n)
  })
})
