#!/usr/bin/env node
// Page → worker → page latency of the built extension (dist/) in headless Chromium, all in one run:
//   - bare messaging round trip (rskdevnode_ping: answered by the worker, no node, no log)
//   - eth_blockNumber
//   - eth_call of DemoToken.balanceOf (an ERC-20 read through the EVM)
//   - persisted transactions per second (eth_sendTransaction, automine: each one is a block
//     committed to IndexedDB), sequential and with 8 in flight
// Usage: npm run build:ext && node bench/extension/run.mjs [--requests 500] [--transactions 200]
// Writes bench/results/extension-<timestamp>.json and prints a table.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'

const root = resolve(import.meta.dirname, '../..')
const { values } = parseArgs({
  options: { requests: { type: 'string', default: '500' }, transactions: { type: 'string', default: '200' } },
})
const REQUESTS = Number(values.requests)
const TRANSACTIONS = Number(values.transactions)
const token = JSON.parse(await readFile(join(root, 'test/dapp/demoToken.json'), 'utf8'))

const server = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>'),
)
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`
const profile = await mkdtemp(join(tmpdir(), 'rsk-devnode-bench-'))
const extension = resolve(process.env.EXTENSION_OUT_DIR ?? join(root, 'dist'))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  ignoreDefaultArgs: ['--disable-extensions'],
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    `--disable-extensions-except=${extension}`,
    `--load-extension=${extension}`,
  ],
})

try {
  const page = await context.newPage()
  await page.goto(url)
  const result = await page.evaluate(
    async ({ requests, transactions, bytecode }) => {
      const eth = window.ethereum
      const stats = (samples) => {
        const s = [...samples].sort((a, b) => a - b)
        const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))]
        return { n: s.length, medianMs: at(0.5), p90Ms: at(0.9), p99Ms: at(0.99), maxMs: s[s.length - 1] }
      }
      const time = async (method, params, n) => {
        for (let i = 0; i < 50; i++) await eth.request({ method, params })
        const samples = []
        for (let i = 0; i < n; i++) {
          const t0 = performance.now()
          await eth.request({ method, params })
          samples.push(performance.now() - t0)
        }
        return stats(samples)
      }
      const [from] = await eth.request({ method: 'eth_requestAccounts' })
      const supply = (10n ** 24n).toString(16).padStart(64, '0')
      const deployHash = await eth.request({
        method: 'eth_sendTransaction',
        params: [{ from, data: bytecode + supply }],
      })
      const receipt = await eth.request({ method: 'eth_getTransactionReceipt', params: [deployHash] })
      const balanceOf = { to: receipt.contractAddress, data: `0x70a08231${from.slice(2).padStart(64, '0')}` }
      const out = {}
      out.ping = await time('rskdevnode_ping', [], requests)
      out.blockNumber = await time('eth_blockNumber', [], requests)
      out.balanceOf = await time('eth_call', [balanceOf, 'latest'], requests)
      const send = () =>
        eth.request({
          method: 'eth_sendTransaction',
          params: [{ from, to: '0x7986b3df570230288501eea3d890bd66948c9b79', value: '0x1' }],
        })
      let t0 = performance.now()
      for (let i = 0; i < transactions; i++) await send()
      out.sequentialTxPerSecond = transactions / ((performance.now() - t0) / 1000)
      t0 = performance.now()
      let left = transactions
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (left-- > 0) await send()
        }),
      )
      out.concurrent8TxPerSecond = transactions / ((performance.now() - t0) / 1000)
      out.blocks = Number(await eth.request({ method: 'eth_blockNumber' }))
      return out
    },
    { requests: REQUESTS, transactions: TRANSACTIONS, bytecode: token.bytecode },
  )
  const report = {
    date: new Date().toISOString(),
    chromium: context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent)),
    requests: REQUESTS,
    transactions: TRANSACTIONS,
    ...result,
  }
  await mkdir(join(root, 'bench/results'), { recursive: true })
  const file = join(root, `bench/results/extension-${report.date.replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`)
  const row = (name, s) =>
    `| ${name} | ${s.medianMs.toFixed(2)} | ${s.p90Ms.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${s.maxMs.toFixed(1)} |`
  console.log(`page → worker → page, ${REQUESTS} sequential requests after 50 warm-up (ms)`)
  console.log('| request | median | p90 | p99 | max |\n|---|---|---|---|---|')
  console.log(row('bare messaging (rskdevnode_ping)', result.ping))
  console.log(row('eth_blockNumber', result.blockNumber))
  console.log(row('eth_call DemoToken.balanceOf', result.balanceOf))
  console.log(
    `persisted transactions/s (eth_sendTransaction, one block each): sequential ${result.sequentialTxPerSecond.toFixed(1)}, 8 in flight ${result.concurrent8TxPerSecond.toFixed(1)}`,
  )
  console.log(`written to ${file}`)
} finally {
  await context.close()
  server.closeAllConnections()
  server.close()
  await rm(profile, { recursive: true, force: true })
}
