#!/usr/bin/env node
// The extension as a user meets it: no debugger attached to its worker. Playwright
// (bench/extension/run.mjs, worker.mjs, scale/extension.mjs) attaches to every service worker as
// it starts, and an attached inspector slows the worker: its first `new Error()` alone costs
// ~19 ms then (V8 records a detailed stack for the inspector) against 0.1 ms unattached, and
// evaluating the modules takes ~25 ms against ~9. Here Chromium is driven over its own CDP
// endpoint, and a session attaches to the worker or the page only once what is measured is done.
//   --measure=cold (default): the worker is stopped (ServiceWorker.stopAllWorkers from a page
//     session), a page whose first script asks `eth_blockNumber` wakes it, and the worker's
//     start-up marks (src/background/index.ts markStart) are read after the page has its answer.
//   --measure=sends: a page runs run.mjs's floor and workloads (workload.js: benchFloor,
//     benchWorkload with --sustained sends in a row) and its result is read once it is done.
//   EXTENSION_OUT_DIR=/tmp/x npx vite build
//   node bench/extension/unattached.mjs --extension=/tmp/x [--measure=cold|sends] [--starts=9]
//     [--transactions=200 --requests=200 --sustained=2000] [--profile=dir]
//     [--builds=dirA,dirB --rounds=3]
// --profile starts in a kept browser profile (a scale chain: scale/extension.mjs --keep), whose
// IndexedDB belongs to the extension loaded from --extension's path; --builds copies each build
// into that path in turn, `rounds` times (an A/B on the same chain).
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import WebSocket from 'ws'

const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const extension = resolve(option('extension', process.env.EXTENSION_OUT_DIR ?? ''))
const starts = Number(option('starts', 9))
const rounds = Number(option('rounds', 1))
const builds = option('builds')
  ?.split(',')
  .map((b) => resolve(b))
const keptProfile = option('profile') && resolve(option('profile'))
const measureName = option('measure', 'cold')
const root = resolve(import.meta.dirname, '../..')
const workload = await readFile(join(import.meta.dirname, 'workload.js'), 'utf8')
const token = JSON.parse(await readFile(join(root, 'test/dapp/demoToken.json'), 'utf8'))
const sendOptions = {
  requests: Number(option('requests', 200)),
  transactions: Number(option('transactions', 200)),
  sustained: Number(option('sustained', 2000)),
  bytecode: token.bytecode,
  recipient: '0x7986b3df570230288501eea3d890bd66948c9b79',
}
const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

// The cold start's page asks at its first script: the provider is a static content script at
// document_start. The sends' page runs the workloads and keeps the result in `window.benchResult`.
const pages = {
  '/': `<!doctype html><title>-</title><script>
window.ethereum.request({ method: 'eth_blockNumber' }).then((n) => { document.title = n }, (e) => { document.title = 'error ' + e.message })
</script>`,
  '/sends': `<!doctype html><title>-</title><script src="/workload.js"></script><script>
(async () => {
  const options = ${JSON.stringify(sendOptions)}
  const floor = await window.benchFloor(window.ethereum, options.requests)
  window.benchResult = { ...floor, ...(await window.benchWorkload(window.ethereum, options)) }
  document.title = 'done'
})().catch((e) => { document.title = 'error ' + e.message })
</script>`,
}
const server = createServer((q, r) => {
  if (q.url === '/workload.js')
    return void r.writeHead(200, { 'content-type': 'text/javascript' }).end(workload)
  r.writeHead(200, { 'content-type': 'text/html' }).end(pages[q.url] ?? pages['/'])
})
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`

/** One Chromium with the extension; `send` speaks CDP to the browser target (flattened sessions). */
async function launch() {
  const profile = keptProfile ?? mkdtempSync(join(tmpdir(), 'rsk-devnode-unattached-'))
  // A kept profile's registered worker scripts would be an earlier build's.
  rmSync(join(profile, 'Default/Service Worker'), { recursive: true, force: true })
  rmSync(join(profile, 'DevToolsActivePort'), { force: true })
  const browser = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  )
  const portFile = join(profile, 'DevToolsActivePort')
  while (!existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2) await sleep(50)
  const port = readFileSync(portFile, 'utf8').split('\n')[0]
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()
  const ws = new WebSocket(webSocketDebuggerUrl)
  await new Promise((done) => ws.on('open', done))
  let id = 0
  const waiting = new Map()
  ws.on('message', (raw) => {
    const message = JSON.parse(raw)
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message)
      waiting.delete(message.id)
    }
  })
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((done, fail) => {
      const i = ++id
      waiting.set(i, (m) => (m.error ? fail(new Error(`${method}: ${m.error.message}`)) : done(m.result)))
      ws.send(JSON.stringify({ id: i, method, params, ...(sessionId && { sessionId }) }))
    })
  const close = async () => {
    await send('Browser.close').catch(() => {})
    await new Promise((done) => (browser.exitCode === null ? browser.on('exit', done) : done()))
  }
  return { send, close }
}

const targets = async (send) => (await send('Target.getTargets')).targetInfos
const extensionWorker = (infos) =>
  infos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'))

/** Stops the worker, wakes it with the page's request, then reads its marks (ms from its first module). */
async function coldStart(send) {
  const opener = (await send('Target.createTarget', { url: 'about:blank' })).targetId
  const { sessionId: pageSession } = await send('Target.attachToTarget', { targetId: opener, flatten: true })
  await send('ServiceWorker.enable', {}, pageSession)
  await send('ServiceWorker.stopAllWorkers', {}, pageSession)
  await send('Target.detachFromTarget', { sessionId: pageSession })
  await send('Target.closeTarget', { targetId: opener })
  for (let i = 0; i < 100 && extensionWorker(await targets(send)); i++) await sleep(20)
  const { targetId } = await send('Target.createTarget', { url })
  let title = ''
  for (let i = 0; i < 300 && !/^(0x|error)/.test(title); i++) {
    await sleep(20)
    title = (await targets(send)).find((t) => t.targetId === targetId)?.title ?? '-'
  }
  if (!title.startsWith('0x')) throw new Error(`the page's request failed: ${title}`)
  const worker = extensionWorker(await targets(send))
  const { sessionId } = await send('Target.attachToTarget', { targetId: worker.targetId, flatten: true })
  const { result } = await send(
    'Runtime.evaluate',
    {
      expression: `JSON.stringify(Object.fromEntries(performance.getEntriesByType('mark')
        .filter((m) => m.name.startsWith('rsk:')).map((m) => [m.name.slice(4), m.startTime])))`,
      returnByValue: true,
    },
    sessionId,
  )
  await send('Target.detachFromTarget', { sessionId })
  await send('Target.closeTarget', { targetId })
  const marks = JSON.parse(result.value)
  const from = marks['evaluation-started']
  return Object.fromEntries(Object.entries(marks).map(([name, ms]) => [name, ms - from]))
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** The title `targetId` has once it matches `done` (polled from the browser, not the page). */
async function titleOf(send, targetId, done, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const title = (await targets(send)).find((t) => t.targetId === targetId)?.title ?? ''
    if (done.test(title)) return title
    if (Date.now() > deadline) throw new Error(`no result after ${timeoutMs} ms (title ${title})`)
    await sleep(250)
  }
}

/** run.mjs's floor and workloads in a page; the worker is never attached. */
async function sends(send) {
  const { targetId } = await send('Target.createTarget', { url: `${url}sends` })
  const title = await titleOf(send, targetId, /^(done|error)/, 600_000)
  if (title !== 'done') throw new Error(`the sends' page failed: ${title}`)
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true })
  const { result } = await send(
    'Runtime.evaluate',
    { expression: 'JSON.stringify(window.benchResult)', returnByValue: true },
    sessionId,
  )
  await send('Target.closeTarget', { targetId })
  const r = JSON.parse(result.value)
  const floorMs = r.ping.medianMs + r.idbCommit.medianMs
  return {
    floorTxPerSecond: 1000 / floorMs,
    sequentialTxPerSecond: r.sequentialTxPerSecond,
    sequentialToFloor: (r.sequentialTxPerSecond * floorMs) / 1000,
    sustainedTxPerSecond: r.sustainedTxPerSecond,
    sustainedToSequential: r.sustainedTxPerSecond / r.sequentialTxPerSecond,
    concurrent8TxPerSecond: r.concurrent8TxPerSecond,
    sequentialRawTxPerSecond: r.sequentialRawTxPerSecond,
  }
}

async function measure(label) {
  const { send, close } = await launch()
  try {
    // The first start after loading the extension installs it: not a restart, left out.
    await sleep(1500)
    if (measureName !== 'sends') await coldStart(send)
    if (measureName === 'sends') {
      const row = { label, ...(await sends(send)) }
      console.log(JSON.stringify(row))
      return row
    }
    const samples = []
    for (let i = 0; i < starts; i++) samples.push(await coldStart(send))
    const phase = (name) => median(samples.map((m) => m[name]))
    const row = {
      label,
      firstModuleToAnswerMs: samples.map((m) => Math.round(m['first-answer'] * 10) / 10),
      medianMs: phase('first-answer'),
      modulesEvaluatedMs: phase('modules-evaluated'),
      nodeOpenMs: median(samples.map((m) => m['node-open'] - m['chain-store-open'])),
    }
    console.log(JSON.stringify(row))
    return row
  } finally {
    await close()
  }
}

if (builds) {
  for (let round = 1; round <= rounds; round++)
    for (const build of builds) {
      rmSync(extension, { recursive: true, force: true })
      cpSync(build, extension, { recursive: true })
      await measure(`${build} round ${round}`)
    }
} else await measure(extension)
server.close()
