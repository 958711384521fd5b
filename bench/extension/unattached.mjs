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
import { cpSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { COLD_START_PAGE, coldStarts, launchUnattached, titleOf } from './unattachedBrowser.mjs'

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

// The cold start's page (unattachedBrowser.mjs), and the sends' page, which runs the workloads and keeps the result in `window.benchResult`.
const pages = {
  '/': COLD_START_PAGE,
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
  const { send, close } = await launchUnattached(extension, keptProfile)
  try {
    // The worker installs itself after the extension loads: the sends start after it.
    if (measureName === 'sends') await sleep(1500)
    const row = {
      label,
      ...(measureName === 'sends' ? await sends(send) : await coldStarts(send, url, starts)),
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
