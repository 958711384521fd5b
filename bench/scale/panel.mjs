// The DevTools panel on a scale chain (extension.mjs calls it once the chain is built): the panel
// page opened as a tab of the browser that holds the chain, as test/e2e/panel opens it. Measured in
// the page, from its own clock (navigation start = 0), so no CDP hop is inside a timing:
// - open: navigation start to the first block row rendered, and to the head's row filled (its hash
//   loaded through the panel's Port);
// - jumps by number through the search box (the detail pane shows the block's fields) and in the
//   list (scrolled to the block's row until the row is filled), to blocks spread over the chain;
// - scrolling: a fling over the whole list (one step per frame) and a slow scroll near the head
//   with pauses, so rows are filled while it goes on;
// and in each phase the frames over 50 ms, two ways: gaps between animation frames, and Chromium's
// long-animation-frame entries (each is a frame over 50 ms; their scripts tell whose time it was).

/** Installed before the panel's own scripts: frame times, long frames and the first rows. */
function instrument() {
  const scale = { frames: [], longFrames: [], marks: {} }
  window.__scale = scale
  const filled = (row) => {
    const hash = row?.querySelector('.c-hash.mono')
    return !!hash && hash.textContent !== '…'
  }
  const loop = (t) => {
    scale.frames.push(t)
    if (scale.marks.listed === undefined && document.querySelector('[data-testid="block-number"]'))
      scale.marks.listed = performance.now()
    if (
      scale.marks.filled === undefined &&
      filled(document.querySelector('[data-testid="list-blocks"] .row'))
    )
      scale.marks.filled = performance.now()
    requestAnimationFrame(loop)
  }
  requestAnimationFrame(loop)
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        scale.longFrames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          scripts: (e.scripts ?? [])
            .filter((s) => s.duration > 10)
            .map((s) => `${s.invoker ?? ''} ${s.sourceFunctionName ?? ''} ${Math.round(s.duration)}ms`),
        })
    }).observe({ type: 'long-animation-frame', buffered: true })
  } catch {
    scale.noLoaf = true
  }
}

/** Frames over 50 ms between two page times: gaps between animation frames and long-frame entries. */
function framesBetween(page, from, to) {
  return page.evaluate(
    ([from, to]) => {
      const { frames, longFrames } = window.__scale
      const inside = frames.filter((t) => t >= from && t <= to)
      const gaps = []
      for (let i = 1; i < inside.length; i++) gaps.push(inside[i] - inside[i - 1])
      const long = longFrames.filter((f) => f.start + f.duration >= from && f.start <= to)
      return {
        frames: inside.length,
        gapsOver50: gaps.filter((g) => g > 50).length,
        worstGapMs: Math.round(Math.max(0, ...gaps)),
        longFrames: long.length,
        worstLongFrameMs: Math.round(Math.max(0, ...long.map((f) => f.duration))),
        longFrameScripts: [...new Set(long.flatMap((f) => f.scripts))].slice(0, 8),
      }
    },
    [from, to],
  )
}

/** Searches `number` in the toolbar's box; resolves when the detail pane shows the block's fields. */
function searchJump(page, number) {
  return page.evaluate(async (n) => {
    const input = document.querySelector('[data-testid="search-input"]')
    const t0 = performance.now()
    input.value = String(n)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await new Promise((done) => requestAnimationFrame(done))
    document.querySelector('[data-testid="search-go"]').click()
    for (;;) {
      await new Promise((done) => requestAnimationFrame(done))
      const detail = document.querySelector('[data-testid="block-detail"]')
      if (
        detail?.querySelector('h2')?.textContent === `Block ${n}` &&
        detail.querySelector('[data-testid="block-fields"]')
      )
        break
      if (performance.now() - t0 > 30_000) throw new Error(`block ${n} did not open in 30 s`)
    }
    return { from: t0, to: performance.now() }
  }, number)
}

/** Scrolls the list to block `number`'s row; resolves when that row shows its hash. */
function listJump(page, number, head) {
  return page.evaluate(
    async ([n, head]) => {
      const viewport = document.querySelector('[data-testid="list-blocks"]')
      const rows = () => [...viewport.querySelectorAll('.row')]
      const t0 = performance.now()
      const rowHeight = rows()[0]?.getBoundingClientRect().height || 22
      viewport.scrollTop = Math.max(0, (head - n) * rowHeight - viewport.clientHeight / 2)
      for (;;) {
        await new Promise((done) => requestAnimationFrame(done))
        const row = rows().find(
          (r) => r.querySelector('[data-testid="block-number"]')?.textContent === String(n),
        )
        const hash = row?.querySelector('.c-hash.mono')?.textContent
        if (hash && hash !== '…') break
        if (performance.now() - t0 > 30_000) throw new Error(`row ${n} was not filled in 30 s`)
      }
      return { from: t0, to: performance.now() }
    },
    [number, head],
  )
}

/** The whole list top to bottom in `steps` steps, one per frame, then back to the top. */
function fling(page, steps) {
  return page.evaluate(async (n) => {
    const viewport = document.querySelector('[data-testid="list-blocks"]')
    const t0 = performance.now()
    const stride = (viewport.scrollHeight - viewport.clientHeight) / n
    for (let i = 1; i <= n; i++) {
      viewport.scrollTop = stride * i
      await new Promise((done) => requestAnimationFrame(done))
    }
    const bottom = viewport.scrollTop
    viewport.scrollTop = 0
    await new Promise((done) => requestAnimationFrame(done))
    return {
      from: t0,
      to: performance.now(),
      reachedBottom: bottom + viewport.clientHeight >= viewport.scrollHeight - 2,
    }
  }, steps)
}

/** Wheel-like: `bursts` of 10 steps of 3 rows (one a frame) with a 120 ms pause after each. */
function slowScroll(page, bursts) {
  return page.evaluate(async (n) => {
    const viewport = document.querySelector('[data-testid="list-blocks"]')
    const t0 = performance.now()
    for (let b = 0; b < n; b++) {
      for (let s = 0; s < 10; s++) {
        viewport.scrollTop += 66
        await new Promise((done) => requestAnimationFrame(done))
      }
      await new Promise((done) => setTimeout(done, 120))
    }
    const unfilled = [...viewport.querySelectorAll('.row .c-hash.mono')].filter(
      (h) => h.textContent === '…',
    ).length
    return { from: t0, to: performance.now(), unfilledAtEnd: unfilled }
  }, bursts)
}

const round = (n) => Math.round(n * 10) / 10

/**
 * Opens the panel `opens` times (a fresh tab each) and measures the last tab's jumps and scrolls.
 * `head` is the chain's head; jumps go to blocks at fixed fractions of it.
 */
export async function measurePanel(context, extensionId, head, { opens = 5 } = {}) {
  const url = `chrome-extension://${extensionId}/src/devtools/panel/index.html`
  const openings = []
  let page
  for (let i = 0; i < opens; i++) {
    await page?.close()
    page = await context.newPage()
    await page.addInitScript(instrument)
    await page.goto(url)
    await page.waitForFunction(() => window.__scale?.marks.filled !== undefined, null, { timeout: 60_000 })
    const marks = await page.evaluate(() => window.__scale.marks)
    const shown = Number(
      (await page.textContent('[data-testid="list-blocks"] [data-testid="block-number"]')) ?? -1,
    )
    openings.push({
      listedMs: round(marks.listed),
      filledMs: round(marks.filled),
      firstRow: shown,
      ...(await framesBetween(page, 0, marks.filled)),
    })
  }
  // Let the opening's polls and loads settle before the timed interactions.
  await new Promise((done) => setTimeout(done, 1500))
  const targets = [0.5, 0.01, 0.99, 0.25, 0.75].map((f) => Math.max(0, Math.floor(head * f)))
  const searches = []
  for (const n of targets) {
    const { from, to } = await searchJump(page, n)
    searches.push({ block: n, ms: round(to - from), ...(await framesBetween(page, from, to)) })
  }
  const listJumps = []
  for (const n of targets) {
    const { from, to } = await listJump(page, n, head)
    listJumps.push({ block: n, ms: round(to - from), ...(await framesBetween(page, from, to)) })
  }
  const flung = await fling(page, 200)
  const flingFrames = await framesBetween(page, flung.from, flung.to)
  await new Promise((done) => setTimeout(done, 500))
  const slow = await slowScroll(page, 20)
  const slowFrames = await framesBetween(page, slow.from, slow.to)
  const rowsInDom = await page.locator('[data-testid="list-blocks"] .row').count()
  const noLoaf = await page.evaluate(() => !!window.__scale.noLoaf)
  await page.close()
  const sum = (list, key) => list.reduce((a, x) => a + x[key], 0)
  const max = (list, key) => Math.max(0, ...list.map((x) => x[key]))
  const sorted = (list) => [...list].sort((a, b) => a - b)
  const median = (list) => sorted(list)[Math.floor(list.length / 2)]
  return {
    head,
    open: {
      medianFilledMs: median(openings.map((o) => o.filledMs)),
      medianListedMs: median(openings.map((o) => o.listedMs)),
      all: openings,
    },
    searchJump: {
      medianMs: median(searches.map((s) => s.ms)),
      longFrames: sum(searches, 'longFrames'),
      gapsOver50: sum(searches, 'gapsOver50'),
      worstGapMs: max(searches, 'worstGapMs'),
      all: searches,
    },
    listJump: {
      medianMs: median(listJumps.map((s) => s.ms)),
      longFrames: sum(listJumps, 'longFrames'),
      gapsOver50: sum(listJumps, 'gapsOver50'),
      worstGapMs: max(listJumps, 'worstGapMs'),
      all: listJumps,
    },
    fling: { ms: round(flung.to - flung.from), reachedBottom: flung.reachedBottom, ...flingFrames },
    slowScroll: { ms: round(slow.to - slow.from), unfilledAtEnd: slow.unfilledAtEnd, ...slowFrames },
    rowsInDom,
    longAnimationFrameApi: !noLoaf,
  }
}
