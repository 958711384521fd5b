/**
 * The worker is stopped 50 times (CDP ServiceWorker.stopWorker) while a page streams
 * transactions: no request hangs, every acknowledged transaction is on the chain afterwards,
 * and the head is consistent (parent links, sender nonce = mined transactions).
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

const STOPS = 50
type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
type StreamState = {
  acknowledged: string[]
  errors: Array<{ code: unknown; message: string }>
  inFlight: number
  done: boolean
  stop: boolean
}

describe('worker restarts during a stream of transactions', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let page: Page

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/', '<!doctype html><html><body>stream</body></html>')
    page = await ext.context.newPage()
    await page.goto(server.url)
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  it(`survives ${STOPS} worker stops with every acknowledged transaction mined`, async () => {
    const [from] = (await page.evaluate(() =>
      (window as unknown as { ethereum: Eth }).ethereum.request({ method: 'eth_requestAccounts' }),
    )) as string[]
    // Two concurrent senders, each waiting for its answer before sending the next.
    await page.evaluate((sender) => {
      const eth = (window as unknown as { ethereum: Eth }).ethereum
      const state: StreamState = { acknowledged: [], errors: [], inFlight: 0, done: false, stop: false }
      ;(window as unknown as { stream: StreamState }).stream = state
      const to = '0x7986b3df570230288501eea3d890bd66948c9b79'
      const worker = async () => {
        while (!state.stop) {
          state.inFlight++
          try {
            const hash = await eth.request({
              method: 'eth_sendTransaction',
              params: [{ from: sender, to, value: '0x1' }],
            })
            state.acknowledged.push(hash as string)
          } catch (e) {
            const err = e as { code?: unknown; message?: string }
            state.errors.push({ code: err.code, message: String(err.message) })
          } finally {
            state.inFlight--
          }
        }
      }
      void Promise.all([worker(), worker()]).then(() => {
        state.done = true
      })
    }, from)

    const acknowledged = () =>
      page.evaluate(() => (window as unknown as { stream: StreamState }).stream.acknowledged.length)
    let stopped = 0
    let attempts = 0
    while (stopped < STOPS && attempts < STOPS * 3) {
      attempts++
      // A worker still starting up is not "running" yet: that attempt does not count.
      if (await stopServiceWorker(ext)) stopped++
      // A cold start takes a few hundred milliseconds: wait until the stream moves again, then
      // stop at a varying moment, with the other sender's request in flight.
      const before = await acknowledged()
      for (let waited = 0; waited < 5000 && (await acknowledged()) === before; waited += 25) {
        await new Promise((r) => setTimeout(r, 25))
      }
      await new Promise((r) => setTimeout(r, (attempts * 37) % 120))
    }
    await page.evaluate(() => {
      ;(window as unknown as { stream: StreamState }).stream.stop = true
    })
    // Nothing hangs: both senders finish within the relay's give-up deadline.
    await page.waitForFunction(() => (window as unknown as { stream: StreamState }).stream.done, undefined, {
      timeout: 30_000,
    })
    const state = (await page.evaluate(
      () => (window as unknown as { stream: StreamState }).stream,
    )) as StreamState

    expect(stopped).toBe(STOPS)
    expect(state.acknowledged.length).toBeGreaterThan(STOPS)
    expect(state.errors).toEqual([])
    expect(new Set(state.acknowledged).size).toBe(state.acknowledged.length)

    const results = (await page.evaluate(
      async ({ hashes, sender }) => {
        const eth = (window as unknown as { ethereum: Eth }).ethereum
        const receipts = await Promise.all(
          hashes.map((h) => eth.request({ method: 'eth_getTransactionReceipt', params: [h] })),
        )
        const head = BigInt((await eth.request({ method: 'eth_blockNumber' })) as string)
        const blocks: Array<{ number: string; hash: string; parentHash: string }> = []
        for (let n = 0n; n <= head; n++) {
          blocks.push(
            (await eth.request({
              method: 'eth_getBlockByNumber',
              params: [`0x${n.toString(16)}`, false],
            })) as never,
          )
        }
        const nonce = await eth.request({ method: 'eth_getTransactionCount', params: [sender, 'latest'] })
        const pendingNonce = await eth.request({
          method: 'eth_getTransactionCount',
          params: [sender, 'pending'],
        })
        return { receipts, head: Number(head), blocks, nonce, pendingNonce }
      },
      { hashes: state.acknowledged, sender: from! },
    )) as {
      receipts: Array<{ status: string } | null>
      head: number
      blocks: Array<{ number: string; hash: string; parentHash: string }>
      nonce: string
      pendingNonce: string
    }

    expect(results.receipts.filter((r) => r === null)).toHaveLength(0)
    expect(results.receipts.every((r) => r?.status === '0x1')).toBe(true)
    for (let i = 1; i < results.blocks.length; i++) {
      expect(results.blocks[i]?.parentHash).toBe(results.blocks[i - 1]?.hash)
      expect(Number(results.blocks[i]?.number)).toBe(i)
    }
    // Every transaction the sender ever sent is mined, and no acknowledged one is missing.
    expect(Number(results.nonce)).toBe(state.acknowledged.length)
    expect(results.pendingNonce).toBe(results.nonce)
  })
})
