#!/usr/bin/env node
// The scale suite in the extension (IndexedDB, the MV3 worker in headless Chromium): for each size
// a fresh browser profile, the chain built through the page's provider with the same plan as the
// other stores, then the same measures (timed in the page), the worker's cold start, its heap
// (CDP on the worker) and the IndexedDB directory's bytes.
//   EXTENSION_OUT_DIR=/tmp/x npx vite build
//   EXTENSION_OUT_DIR=/tmp/x nice -n 10 node bench/scale/extension.mjs [--sizes=1000,10000]
//     [--transfers=200 --token-transfers=100 --restarts=5 --out=dir]
//     [--measures=cold,panel,reads,writes] [--keep=dir] [--build-minutes=25] [--measure-only]
//     [--result=file]   (the first size's result alone, as bench/scale.mjs reads it)
// --keep keeps each size's browser profile (its IndexedDB chain) in dir/indexeddb-<size>: a later
// run completes a chain built short and measures it without building it again, when it loads the
// extension from the same EXTENSION_OUT_DIR (the path names the extension, and its IndexedDB). --measures picks
// what is measured (all by default): the panel (panel.mjs) is measured after the cold starts.
// --build-minutes stops a build that takes longer and measures the chain as far as it went;
// --measure-only measures kept chains as they are (a size without one is built).
// Every request crosses page.evaluate (a CDP round trip): reads are timed in the page, and W4/W5
// run their whole sequence in the page (sendAndWaitAll), so neither includes that hop.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, resolve } from 'node:path'
import { launchWithExtension, providerPage } from '../extension/browser.mjs'
import { connectCdp, devToolsPort } from '../extension/cdp.mjs'
import {
  COLD_START_PAGE,
  launchUnattached,
  coldStarts as unattachedColdStarts,
} from '../extension/unattachedBrowser.mjs'
import { coldStarts } from '../extension/worker.mjs'
import { RpcError } from '../lib/rpc.mjs'
import { buildChain } from './build.mjs'
import { measureReads, measureWrites } from './measure.mjs'
import { measurePanel } from './panel.mjs'
import { diskBytes, option } from './workerCommon.mjs'

const root = resolve(import.meta.dirname, '../..')
const sizes = (option('sizes') ?? '1000,10000').split(',').map(Number)
const transfers = Number(option('transfers') ?? 200)
const tokenTransfers = Number(option('token-transfers') ?? 100)
const restarts = Number(option('restarts') ?? 5)
const rounds = Number(option('rounds') ?? 3)
const outDir = option('out') ?? join(root, 'bench/results')
const measures = new Set((option('measures') ?? 'cold,panel,reads,writes').split(','))
const keep = option('keep') && resolve(option('keep'))
const buildMinutes = Number(option('build-minutes') ?? Number.POSITIVE_INFINITY)
const measureOnly = process.argv.includes('--measure-only')
const extension = resolve(process.env.EXTENSION_OUT_DIR ?? join(root, 'dist', 'extension', 'chromium'))
const log = (message) => console.error(`[scale indexeddb] ${message}`)
/** Empty blocks mined to measure their bytes on disk: enough to outweigh LevelDB's own noise. */
const EMPTY_FOR_DISK = 10_000

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
    /**
     * W4/W5's sequence timed in the page: each pre-signed transaction sent, then its receipt asked
     * for (every 2 ms until it exists, as the other stores' clients do), the next after it.
     */
    sendAndWaitAll(raws, capMs) {
      return page.evaluate(
        async ({ raws, capMs }) => {
          const eth = window.ethereum
          const latencies = []
          let failed = 0
          const started = performance.now()
          for (const raw of raws) {
            if (performance.now() - started > capMs) break
            const t0 = performance.now()
            const hash = await eth.request({ method: 'eth_sendRawTransaction', params: [raw] })
            let receipt = null
            while (!receipt) {
              receipt = await eth.request({ method: 'eth_getTransactionReceipt', params: [hash] })
              if (!receipt) await new Promise((done) => setTimeout(done, 2))
            }
            if (receipt.status === '0x0') failed++
            latencies.push(performance.now() - t0)
          }
          const elapsedMs = performance.now() - started
          return { latencies, elapsedMs, failed, truncated: latencies.length < raws.length }
        },
        { raws, capMs },
      )
    },
    /**
     * The build's steps run in the page in one evaluate: `{ mine }` is an anvil_mine of that
     * many blocks, `{ raw, block }` a planned transaction, answered with the block its receipt
     * names (automine: a block of its own) and its status.
     */
    runSteps(steps) {
      return page.evaluate(async (steps) => {
        const eth = window.ethereum
        const outcomes = []
        for (const step of steps) {
          if (step.mine) {
            await eth.request({ method: 'anvil_mine', params: [step.mine] })
            continue
          }
          const hash = await eth.request({ method: 'eth_sendRawTransaction', params: [step.raw] })
          const receipt = await eth.request({ method: 'eth_getTransactionReceipt', params: [hash] })
          outcomes.push({
            block: step.block,
            landedIn: Number(receipt?.blockNumber),
            status: receipt?.status,
          })
        }
        return outcomes
      }, steps)
    },
  }
  return client
}

/** The worker's heap after a full collection, through CDP on the worker's own target. */
async function workerHeap(profileDir) {
  const list = await (await fetch(`http://127.0.0.1:${devToolsPort(profileDir)}/json/list`)).json()
  const sw = list.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'))
  if (!sw) return undefined
  const cdp = await connectCdp(sw.webSocketDebuggerUrl)
  const send = cdp.send
  await send('HeapProfiler.enable')
  await send('HeapProfiler.collectGarbage')
  const usage = await send('Runtime.getHeapUsage')
  cdp.close()
  const mib = (n) => Math.round((n / 1048576) * 10) / 10
  return {
    heapUsedMiB: mib(usage.result?.usedSize ?? Number.NaN),
    heapTotalMiB: mib(usage.result?.totalSize ?? Number.NaN),
  }
}

const server = createServer((q, r) =>
  r
    .writeHead(200, { 'content-type': 'text/html' })
    .end(q.url === '/cold' ? COLD_START_PAGE : '<!doctype html><title>scale</title>'),
)
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`

const results = []
for (const size of sizes) {
  const kept = keep && join(keep, `indexeddb-${size}`)
  if (kept) mkdirSync(kept, { recursive: true })
  // A kept profile holds the worker's scripts as registered by an earlier run (Chromium runs
  // those, not the build on disk): dropping the registration makes it register this build's.
  // The chain, in IndexedDB, stays.
  if (kept) rmSync(join(kept, 'Default/Service Worker'), { recursive: true, force: true })
  const chainRecord = kept && join(kept, 'scale-chain.json')
  let { context, profileDir } = await launchWithExtension(extension, ['--remote-debugging-port=0'], kept)
  const idbDir = join(profileDir, 'Default/IndexedDB')
  let page
  let client
  /**
   * The chain's bytes on disk with the browser closed and opened again: Chromium's LevelDB writes
   * its log into a table when it opens, so the figure does not depend on where its log stood.
   */
  const reopen = async () => {
    await context.close()
    ;({ context } = await launchWithExtension(extension, ['--remote-debugging-port=0'], profileDir))
    page = await providerPage(context, url)
    client = pageClient(page)
    await client.request({ method: 'eth_blockNumber' })
    return diskBytes(idbDir)
  }
  try {
    page = await providerPage(context, url)
    client = pageClient(page)
    await client.request({ method: 'eth_requestAccounts' }).catch(() => undefined)
    const earlier =
      chainRecord && existsSync(chainRecord) ? JSON.parse(readFileSync(chainRecord, 'utf8')) : {}
    // The write measures' sends sit where the plan's later transactions belong: a chain short of
    // its size that was measured is never completed. A complete one is measured again (its reads
    // look at the plan's blocks, below the measures' sends).
    // Chromium names an unpacked extension after its path, and its IndexedDB after that name.
    if (earlier.extension && earlier.extension !== extension)
      throw new Error(`${kept} holds the chain of the extension loaded from ${earlier.extension}`)
    const startHead = Number(await client.request({ method: 'eth_blockNumber' }))
    if (earlier.written && startHead < size && !measureOnly)
      throw new Error(
        `${kept} was measured with writes at head ${startHead}: measure it with --measure-only or delete it`,
      )
    let lastReport = { at: performance.now(), head: 0 }
    const built = await buildChain(client, size, {
      contracts: earlier.contracts,
      onDeployed: (contracts) =>
        chainRecord && writeFileSync(chainRecord, JSON.stringify({ contracts, extension })),
      onProgress: (head) => {
        const now = performance.now()
        const rate = ((head - lastReport.head) / (now - lastReport.at)) * 1000
        lastReport = { at: now, head }
        log(`${size}: head ${head} (${Math.round(rate)} blocks/s)`)
      },
      stopAfterMs: measureOnly && earlier.contracts ? 0 : buildMinutes * 60_000,
    })
    log(`${size}: built in ${built.buildMs} ms`)
    const result = {
      store: 'indexeddb',
      size,
      buildMs: built.buildMs,
      ...(earlier.contracts && { resumed: true }),
    }
    results.push(result)
    // Let the journal's write-behind finish, then start cold: what a developer opening it meets.
    await new Promise((done) => setTimeout(done, 3000))
    if (measures.has('cold')) {
      const cold = await coldStarts(context, page, restarts)
      result.coldStartMs = {
        median: Math.round(cold.firstAnswerMs.medianMs),
        all: cold.firstAnswerMs.samples.map(Math.round),
        phases: cold.timeline,
        // The measure: the worker's first module to its first answer, on its own clock.
        ...(cold.firstModuleToAnswerMs && {
          firstModuleToAnswer: {
            median: cold.firstModuleToAnswerMs.medianMs,
            all: cold.firstModuleToAnswerMs.samples,
          },
        }),
        marksSinceFirstModule: cold.marksSinceFirstModule,
      }
      log(`${size}: cold start ${JSON.stringify(result.coldStartMs)}`)
      // The same starts as users get them, with no debugger attached to the worker while it starts
      // (Playwright attaches to every service worker): its browser closed, one driven over CDP.
      await context.close()
      const unattached = await launchUnattached(extension, profileDir)
      try {
        result.coldStartUnattachedMs = await unattachedColdStarts(unattached.send, `${url}cold`, restarts)
      } finally {
        await unattached.close()
      }
      log(`${size}: cold start, unattached ${JSON.stringify(result.coldStartUnattachedMs)}`)
      ;({ context } = await launchWithExtension(extension, ['--remote-debugging-port=0'], profileDir))
      page = await providerPage(context, url)
      client = pageClient(page)
    }
    const heapAtOpen = await workerHeap(profileDir)
    if (measures.has('panel')) {
      const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
      const head = Number(await client.request({ method: 'eth_blockNumber' }))
      result.panel = await measurePanel(context, new URL(worker.url()).host, head)
      log(`${size}: panel ${JSON.stringify(result.panel)}`)
    }
    if (measures.has('reads')) {
      result.reads = await measureReads(client, { size, contracts: built.contracts })
      result.memory = { atOpen: heapAtOpen, afterReads: await workerHeap(profileDir) }
    } else result.memory = { atOpen: heapAtOpen }
    if (measures.has('writes')) {
      if (chainRecord)
        writeFileSync(
          chainRecord,
          JSON.stringify({ ...earlier, contracts: built.contracts, extension, written: true }),
        )
      // Each disk figure is taken once the worker compacted its journal (a pause in the requests)
      // and the browser was closed and opened again.
      const settle = () => new Promise((done) => setTimeout(done, 5000))
      await settle()
      const diskStart = await reopen()
      const head = Number(await client.request({ method: 'eth_blockNumber' }))
      await client.request({ method: 'anvil_mine', params: [`0x${EMPTY_FOR_DISK.toString(16)}`] })
      await settle()
      const diskAfterEmpty = await reopen()
      Object.assign(result, await measureWrites(client, built, { transfers, tokenTransfers, rounds }))
      await settle()
      const diskAfterWrites = await reopen()
      const afterWrites = Number(await client.request({ method: 'eth_blockNumber' }))
      result.disk = {
        totalMiB: Math.round((diskAfterWrites / 1048576) * 10) / 10,
        bytesPerBlockOverall: Math.round(diskStart / head),
        bytesPerEmptyBlock: Math.round((diskAfterEmpty - diskStart) / EMPTY_FOR_DISK),
        // The W4/W5 blocks (one transfer or ERC-20 transfer each).
        bytesPerW4W5Block: Math.round(
          (diskAfterWrites - diskAfterEmpty) / (afterWrites - head - EMPTY_FOR_DISK),
        ),
      }
    }
  } catch (error) {
    log(`${size}: ${error.stack ?? error}`)
    results.push({ store: 'indexeddb', size, error: String(error.message ?? error) })
  } finally {
    await context.close()
    if (!kept) rmSync(profileDir, { recursive: true, force: true })
  }
}
server.closeAllConnections()
server.close()
mkdirSync(outDir, { recursive: true })
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
writeFileSync(join(outDir, `scale-indexeddb-${stamp}.json`), JSON.stringify({ sizes, results }, null, 2))
// bench/scale.mjs runs one size at a time and reads its result from here.
if (option('result')) writeFileSync(option('result'), JSON.stringify(results[0] ?? {}, null, 2))
console.log(JSON.stringify(results, null, 2))
if (results.some((r) => r.error)) process.exitCode = 1
