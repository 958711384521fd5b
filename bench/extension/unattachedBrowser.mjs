// A Chromium with the extension that no debugger attaches to while its worker starts, driven over
// its own CDP endpoint (unattached.mjs, scale/extension.mjs). Playwright attaches to every service
// worker as it starts, and an attached inspector slows the worker: its first `new Error()` alone
// costs ~19 ms then against 0.1 ms unattached (bench/README.md).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectCdp, devToolsPort } from './cdp.mjs'

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** The cold start's page: it asks at its first script (the provider is a static content script at document_start). */
export const COLD_START_PAGE = `<!doctype html><title>-</title><script>
window.ethereum.request({ method: 'eth_blockNumber' }).then((n) => { document.title = n }, (e) => { document.title = 'error ' + e.message })
</script>`

/**
 * One Chromium with `extension` (in `keptProfile`, or a fresh profile); `send` speaks CDP to the
 * browser target (flattened sessions).
 */
export async function launchUnattached(extension, keptProfile = undefined) {
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
  const { webSocketDebuggerUrl } = await (
    await fetch(`http://127.0.0.1:${devToolsPort(profile)}/json/version`)
  ).json()
  const cdp = await connectCdp(webSocketDebuggerUrl)
  const send = async (method, params = {}, sessionId = undefined) => {
    const reply = await cdp.send(method, params, sessionId)
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
    return reply.result
  }
  const close = async () => {
    await send('Browser.close').catch(() => {})
    await new Promise((done) => (browser.exitCode === null ? browser.on('exit', done) : done()))
  }
  return { send, close }
}

export const targets = async (send) => (await send('Target.getTargets')).targetInfos
const extensionWorker = (infos) =>
  infos.find((t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'))

/**
 * Stops the worker, wakes it with `url` (a page serving COLD_START_PAGE), then reads its marks
 * (ms from its first module).
 */
export async function coldStart(send, url) {
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

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** The title `targetId` has once it matches `done` (polled from the browser, not the page). */
export async function titleOf(send, targetId, done, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const title = (await targets(send)).find((t) => t.targetId === targetId)?.title ?? ''
    if (done.test(title)) return title
    if (Date.now() > deadline) throw new Error(`no result after ${timeoutMs} ms (title ${title})`)
    await sleep(250)
  }
}

/**
 * `count` cold starts after a first one left out (the first after loading the extension, or after
 * its registration was dropped, installs the worker), summarized in ms from the worker's first module.
 */
export async function coldStarts(send, url, count) {
  await sleep(1500)
  await coldStart(send, url)
  const samples = []
  for (let i = 0; i < count; i++) samples.push(await coldStart(send, url))
  const firstAnswers = samples.map((m) => m['first-answer'])
  return {
    firstModuleToAnswer: { median: median(firstAnswers), all: firstAnswers },
    modulesEvaluated: median(samples.map((m) => m['modules-evaluated'])),
    nodeOpen: median(samples.map((m) => m['node-open'] - m['chain-store-open'])),
  }
}
