#!/usr/bin/env node
// The CPU each Chromium process spends on one operation of the floor and on one persisted send:
// where a sequential `eth_sendTransaction`'s time goes across the page, the browser process
// (messaging and IndexedDB) and the extension's worker. On a 2-core machine these processes share
// two cores, so what the three spend together bounds the sequential rate as much as the wall time
// of any one step does (bench/README.md, "Answering a send from its intent").
// A page runs, one phase after the other and `count` times each: the relay's round trip
// (`rskdevnode_ping`), one committed IndexedDB put of 2 KiB in the page (the floor's put), and
// `eth_sendTransaction` of a value transfer; /proc is read around each phase (processCpu.mjs).
// The put is workload.js's, the one run.mjs and unattached.mjs time for the floor.
// Playwright attaches to the worker, which slows it: compare builds in one run, not to run.mjs.
//   EXTENSION_OUT_DIR=/tmp/x npx vite build
//   node bench/extension/cpuBudget.mjs --extension=/tmp/x [--count=400] [--sustained=2000]
//     [--builds=dirA,dirB --rounds=3]
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { launchWithExtension, providerPage } from './browser.mjs'
import { chromiumCpu, cpuPer } from './processCpu.mjs'

const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const count = Number(option('count', 400))
/** With --sustained=N, a last phase of N sends in a row: the journal's compaction runs during it. */
const sustained = Number(option('sustained', 0))
const rounds = Number(option('rounds', 1))
const builds = (option('builds') ?? option('extension', process.env.EXTENSION_OUT_DIR ?? ''))
  .split(',')
  .map((b) => resolve(b))
const ROLES = ['page', 'browser', 'extension']
/** The page side of the extension bench: its floor's put (benchFloorPut) is the one timed here. */
const workload = await readFile(join(import.meta.dirname, 'workload.js'), 'utf8')

const server = createServer((_q, r) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>b</title>'),
)
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`

/** Each phase's body runs in the page, `n` times. */
const PHASES = {
  ping: (n) => `for (let i = 0; i < ${n}; i++) await window.ethereum.request({ method: 'rskdevnode_ping' })`,
  put: (n) => `for (let i = 0; i < ${n}; i++) await window.floorPut(i)`,
  send: (n) =>
    `for (let i = 0; i < ${n}; i++) await window.ethereum.request({ method: 'eth_sendTransaction', params: [window.transfer] })`,
}

async function measure(extension) {
  const { context, profileDir } = await launchWithExtension(extension)
  try {
    const page = await providerPage(context, url)
    await page.addScriptTag({ content: workload })
    await page.evaluate(async () => {
      const eth = window.ethereum
      const [from] = await eth.request({ method: 'eth_requestAccounts' })
      window.transfer = { from, to: '0x7986b3df570230288501eea3d890bd66948c9b79', value: '0x1' }
      // Warm-up: the worker's late loads, the JIT, and a chain that is not empty.
      for (let i = 0; i < 100; i++)
        await eth.request({ method: 'eth_sendTransaction', params: [window.transfer] })
      for (let i = 0; i < 100; i++) await eth.request({ method: 'rskdevnode_ping' })
      window.floorPut = await window.benchFloorPut()
    })
    const out = {}
    const phases = Object.entries(PHASES).map(([name, body]) => [name, body, count])
    if (sustained > 0) phases.push([`send ×${sustained}`, PHASES.send, sustained])
    for (const [name, body, n] of phases) {
      // A pause between phases: the worker's deferred writes (compaction, the request log) run in it.
      await new Promise((done) => setTimeout(done, 300))
      const before = chromiumCpu(profileDir)
      const ms = await page.evaluate(
        `(async () => { const t0 = performance.now(); ${body(n)}; return performance.now() - t0 })()`,
      )
      const cpu = cpuPer(before, chromiumCpu(profileDir), n)
      out[name] = { wallMs: ms / n, ...Object.fromEntries(ROLES.map((r) => [r, cpu[r] ?? 0])) }
    }
    return out
  } finally {
    await context.close()
  }
}

const fmt = (x) => x.toFixed(3)
for (let round = 1; round <= rounds; round++)
  for (const build of builds) {
    const r = await measure(build)
    console.log(
      `\n${build}${rounds > 1 ? ` round ${round}` : ''}: ms an operation (wall, then CPU by process)`,
    )
    console.log('| operation | wall | page | browser | worker | CPU, the three |')
    console.log('| --- | --- | --- | --- | --- | --- |')
    for (const [name, x] of Object.entries(r))
      console.log(
        `| ${name} | ${fmt(x.wallMs)} | ${fmt(x.page)} | ${fmt(x.browser)} | ${fmt(x.extension)} | ${fmt(x.page + x.browser + x.extension)} |`,
      )
  }
server.close()
