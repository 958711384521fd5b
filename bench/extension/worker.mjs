// Stops the extension's service worker through CDP (as test/e2e/harness.ts does) and times the
// page's first request to the woken worker: the cold start a developer sees after Chromium
// suspends an idle worker.

/** Stops the extension's running service worker and waits until Chromium reports it stopped. */
export async function stopServiceWorker(context, page) {
  const cdp = await context.newCDPSession(page)
  const waiters = []
  const waitFor = (predicate, ms) =>
    new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error('timeout waiting for the service worker status')), ms)
      waiters.push((v) => {
        if (!predicate(v)) return false
        clearTimeout(timer)
        done(v)
        return true
      })
    })
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) {
      if (!v.scriptURL.startsWith('chrome-extension://')) continue
      for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i](v)) waiters.splice(i, 1)
    }
  })
  try {
    const running = waitFor((v) => v.runningStatus === 'running', 2000)
    await cdp.send('ServiceWorker.enable')
    const version = await running
    const stopped = waitFor((v) => v.versionId === version.versionId && v.runningStatus === 'stopped', 5000)
    await cdp.send('ServiceWorker.stopWorker', { versionId: version.versionId })
    await stopped
  } finally {
    await cdp.detach().catch(() => {})
  }
}

/**
 * `restarts` times: stop the worker, let things settle, then time eth_blockNumber from the page
 * (the relay reconnects on that request, waking the worker) and a second request after it.
 * `idleMs` before each stop: Chromium stops a worker only after 30 s without events, by which
 * time its write-behind work (the chain store's journal compaction) is done; 0 stops it at once,
 * as a crash would.
 */
export async function coldStarts(context, page, restarts, { idleMs = 2000 } = {}) {
  const first = []
  const second = []
  const inWorker = []
  const timelines = []
  const sinceFirstModule = []
  for (let i = 0; i < restarts; i++) {
    if (idleMs > 0) await new Promise((done) => setTimeout(done, idleMs))
    await stopServiceWorker(context, page)
    await new Promise((done) => setTimeout(done, 300))
    const [a, b, sentAt, answeredAt] = await page.evaluate(async () => {
      const eth = window.ethereum
      const t0 = performance.now()
      await eth.request({ method: 'eth_blockNumber' })
      const t1 = performance.now()
      await eth.request({ method: 'eth_blockNumber' })
      return [t1 - t0, performance.now() - t1, performance.timeOrigin + t0, performance.timeOrigin + t1]
    })
    first.push(a)
    second.push(b)
    const marks = await workerStartMarks(context).catch(() => undefined)
    if (marks) timelines.push(startTimeline(sentAt, answeredAt, marks))
    const evaluated = marks?.marks['evaluation-started']
    const answered = marks?.marks['first-answer']
    if (evaluated !== undefined && answered !== undefined) inWorker.push(answered - evaluated)
    if (evaluated !== undefined)
      sinceFirstModule.push(
        Object.fromEntries(Object.entries(marks.marks).map(([name, ms]) => [name, ms - evaluated])),
      )
  }
  const summary = (samples) => {
    const s = [...samples].sort((x, y) => x - y)
    return { samples, medianMs: s[Math.floor(s.length / 2)], minMs: s[0], maxMs: s[s.length - 1] }
  }
  return {
    firstAnswerMs: summary(first),
    secondAnswerMs: summary(second),
    // From the worker's first module evaluated to its first answer sent (its marks).
    ...(inWorker.length > 0 && { firstModuleToAnswerMs: summary(inWorker) }),
    timeline: medianTimeline(timelines),
    // Every mark (also those that overlap the phases above) from the first module, median.
    marksSinceFirstModule: medianMarks(sinceFirstModule),
  }
}

/** The worker's start-up marks (src/background/index.ts markStart) and its time origin (epoch ms). */
export async function workerStartMarks(context) {
  const worker = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'))
  if (!worker) return undefined
  return worker.evaluate(() => ({
    origin: performance.timeOrigin,
    marks: Object.fromEntries(
      performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('rsk:'))
        .map((m) => [m.name.slice(4), m.startTime]),
    ),
  }))
}

/** The phases of one cold start, in order, from the page's request to its answer (ms). */
const PHASES = [
  ['worker started (browser)', 'origin'],
  ['scripts loaded and compiled', 'evaluation-started'],
  ['modules evaluated', 'modules-evaluated'],
  ['extension database open', 'extension-db-open'],
  ['wallet read, node opening', 'node-opening'],
  ['chain store open', 'chain-store-open'],
  ['node open', 'node-open'],
  ['first answer sent', 'first-answer'],
  ['answer received by the page', 'received'],
]

function startTimeline(sentAt, answeredAt, { origin, marks }) {
  const at = { origin: origin - sentAt, received: answeredAt - sentAt }
  for (const [name, ms] of Object.entries(marks)) at[name] = origin + ms - sentAt
  const phases = {}
  let previous = 0
  for (const [label, key] of PHASES) {
    if (at[key] === undefined) continue
    phases[label] = at[key] - previous
    previous = at[key]
  }
  return phases
}

function medianMarks(samples) {
  const names = [...new Set(samples.flatMap((s) => Object.keys(s)))]
  const out = {}
  for (const name of names) {
    const values = samples
      .map((s) => s[name])
      .filter((v) => v !== undefined)
      .sort((x, y) => x - y)
    out[name] = Math.round(values[Math.floor(values.length / 2)] * 10) / 10
  }
  return Object.fromEntries(Object.entries(out).sort((a, b) => a[1] - b[1]))
}

function medianTimeline(timelines) {
  if (timelines.length === 0) return undefined
  const out = {}
  for (const [label] of PHASES) {
    const values = timelines.map((t) => t[label]).filter((v) => v !== undefined)
    if (values.length === 0) continue
    values.sort((x, y) => x - y)
    out[label] = Math.round(values[Math.floor(values.length / 2)] * 10) / 10
  }
  return out
}
