// The scale suite's table: one column per (size, store), ratios against the smallest size of the
// same store in the same run, and the issue's goals checked where the run has what they need.
import { round } from '../lib/stats.mjs'

const fmt = (value, unit = '') =>
  value === undefined || Number.isNaN(value) ? '–' : `${round(value)}${unit}`
const kib = (bytes) => (bytes === undefined ? '–' : `${bytes} B`)

const ROWS = [
  ['head at measurement', (r) => r.reads?.head],
  ['chain planned for (blocks)', (r) => (r.plannedSize ?? r.size).toLocaleString('en')],
  ['build (s)', (r) => (r.buildMs === undefined ? 'kept' : fmt(r.buildMs / 1000))],
  ['W4 tx/s at the head', (r) => fmt(r.W4?.txPerSec)],
  ['W5 tx/s at the head', (r) => fmt(r.W5?.txPerSec)],
  ['getLogs no-match, whole chain: first / p50', (r) => pair(r.reads?.logsNoMatch)],
  [
    'getLogs emitter (logs), whole chain: first / p50',
    (r) => pair(r.reads?.logsByAddress, r.reads?.logsByAddress?.logs),
  ],
  ['getBlockByNumber old: p50 / p99', (r) => pct(r.reads?.oldBlock)],
  ['getTransactionReceipt old: p50 / p99', (r) => pct(r.reads?.oldReceipt)],
  ['getBalance at an old block: p50 / p99', (r) => pct(r.reads?.oldBalance)],
  ['cold start to first answer (median)', (r) => (r.coldStartMs ? `${r.coldStartMs.median} ms` : '–')],
  [
    "worker's first module to first answer, unattached (median)",
    (r) => {
      const ms = r.coldStartUnattachedMs?.firstModuleToAnswer?.median
      return ms === undefined ? '–' : `${Math.round(ms * 10) / 10} ms`
    },
  ],
  ['panel open: list / head row filled (median)', (r) => panelOpen(r.panel)],
  ['panel jump by search / in the list (median)', (r) => panelJump(r.panel)],
  ['panel frames > 50 ms: jumps / fling / slow scroll (worst)', (r) => panelFrames(r.panel)],
  ['heap after open / after reads (MiB)', (r) => mem(r, 'heapUsedMiB')],
  ['RSS after open / after reads (MiB)', (r) => mem(r, 'rssMiB')],
  ['memory store: chain bytes per block', (r) => kib(r.chainBytesPerBlock)],
  ['records written per empty block', (r) => kib(r.bytesPerEmptyBlock?.bytes)],
  ['records written per W4/W5 block', (r) => kib(r.bytesPerW4W5Block?.bytes)],
  ['records (puts and deletes) per empty / W4/W5 block', (r) => recordCounts(r)],
  ['on disk per block (whole chain)', (r) => kib(r.disk?.bytesPerBlockOverall)],
  ['on disk per added empty block', (r) => kib(r.disk?.bytesPerEmptyBlock)],
  ['on disk per added W4/W5 block', (r) => kib(r.disk?.bytesPerW4W5Block)],
  ['on disk, total (MiB)', (r) => fmt(r.disk?.totalMiB)],
]

function recordCounts(r) {
  const empty = r.bytesPerEmptyBlock?.records
  const busy = r.bytesPerW4W5Block?.records
  return empty === undefined && busy === undefined ? '–' : `${fmt(empty)} / ${fmt(busy)}`
}
function pair(sample, logs) {
  if (!sample) return '–'
  return `${fmt(sample.firstMs)} / ${fmt(sample.p50Ms)} ms${logs === undefined ? '' : ` (${logs})`}`
}
function pct(sample) {
  return sample ? `${fmt(sample.p50Ms)} / ${fmt(sample.p99Ms)} ms` : '–'
}
function panelOpen(panel) {
  return panel ? `${fmt(panel.open.medianListedMs)} / ${fmt(panel.open.medianFilledMs)} ms` : '–'
}
function panelJump(panel) {
  return panel ? `${fmt(panel.searchJump.medianMs)} / ${fmt(panel.listJump.medianMs)} ms` : '–'
}
function panelFrames(panel) {
  if (!panel) return '–'
  const { searchJump, listJump, fling, slowScroll } = panel
  const worst = Math.max(searchJump.worstGapMs, listJump.worstGapMs, fling.worstGapMs, slowScroll.worstGapMs)
  return `${searchJump.gapsOver50 + listJump.gapsOver50} / ${fling.gapsOver50} / ${slowScroll.gapsOver50} (${fmt(worst)} ms)`
}
function mem(r, field) {
  const open = r.memory?.atOpen?.[field]
  const reads = r.memory?.afterReads?.[field] ?? r.memory?.built?.[field]
  return `${fmt(open)} / ${fmt(reads)}`
}

function ratios(results) {
  const lines = []
  const byStore = {}
  for (const r of results.filter((x) => !x.error)) {
    byStore[r.store] ??= []
    byStore[r.store].push(r)
  }
  for (const [store, rows] of Object.entries(byStore)) {
    const sorted = rows.sort((a, b) => a.size - b.size)
    const base = sorted[0]
    const tenK = sorted.find((r) => r.size === 10_000)
    for (const r of sorted.slice(1)) {
      const parts = [
        `W4 ${fmt(r.W4.txPerSec / base.W4.txPerSec)}×`,
        `W5 ${fmt(r.W5.txPerSec / base.W5.txPerSec)}×`,
      ]
      if (tenK && r !== tenK)
        parts.push(
          `emitter getLogs p50 ${fmt(r.reads.logsByAddress.p50Ms / tenK.reads.logsByAddress.p50Ms)}× 10k`,
        )
      if (r.coldStartMs && base.coldStartMs)
        parts.push(`cold start ${fmt(r.coldStartMs.median / base.coldStartMs.median)}×`)
      if (r.panel && base.panel)
        parts.push(`panel open ${fmt(r.panel.open.medianFilledMs / base.panel.open.medianFilledMs)}×`)
      const heap = r.memory?.afterReads?.heapUsedMiB
      const baseHeap = base.memory?.afterReads?.heapUsedMiB
      if (store !== 'memory' && heap && baseHeap) parts.push(`heap ${fmt(heap / baseHeap)}×`)
      lines.push(
        `- ${store} ${r.size.toLocaleString('en')} against ${base.size.toLocaleString('en')}: ${parts.join(', ')}`,
      )
    }
  }
  return lines
}

export function renderScaleReport({ startedAt, results }) {
  const ok = results.filter((r) => !r.error)
  const head = ['', ...ok.map((r) => `${r.store} ${r.size.toLocaleString('en')}`)]
  const lines = [
    `# Scale suite, ${startedAt}`,
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...ROWS.map(([name, get]) => `| ${[name, ...ok.map((r) => get(r) ?? '–')].join(' | ')} |`),
    '',
    'Ratios against the smallest size of the same store, same run:',
    '',
    ...ratios(ok),
  ]
  const failed = results.filter((r) => r.error)
  if (failed.length > 0) {
    lines.push('', 'Not reached:', '')
    for (const r of failed) lines.push(`- ${r.store} ${r.size.toLocaleString('en')}: ${r.error}`)
  }
  return `${lines.join('\n')}\n`
}
