#!/usr/bin/env node
// The extension in headless Chromium, all in one run, next to Ganache's browser build in a page:
//   - bare messaging round trip (rskdevnode_ping: answered by the worker, no node, no log)
//   - the floor of a persisted transaction: one IndexedDB put committed, timed in the page
//   - W1 eth_blockNumber and W3 eth_call of DemoToken.balanceOf, page → worker → page
//   - persisted transactions per second (automine: each one is a block committed to IndexedDB):
//     eth_sendTransaction sequentially and with 8 in flight, and pre-signed eth_sendRawTransaction;
//     then a sustained run of --sustained sequential sends, longer than the backlog of blocks the
//     chain store keeps in its journal before it must compact while transactions arrive
//   - cold start: the worker stopped through CDP after 2 s idle, then the first request from the
//     page, with the chain as the workloads left it and again with 10,000 blocks stored; and the
//     worker stopped at once after the sustained run, with blocks still in its journal
//   - the worker's bundle (JS it evaluates at start, .wasm files) and which crypto backends it uses
// The page is opened only once the worker has registered the provider's content scripts.
// Usage: EXTENSION_OUT_DIR=/tmp/x npx vite build && EXTENSION_OUT_DIR=/tmp/x node bench/extension/run.mjs
//   [--requests 500] [--transactions 200] [--sustained 2000] [--blocks 10000] [--restarts 7] [--no-ganache]
// Writes bench/results/extension-<timestamp>.json and prints a table.
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { extensionWorker, launchWithExtension, providerPage } from './browser.mjs'
import { chromiumCpu, cpuPer } from './processCpu.mjs'
import { coldStarts } from './worker.mjs'

const root = resolve(import.meta.dirname, '../..')
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    transactions: { type: 'string', default: '200' },
    sustained: { type: 'string', default: '2000' },
    blocks: { type: 'string', default: '10000' },
    restarts: { type: 'string', default: '7' },
    'no-ganache': { type: 'boolean', default: false },
  },
})
const REQUESTS = Number(values.requests)
const TRANSACTIONS = Number(values.transactions)
const BLOCKS = Number(values.blocks)
const RESTARTS = Number(values.restarts)
const token = JSON.parse(await readFile(join(root, 'test/dapp/demoToken.json'), 'utf8'))
const workload = await readFile(join(import.meta.dirname, 'workload.js'), 'utf8')
const ganacheBundle = join(root, '.peers/ganache/node_modules/ganache/dist/web/ganache.min.js')
const options = {
  requests: REQUESTS,
  transactions: TRANSACTIONS,
  bytecode: token.bytecode,
  recipient: '0x7986b3df570230288501eea3d890bd66948c9b79',
}

const server = createServer((req, res) => {
  if (req.url === '/ganache.js')
    return void readFile(ganacheBundle).then((body) =>
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(body),
    )
  res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>')
})
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`
const extension = resolve(process.env.EXTENSION_OUT_DIR ?? join(root, 'dist', 'extension', 'chromium'))
const { context, profileDir: profile } = await launchWithExtension(extension)

/** Opens the bench page once the provider's scripts are registered. */
async function benchPage() {
  const page = await providerPage(context, url)
  await page.addScriptTag({ content: workload })
  return page
}

/** Which crypto the node uses (null for builds without `rskDevnodeCryptoBackends`). */
async function cryptoBackends() {
  const worker = await extensionWorker(context)
  return worker.evaluate(() => globalThis.rskDevnodeCryptoBackends?.() ?? null).catch(() => null)
}

/** Bytes of JavaScript the worker evaluates at start (its module graph) and of WebAssembly files. */
async function workerBundle() {
  const seen = new Set()
  let js = 0
  const visit = async (file) => {
    if (seen.has(file)) return
    seen.add(file)
    // A match inside a comment may name no file of the build: skip it.
    const code = await readFile(join(extension, file), 'utf8').catch(() => null)
    if (code === null) return
    js += Buffer.byteLength(code)
    for (const [, spec] of code.matchAll(/\b(?:from|import)\s*['"](\.{0,2}\/[^'"]+)['"]/g))
      await visit(join(dirname(file), spec).replace(/^\//, ''))
  }
  const manifest = JSON.parse(await readFile(join(extension, 'manifest.json'), 'utf8'))
  await visit(manifest.background.service_worker)
  const wasm = (await readdir(join(extension, 'assets'))).filter((f) => f.endsWith('.wasm'))
  let wasmBytes = 0
  for (const f of wasm) wasmBytes += (await stat(join(extension, 'assets', f))).size
  return { jsBytes: js, modules: seen.size, wasmBytes }
}

try {
  const page = await benchPage()
  // Messaging and one committed IndexedDB put, timed in the page (workload.js benchFloor).
  const { ping, idbCommit } = await page.evaluate((n) => window.benchFloor(window.ethereum, n), REQUESTS)
  const extension = {
    ping,
    idbCommit,
    ...(await page.evaluate((o) => window.benchWorkload(window.ethereum, o), options)),
  }
  // The sustained run, with the CPU time each Chromium process spent on it (per send): the worker's
  // renderer, the page's, and the browser process, where IndexedDB commits.
  const sustained = Number(values.sustained)
  if (sustained > 0) {
    const cpuBefore = chromiumCpu(profile)
    const wallStarted = Date.now()
    extension.sustainedTxPerSecond = await page.evaluate((o) => window.benchSustained(window.ethereum, o), {
      sustained,
      recipient: options.recipient,
    })
    extension.sustainedCpuMsPerSend = cpuPer(cpuBefore, chromiumCpu(profile), sustained)
    extension.sustainedWallMsPerSend = (Date.now() - wallStarted) / sustained
    extension.blocks = Number(
      await page.evaluate(() => window.ethereum.request({ method: 'eth_blockNumber' })),
    )
  }
  // Right after 2,000 sends: the worker is stopped with up to 512 blocks in its journal, which
  // the next start reads back and compacts.
  extension.coldStartAfterBurst = {
    blocks: extension.blocks,
    ...(await coldStarts(context, page, 3, { idleMs: 0 })),
  }
  extension.crypto = await cryptoBackends()
  extension.workerBundle = await workerBundle()
  extension.coldStart = { blocks: extension.blocks, ...(await coldStarts(context, page, RESTARTS)) }
  if (BLOCKS > extension.blocks) {
    const t0 = Date.now()
    await page.evaluate(async (target) => {
      const eth = window.ethereum
      for (;;) {
        const left = target - Number(await eth.request({ method: 'eth_blockNumber' }))
        if (left <= 0) return
        await eth.request({ method: 'hardhat_mine', params: [`0x${Math.min(left, 1000).toString(16)}`] })
      }
    }, BLOCKS)
    extension.minedPerSecond = (BLOCKS - extension.blocks) / ((Date.now() - t0) / 1000)
    extension.coldStartLarge = { blocks: BLOCKS, ...(await coldStarts(context, page, RESTARTS)) }
  }

  let ganache = null
  if (!values['no-ganache'] && existsSync(ganacheBundle)) {
    const gpage = await context.newPage()
    await gpage.goto(url)
    await gpage.addScriptTag({ url: '/ganache.js' })
    await gpage.addScriptTag({ content: workload })
    ganache = await gpage.evaluate(async (o) => {
      const t0 = performance.now()
      const provider = Ganache.provider({
        logging: { quiet: true },
        wallet: { totalAccounts: 2 },
        chain: { chainId: 31 },
      })
      await provider.request({ method: 'eth_blockNumber' })
      const startMs = performance.now() - t0
      return { startMs, ...(await window.benchWorkload(provider, o)) }
    }, options)
    await gpage.close()
  }

  const report = {
    date: new Date().toISOString(),
    chromium: context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent)),
    requests: REQUESTS,
    transactions: TRANSACTIONS,
    extension,
    ganache,
  }
  await mkdir(join(root, 'bench/results'), { recursive: true })
  const file = join(root, `bench/results/extension-${report.date.replace(/[:.]/g, '-')}.json`)
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`)
  printTable(report)
  console.log(`written to ${file}`)
} finally {
  await context.close()
  server.closeAllConnections()
  server.close()
  await rm(profile, { recursive: true, force: true })
}

function printTable({ extension: e, ganache: g }) {
  const ms = (s) => (s ? `${s.medianMs.toFixed(2)} / ${s.p99Ms.toFixed(2)}` : '–')
  const n = (x, digits = 1) => (x === undefined ? '–' : x.toFixed(digits))
  const ratio = (a, b) => (a && b ? `${(a / b).toFixed(2)}×` : '–')
  console.log(`${REQUESTS} sequential requests after 50 warm-up; latency p50 / p99 in ms`)
  console.log('| workload | extension (page → worker → page) | Ganache in the page |\n|---|---|---|')
  console.log(`| bare messaging (rskdevnode_ping) | ${ms(e.ping)} | – |`)
  // Page timers are coarsened to 0.1 ms: the ratio of means is the steadier one.
  const vsPing = (s) =>
    `${ratio(s.medianMs, e.ping.medianMs)} ping; mean ${n(s.meanMs, 3)} ms, ${ratio(s.meanMs, e.ping.meanMs)} ping`
  console.log(`| bare messaging mean | ${n(e.ping.meanMs, 3)} ms | – |`)
  console.log(
    `| W1 eth_blockNumber | ${ms(e.blockNumber)} (${vsPing(e.blockNumber)}) | ${ms(g?.blockNumber)} |`,
  )
  console.log(`| W3 eth_call balanceOf | ${ms(e.balanceOf)} (${vsPing(e.balanceOf)}) | ${ms(g?.balanceOf)} |`)
  if (e.idbCommit) {
    const floorMs = e.ping.medianMs + e.idbCommit.medianMs
    console.log(
      `| floor: one IndexedDB put committed (in the page) | ${ms(e.idbCommit)}; with the round trip ${n(floorMs, 2)} ms = ${n(1000 / floorMs)} tx/s at most | – |`,
    )
  }
  console.log(
    `| eth_sendTransaction tx/s, sequential | ${n(e.sequentialTxPerSecond)} | ${n(g?.sequentialTxPerSecond)} |`,
  )
  console.log(
    `| eth_sendTransaction tx/s, 8 in flight | ${n(e.concurrent8TxPerSecond)} | ${n(g?.concurrent8TxPerSecond)} |`,
  )
  console.log(
    `| pre-signed eth_sendRawTransaction tx/s, sequential | ${n(e.sequentialRawTxPerSecond)} | ${n(g?.sequentialRawTxPerSecond)} |`,
  )
  if (e.sustainedTxPerSecond) {
    console.log(
      `| eth_sendTransaction tx/s, sequential, ${values.sustained} in a row (journal compaction included) | ${n(e.sustainedTxPerSecond)} (${ratio(e.sustainedTxPerSecond, e.sequentialTxPerSecond)} the ${TRANSACTIONS} sequential) | – |`,
    )
    const cpu = Object.entries(e.sustainedCpuMsPerSend ?? {})
      .filter(([, ms]) => ms >= 0.01)
      .map(([r, ms]) => `${r} ${ms.toFixed(2)}`)
      .join(', ')
    console.log(
      `| CPU ms per send in that run, by Chromium process (wall ${n(e.sustainedWallMsPerSend, 2)} ms a send) | ${cpu} | – |`,
    )
  }
  const cold = (c) =>
    c
      ? `${n(c.firstAnswerMs.medianMs)} (min ${n(c.firstAnswerMs.minMs)}, max ${n(c.firstAnswerMs.maxMs)}; next ${n(c.secondAnswerMs.medianMs, 2)})`
      : '–'
  console.log(
    `| cold start to first answer, ${e.coldStart.blocks} blocks (ms) | ${cold(e.coldStart)} | ${g ? `${n(g.startMs)} (provider start, empty chain)` : '–'} |`,
  )
  if (e.coldStartLarge)
    console.log(
      `| cold start to first answer, ${e.coldStartLarge.blocks} blocks (ms) | ${cold(e.coldStartLarge)} | – |`,
    )
  if (e.coldStartAfterBurst)
    console.log(
      `| cold start, stopped at once after the sustained run (journal backlog; ms) | ${cold(e.coldStartAfterBurst)} | – |`,
    )
  const inWorker = (c) =>
    c?.firstModuleToAnswerMs
      ? `${n(c.firstModuleToAnswerMs.medianMs)} (min ${n(c.firstModuleToAnswerMs.minMs)}, max ${n(c.firstModuleToAnswerMs.maxMs)})`
      : '–'
  for (const [label, c] of [
    [`${e.coldStart.blocks} blocks`, e.coldStart],
    [`${e.coldStartLarge?.blocks} blocks`, e.coldStartLarge],
    ['after the sustained run', e.coldStartAfterBurst],
  ])
    if (c?.firstModuleToAnswerMs)
      console.log(`| cold start, ${label}: worker's first module to first answer (ms) | ${inWorker(c)} | – |`)
  const b = e.workerBundle
  console.log(
    `| worker bundle (JS evaluated at start; .wasm files) | ${(b.jsBytes / 1024).toFixed(0)} KiB in ${b.modules} modules; ${(b.wasmBytes / 1024).toFixed(0)} KiB | – |`,
  )
  for (const [label, c] of [
    ['cold start', e.coldStart],
    ['cold start, large chain', e.coldStartLarge],
    ['cold start after the burst', e.coldStartAfterBurst],
  ])
    if (c?.timeline) {
      console.log(
        `${label}, median phases (ms): ${Object.entries(c.timeline)
          .map(([phase, ms]) => `${phase} ${ms}`)
          .join(', ')}`,
      )
      if (c.marksSinceFirstModule)
        console.log(
          `${label}, the worker's marks from its first module (ms, median): ${Object.entries(
            c.marksSinceFirstModule,
          )
            .map(([mark, ms]) => `${mark} ${ms}`)
            .join(', ')}`,
        )
    }
  console.log(`Crypto in the worker: ${e.crypto ? JSON.stringify(e.crypto) : 'not reported by this build'}`)
  console.log(
    "Extension transactions are persisted in IndexedDB before the reply; Ganache's browser build keeps its chain in memory.",
  )
}
