#!/usr/bin/env node
// Where a kept IndexedDB scale chain's write time goes: opens its browser profile (the extension
// loaded from the same path it was built with), runs W4 and W5 in the page (pre-signed sends, each
// waited on until its receipt exists) and prints the rates and the CPU each Chromium process spent
// a send: the browser process (where IndexedDB and its LevelDB run), the worker, the page.
//   EXTENSION_OUT_DIR=<dir> node bench/scale/profileExtensionWrites.mjs .data/scale/indexeddb/indexeddb-1000 [sends=300]
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { launchWithExtension, providerPage } from '../extension/browser.mjs'
import { chromiumCpu, cpuPer } from '../extension/processCpu.mjs'
import { RECIPIENT, sender, signLegacy, tokenTransferData } from '../lib/chain.mjs'

const profile = resolve(process.argv[2])
const sends = Number(process.argv[3] ?? 300)
const extension = resolve(process.env.EXTENSION_OUT_DIR)
const record = JSON.parse(readFileSync(join(profile, 'scale-chain.json'), 'utf8'))
if (record.extension && record.extension !== extension)
  throw new Error(`${profile} holds the chain of the extension loaded from ${record.extension}`)
const server = createServer((_q, r) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end('<title>w</title>'),
)
await new Promise((done) => server.listen(0, '127.0.0.1', done))
rmSync(join(profile, 'Default/Service Worker'), { recursive: true, force: true })
const { context } = await launchWithExtension(extension, [], profile)
try {
  const page = await providerPage(context, `http://127.0.0.1:${server.address().port}/`)
  const rpc = (method, params = []) =>
    page.evaluate(([m, p]) => window.ethereum.request({ method: m, params: p }), [method, params])
  const chainId = Number(await rpc('eth_chainId'))
  const gasPrice = BigInt(await rpc('eth_gasPrice')) * 2n || 1n
  let nonce = Number(await rpc('eth_getTransactionCount', [sender.address, 'latest']))
  const sign = (fields) => signLegacy({ chainId, gasPrice, nonce: nonce++, ...fields })
  const run = (raws) =>
    page.evaluate(async (raws) => {
      const eth = window.ethereum
      const started = performance.now()
      for (const raw of raws) {
        const hash = await eth.request({ method: 'eth_sendRawTransaction', params: [raw] })
        while (!(await eth.request({ method: 'eth_getTransactionReceipt', params: [hash] })))
          await new Promise((done) => setTimeout(done, 2))
      }
      return raws.length / ((performance.now() - started) / 1000)
    }, raws)
  await run(
    await Promise.all(Array.from({ length: 50 }, () => sign({ gas: 21_000n, to: RECIPIENT, value: 1n }))),
  )
  const w4raws = await Promise.all(
    Array.from({ length: sends }, () => sign({ gas: 21_000n, to: RECIPIENT, value: 1n })),
  )
  const data = tokenTransferData(RECIPIENT, 1n)
  const w5raws = await Promise.all(
    Array.from({ length: sends }, () => sign({ gas: 120_000n, to: record.contracts.token, data })),
  )
  const before = chromiumCpu(profile)
  const w4 = await run(w4raws)
  const w5 = await run(w5raws)
  const cpu = cpuPer(before, chromiumCpu(profile), 2 * sends)
  const head = Number(await rpc('eth_blockNumber'))
  console.log(JSON.stringify({ profile, head, w4: Math.round(w4), w5: Math.round(w5), cpuMsPerSend: cpu }))
} finally {
  await context.close()
  server.close()
}
