#!/usr/bin/env node
// The scale suite in the extension (IndexedDB, the MV3 worker in headless Chromium): for each size
// a fresh browser profile, the chain built through the page's provider with the same plan as the
// other stores, then the same measures (timed in the page), the worker's cold start, its heap
// (CDP on the worker) and the IndexedDB directory's bytes.
//   EXTENSION_OUT_DIR=/tmp/x npx vite build
//   EXTENSION_OUT_DIR=/tmp/x nice -n 10 node bench/scale/extension.mjs [--sizes=1000,10000]
//     [--transfers=200 --token-transfers=100 --restarts=5 --out=dir]
// Every request crosses page.evaluate (a CDP round trip): reads are timed in the page, W4/W5
// rates include that hop at every size alike.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import WebSocket from 'ws'
import { launchWithExtension, providerPage } from '../extension/browser.mjs'
import { coldStarts } from '../extension/worker.mjs'
import { RpcError } from '../lib/rpc.mjs'
import { buildChain } from './build.mjs'
import { measureReads, measureWrites } from './measure.mjs'
import { option } from './workerCommon.mjs'

const root = resolve(import.meta.dirname, '../..')
const sizes = (option('sizes') ?? '1000,10000').split(',').map(Number)
const transfers = Number(option('transfers') ?? 200)
const tokenTransfers = Number(option('token-transfers') ?? 100)
const restarts = Number(option('restarts') ?? 5)
const rounds = Number(option('rounds') ?? 3)
const outDir = option('out') ?? join(root, 'bench/results')
const extension = resolve(process.env.EXTENSION_OUT_DIR ?? join(root, 'dist'))
const log = (message) => console.error(`[scale indexeddb] ${message}`)

function diskBytes(dir) {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? diskBytes(path) : statSync(path).size
  }
  return total
}

/** A client whose requests go through the page's provider, timed in the page. */
function pageClient(page) {
  const client = {
    lastMs: undefined,
    async request({ method, params = [] }) {
      const answer = await page.evaluate(
        async ({ method, params }) => {
          const t0 = performance.now()
          try {
            const result = await window.ethereum.request({ method, params })
            return { result, ms: performance.now() - t0 }
          } catch (error) {
            return { error: { message: error.message, code: error.code }, ms: performance.now() - t0 }
          }
        },
        { method, params },
      )
      client.lastMs = answer.ms
      if (answer.error) throw new RpcError(method, answer.error)
      return answer.result
    },
  }
  return client
}

/** The worker's heap after a full collection, through CDP on the worker's own target. */
async function workerHeap(profileDir) {
  const port = readFileSync(join(profileDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]
  const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()
  const sw = list.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'))
  if (!sw) return undefined
  const ws = new WebSocket(sw.webSocketDebuggerUrl)
  await new Promise((done, fail) => {
    ws.on('open', done)
    ws.on('error', fail)
  })
  let id = 0
  const waiting = new Map()
  ws.on('message', (m) => {
    const j = JSON.parse(m)
    if (j.id && waiting.has(j.id)) {
      waiting.get(j.id)(j)
      waiting.delete(j.id)
    }
  })
  const send = (method, params = {}) =>
    new Promise((done) => {
      waiting.set(++id, done)
      ws.send(JSON.stringify({ id, method, params }))
    })
  await send('HeapProfiler.enable')
  await send('HeapProfiler.collectGarbage')
  const usage = await send('Runtime.getHeapUsage')
  ws.close()
  const mib = (n) => Math.round((n / 1048576) * 10) / 10
  return {
    heapUsedMiB: mib(usage.result?.usedSize ?? Number.NaN),
    heapTotalMiB: mib(usage.result?.totalSize ?? Number.NaN),
  }
}

const server = createServer((_q, r) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>scale</title>'),
)
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`

const results = []
for (const size of sizes) {
  const { context, profileDir } = await launchWithExtension(extension, ['--remote-debugging-port=0'])
  const idbDir = join(profileDir, 'Default/IndexedDB')
  try {
    const page = await providerPage(context, url)
    const client = pageClient(page)
    await client.request({ method: 'eth_requestAccounts' }).catch(() => undefined)
    const built = await buildChain(client, size, { onProgress: (head) => log(`${size}: head ${head}`) })
    log(`${size}: built in ${built.buildMs} ms`)
    // Let the journal's write-behind finish, then start cold: what a developer opening it meets.
    await new Promise((done) => setTimeout(done, 3000))
    const cold = await coldStarts(context, page, restarts)
    const heapAtOpen = await workerHeap(profileDir)
    const reads = await measureReads(client, { size, contracts: built.contracts })
    const heapAfterReads = await workerHeap(profileDir)
    await new Promise((done) => setTimeout(done, 3000))
    const diskStart = diskBytes(idbDir)
    await client.request({ method: 'anvil_mine', params: ['0x7d0'] })
    await new Promise((done) => setTimeout(done, 5000))
    const diskAfterEmpty = diskBytes(idbDir)
    const writes = await measureWrites(client, built, { transfers, tokenTransfers, rounds })
    results.push({
      store: 'indexeddb',
      size,
      buildMs: built.buildMs,
      coldStartMs: {
        median: Math.round(cold.firstAnswerMs.medianMs),
        all: cold.firstAnswerMs.samples.map(Math.round),
      },
      reads,
      ...writes,
      disk: {
        totalMiB: Math.round((diskBytes(idbDir) / 1048576) * 10) / 10,
        bytesPerBlockOverall: Math.round(diskStart / reads.head),
        bytesPerEmptyBlock: Math.round((diskAfterEmpty - diskStart) / 2000),
      },
      memory: { atOpen: heapAtOpen, afterReads: heapAfterReads },
    })
  } catch (error) {
    log(`${size}: ${error.stack ?? error}`)
    results.push({ store: 'indexeddb', size, error: String(error.message ?? error) })
  } finally {
    await context.close()
    rmSync(profileDir, { recursive: true, force: true })
  }
}
server.closeAllConnections()
server.close()
mkdirSync(outDir, { recursive: true })
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
writeFileSync(join(outDir, `scale-indexeddb-${stamp}.json`), JSON.stringify({ sizes, results }, null, 2))
console.log(JSON.stringify(results, null, 2))
if (results.some((r) => r.error)) process.exitCode = 1
