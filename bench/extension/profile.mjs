#!/usr/bin/env node
// CPU profile of the extension's service worker (CDP Profiler over --remote-debugging-port) while
// the page runs one workload: where a request's time goes inside the worker, and how much of the
// wall time the worker sits idle (waiting for IndexedDB or for messages).
// Usage: EXTENSION_OUT_DIR=/tmp/x [PROFILE_OUT=x.cpuprofile] node bench/extension/profile.mjs [count] [send|raw|call|ping]
// (PROFILE_OUT keeps the raw profile, for DevTools or bench/extension/callers.mjs)
import { readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { launchWithExtension, providerPage } from './browser.mjs'
import { connectCdp, devToolsPort } from './cdp.mjs'

const root = resolve(import.meta.dirname, '../..')
const N = Number(process.argv[2] ?? 300)
const MODE = process.argv[3] ?? 'send'
const token = JSON.parse(await readFile(join(root, 'test/dapp/demoToken.json'), 'utf8'))
const server = createServer((_q, r) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>b</title>'),
)
await new Promise((d) => server.listen(0, '127.0.0.1', d))
const url = `http://127.0.0.1:${server.address().port}/`
const extension = resolve(process.env.EXTENSION_OUT_DIR)
// The remote debugging port is where the CDP Profiler below attaches to the service worker.
const { context, profileDir: profile } = await launchWithExtension(extension, ['--remote-debugging-port=0'])
try {
  const page = await providerPage(context, url)
  const setup = await page.evaluate(
    async ({ bytecode, n, mode }) => {
      const eth = window.ethereum
      const [from] = await eth.request({ method: 'eth_requestAccounts' })
      const supply = (10n ** 24n).toString(16).padStart(64, '0')
      const h = await eth.request({
        method: 'eth_sendTransaction',
        params: [{ from, data: bytecode + supply }],
      })
      const r = await eth.request({ method: 'eth_getTransactionReceipt', params: [h] })
      for (let i = 0; i < 30; i++)
        await eth.request({
          method: 'eth_sendTransaction',
          params: [{ from, to: '0x7986b3df570230288501eea3d890bd66948c9b79', value: '0x1' }],
        })
      // `raw` sends transactions signed here beforehand (W4's shape), so signing stays out.
      const raws = []
      if (mode === 'raw') {
        const nonce = BigInt(
          await eth.request({ method: 'eth_getTransactionCount', params: [from, 'pending'] }),
        )
        const gasPrice = await eth.request({ method: 'eth_gasPrice' })
        for (let i = 0n; i < BigInt(n); i++)
          raws.push(
            await eth.request({
              method: 'eth_signTransaction',
              params: [
                {
                  from,
                  to: '0x7986b3df570230288501eea3d890bd66948c9b79',
                  value: '0x1',
                  nonce: `0x${(nonce + i).toString(16)}`,
                  gas: '0x5208',
                  gasPrice,
                },
              ],
            }),
          )
      }
      return { from, token: r.contractAddress, raws }
    },
    { bytecode: token.bytecode, n: N, mode: MODE },
  )
  const list = await (await fetch(`http://127.0.0.1:${devToolsPort(profile)}/json/list`)).json()
  const sw = list.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'))
  const cdp = await connectCdp(sw.webSocketDebuggerUrl)
  const send = cdp.send
  await send('Profiler.enable')
  await send('Profiler.setSamplingInterval', { interval: 100 })
  await send('Profiler.start')
  const wall = await page.evaluate(
    async ({ n, from, token, mode, raws }) => {
      const eth = window.ethereum
      const t0 = performance.now()
      for (let i = 0; i < n; i++) {
        if (mode === 'send')
          await eth.request({
            method: 'eth_sendTransaction',
            params: [{ from, to: '0x7986b3df570230288501eea3d890bd66948c9b79', value: '0x1' }],
          })
        else if (mode === 'raw') await eth.request({ method: 'eth_sendRawTransaction', params: [raws[i]] })
        else if (mode === 'call')
          await eth.request({
            method: 'eth_call',
            params: [{ to: token, data: `0x70a08231${from.slice(2).padStart(64, '0')}` }, 'latest'],
          })
        else await eth.request({ method: 'rskdevnode_ping', params: [] })
      }
      return performance.now() - t0
    },
    { n: N, ...setup, mode: MODE },
  )
  const { result } = await send('Profiler.stop')
  const p = result.profile
  if (process.env.PROFILE_OUT) await writeFile(process.env.PROFILE_OUT, JSON.stringify(p))
  const byId = new Map(p.nodes.map((n) => [n.id, n]))
  const self = new Map()
  const dt = p.timeDeltas
  for (let i = 0; i < p.samples.length; i++) {
    const n = byId.get(p.samples[i])
    const d = (dt[i + 1] ?? 0) / 1000
    const f = n.callFrame
    const k = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
    self.set(k, (self.get(k) ?? 0) + d)
  }
  // inclusive time per function name
  const parent = new Map()
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const incl = new Map()
  for (let i = 0; i < p.samples.length; i++) {
    const d = (dt[i + 1] ?? 0) / 1000
    const seen = new Set()
    for (let x = p.samples[i]; x !== undefined; x = parent.get(x)) {
      const f = byId.get(x).callFrame
      const k = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`
      if (seen.has(k)) continue
      seen.add(k)
      incl.set(k, (incl.get(k) ?? 0) + d)
    }
  }
  console.log(
    `wall ${wall.toFixed(0)} ms for ${N} ${MODE}: ${(wall / N).toFixed(2)} ms each, ${((N / wall) * 1000).toFixed(1)}/s`,
  )
  console.log('--- self ms (top 35)')
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 35))
    console.log(v.toFixed(1).padStart(8), k)
  console.log('--- inclusive ms (top 50)')
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 90))
    console.log(v.toFixed(1).padStart(8), k)
  cdp.close()
} finally {
  await context.close()
  server.closeAllConnections()
  server.close()
  await rm(profile, { recursive: true, force: true })
}
