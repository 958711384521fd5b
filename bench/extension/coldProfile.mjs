#!/usr/bin/env node
// CPU profile of the extension's service worker from its first instruction to the page's first
// answer after a stop: where a cold start's time goes inside the worker (evaluating the bundle,
// opening the databases, opening the node). The browser announces the worker's target before
// the worker evaluates its script; the profiler attaches then, so the first milliseconds of
// evaluation may be missed and the page's timings include the attaching.
// Usage: EXTENSION_OUT_DIR=/tmp/x node bench/extension/coldProfile.mjs [restarts=3] [top=30]
// SAVE_PROFILE=prefix also writes each start's profile (prefix-N.cpuprofile, for DevTools).
// PROFILE_DIR=dir profiles in a kept browser profile (a scale chain: bench/scale/extension.mjs --keep).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { SourceMap } from 'node:module'
import { join, resolve } from 'node:path'
import { launchWithExtension, providerPage } from './browser.mjs'
import { connectCdp, devToolsPort } from './cdp.mjs'
import { stopServiceWorker } from './worker.mjs'

const RESTARTS = Number(process.argv[2] ?? 3)
const TOP = Number(process.argv[3] ?? 30)
const extension = resolve(process.env.EXTENSION_OUT_DIR)
const server = createServer((_q, r) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>b</title>'),
)
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const url = `http://127.0.0.1:${server.address().port}/`
// The kept profile's registered worker scripts would be an earlier build's (bench/scale/extension.mjs).
if (process.env.PROFILE_DIR)
  rmSync(join(process.env.PROFILE_DIR, 'Default/Service Worker'), { recursive: true, force: true })
const { context, profileDir } = await launchWithExtension(
  extension,
  ['--remote-debugging-port=0'],
  process.env.PROFILE_DIR && resolve(process.env.PROFILE_DIR),
)

/** One CDP connection to the browser target (cdp.mjs). */
async function browserSession() {
  const port = devToolsPort(profileDir)
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()
  return connectCdp(webSocketDebuggerUrl)
}

const maps = new Map()
/** `file:line name` of a frame in the extension's bundle, through the source map next to it. */
function describe({ functionName, url: frameUrl, lineNumber, columnNumber }) {
  const local = frameUrl.startsWith('chrome-extension://')
    ? join(extension, new URL(frameUrl).pathname)
    : undefined
  if (local && !maps.has(local))
    maps.set(
      local,
      existsSync(`${local}.map`) ? new SourceMap(JSON.parse(readFileSync(`${local}.map`, 'utf8'))) : null,
    )
  const origin = local && maps.get(local)?.findOrigin(lineNumber + 1, columnNumber + 1)
  if (origin?.fileName) {
    const file = origin.fileName.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/')
    return { file, key: `${origin.name ?? (functionName || '(anonymous)')}  ${file}:${origin.lineNumber}` }
  }
  const file = frameUrl ? frameUrl.split('/').pop() : '(native/idle)'
  return { file, key: `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}` }
}

try {
  const page = await providerPage(context, url)
  await page.evaluate(() => window.ethereum.request({ method: 'eth_blockNumber' }))
  const cdp = await browserSession()
  const byFile = new Map()
  const byFunction = new Map()
  const walls = []
  let profiledMs = 0
  for (let i = 0; i < RESTARTS; i++) {
    await stopServiceWorker(context, page)
    await new Promise((done) => setTimeout(done, 300))
    // The worker's target is announced before its script is evaluated: attach at once.
    let stopListening = () => {}
    const attached = new Promise((done) => {
      stopListening = cdp.on(async (m) => {
        if (m.method !== 'Target.targetCreated' || m.params.targetInfo.type !== 'service_worker') return
        stopListening()
        const { result } = await cdp.send('Target.attachToTarget', {
          targetId: m.params.targetInfo.targetId,
          flatten: true,
        })
        done(result.sessionId)
      })
    })
    await cdp.send('Target.setDiscoverTargets', { discover: true })
    const answered = page.evaluate(async () => {
      const t0 = performance.now()
      await window.ethereum.request({ method: 'eth_blockNumber' })
      return performance.now() - t0
    })
    const session = await attached
    await cdp.send('Profiler.enable', {}, session)
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 }, session)
    await cdp.send('Profiler.start', {}, session)
    walls.push(await answered)
    const { result } = await cdp.send('Profiler.stop', {}, session)
    await cdp.send('Target.setDiscoverTargets', { discover: false })
    await cdp.send('Target.detachFromTarget', { sessionId: session })
    const p = result.profile
    if (process.env.SAVE_PROFILE)
      writeFileSync(`${process.env.SAVE_PROFILE}-${i}.cpuprofile`, JSON.stringify(p))
    const byId = new Map(p.nodes.map((n) => [n.id, n]))
    profiledMs += (p.endTime - p.startTime) / 1000
    for (let s = 0; s < p.samples.length; s++) {
      const ms = (p.timeDeltas[s + 1] ?? 0) / 1000
      const { file, key } = describe(byId.get(p.samples[s]).callFrame)
      byFile.set(file, (byFile.get(file) ?? 0) + ms / RESTARTS)
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms / RESTARTS)
    }
  }
  cdp.close()
  console.log(
    `first answers (ms, in the page, profiler attaching included): ${walls.map((w) => w.toFixed(0)).join(', ')}`,
  )
  console.log(`profiled per start: ${(profiledMs / RESTARTS).toFixed(0)} ms`)
  for (const [title, map] of [
    ['self time by file (ms per start)', byFile],
    ['self time by function (ms per start)', byFunction],
  ]) {
    console.log(`\n${title}`)
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${ms.toFixed(1).padStart(8)}  ${key}`)
  }
} finally {
  await context.close()
  server.close()
}
