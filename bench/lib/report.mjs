// The Markdown report: absolute numbers per target, then ratios of our targets to each peer
// measured in the same run (absolute times drift on shared machines; ratios hold), then the
// issue's targets and every problem seen.
import { problemsOf } from './validate.mjs'

const fmt = (v) => {
  if (v === undefined || v === null || Number.isNaN(v)) return '–'
  if (Math.abs(v) >= 100) return String(Math.round(v))
  return String(v)
}

/** Memory attributable to the target: its server's peak, or this process's peak minus the harness. */
export function targetPeakMiB(r) {
  if (!r.W7) return undefined
  if (r.W7.serverPeakRssMiB !== undefined) return r.W7.serverPeakRssMiB
  return Math.round((r.W7.peakRssMiB - r.harnessRssMiB) * 10) / 10
}

/** Each metric: how to read it from a result, and which direction is better. */
export const METRICS = [
  { key: 'W1 p50 ms', get: (r) => r.W1?.sequential.p50Ms, better: 'lower' },
  { key: 'W1 calls/s @64', get: (r) => r.W1?.concurrent.callsPerSec, better: 'higher' },
  { key: 'W2 p50 ms', get: (r) => r.W2?.sequential.p50Ms, better: 'lower' },
  { key: 'W2 calls/s @64', get: (r) => r.W2?.concurrent.callsPerSec, better: 'higher' },
  { key: 'W3 p50 ms', get: (r) => r.W3?.sequential.p50Ms, better: 'lower' },
  { key: 'W3 calls/s @64', get: (r) => r.W3?.concurrent.callsPerSec, better: 'higher' },
  { key: 'W4 tx/s', get: (r) => r.W4?.txPerSec, better: 'higher' },
  { key: 'W4 p50 ms', get: (r) => r.W4?.p50Ms, better: 'lower' },
  { key: 'W5 tx/s', get: (r) => r.W5?.txPerSec, better: 'higher' },
  { key: 'W5 p50 ms', get: (r) => r.W5?.p50Ms, better: 'lower' },
  { key: 'W6 match p50 ms', get: (r) => r.W6?.match.p50Ms, better: 'lower' },
  { key: 'W6 none p50 ms', get: (r) => r.W6?.none.p50Ms, better: 'lower' },
  { key: 'W7 start ms', get: (r) => r.W7?.startupMs, better: 'lower' },
  { key: 'W7 peak MiB', get: targetPeakMiB, better: 'lower' },
]

const OURS = ['ours', 'ours-http']
const PEERS = ['hardhat', 'ganache', 'tevm', 'anvil']

function ratio(a, b) {
  if (!(a > 0) || !(b > 0)) return undefined
  return a / b
}

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

function absoluteTables(available) {
  const reads = table(
    [
      'target',
      'W1 p50 / p99 ms',
      'W1 calls/s @64',
      'W2 p50 / p99 ms',
      'W2 calls/s @64',
      'W3 p50 / p99 ms',
      'W3 calls/s @64',
    ],
    available.map((r) => [
      r.label,
      ...['W1', 'W2', 'W3'].flatMap((w) => [
        `${fmt(r[w]?.sequential.p50Ms)} / ${fmt(r[w]?.sequential.p99Ms)}`,
        fmt(r[w]?.concurrent.callsPerSec),
      ]),
    ]),
  )
  const writes = table(
    [
      'target',
      'W4 tx/s',
      'W4 p50 ms',
      'W5 tx/s',
      'W5 p50 ms',
      'W6 match p50 ms (logs)',
      'W6 none p50 ms',
      'W7 start ms',
      'W7 peak MiB',
    ],
    available.map((r) => [
      r.label,
      `${fmt(r.W4?.txPerSec)}${r.W4?.truncated ? ` (n=${r.W4.count})` : ''}`,
      fmt(r.W4?.p50Ms),
      `${fmt(r.W5?.txPerSec)}${r.W5?.truncated ? ` (n=${r.W5.count})` : ''}`,
      fmt(r.W5?.p50Ms),
      `${fmt(r.W6?.match.p50Ms)}${r.W6 ? ` (${r.W6.logsMatched})` : ''}`,
      fmt(r.W6?.none.p50Ms),
      fmt(r.W7?.startupMs),
      fmt(targetPeakMiB(r)),
    ]),
  )
  return `### Reads\n\n${reads}\n\n### Transactions, logs, start-up and memory\n\n${writes}`
}

function ratioTable(subject, peers) {
  return table(
    ['metric', ...peers.map((p) => `÷ ${p.target}`)],
    METRICS.map((m) => [
      `${m.key} (${m.better} is better)`,
      ...peers.map((p) => {
        const value = ratio(m.get(subject), m.get(p))
        return value === undefined ? '–' : `${value.toFixed(2)}×`
      }),
    ]),
  )
}

/** The goals of issue 7 for the in-process node, evaluated when both sides were measured. */
export function goalChecks(byTarget) {
  const ours = byTarget.ours
  const hh = byTarget.hardhat
  const ganache = byTarget.ganache
  if (!ours || ours.unavailable) return []
  if (![hh, ganache].some((peer) => peer && !peer.unavailable)) return []
  const checks = []
  const add = (goal, value, ok) =>
    checks.push({
      goal,
      value: value === undefined ? 'not measured' : `${value.toFixed(2)}×`,
      met: value === undefined ? undefined : ok(value),
    })
  const get = (key, r) => (r && !r.unavailable ? METRICS.find((m) => m.key === key).get(r) : undefined)
  for (const w of ['W4', 'W5']) {
    add(`${w} tx/s ≥ 1.0× Hardhat`, ratio(get(`${w} tx/s`, ours), get(`${w} tx/s`, hh)), (v) => v >= 1)
    add(`${w} tx/s ≥ 4× Ganache`, ratio(get(`${w} tx/s`, ours), get(`${w} tx/s`, ganache)), (v) => v >= 4)
  }
  for (const key of ['W3 p50 ms', 'W6 match p50 ms', 'W6 none p50 ms']) {
    add(`${key} ≤ 0.5× Hardhat`, ratio(get(key, ours), get(key, hh)), (v) => v <= 0.5)
  }
  add('W7 start ms ≤ 0.2× Hardhat', ratio(get('W7 start ms', ours), get('W7 start ms', hh)), (v) => v <= 0.2)
  add('W7 peak MiB ≤ 0.5× Hardhat', ratio(get('W7 peak MiB', ours), get('W7 peak MiB', hh)), (v) => v <= 0.5)
  return checks
}

export function renderReport({ results, scale, startedAt, durationMs, machine }) {
  const byTarget = Object.fromEntries(results.map((r) => [r.target, r]))
  const available = results.filter((r) => !r.unavailable)
  const parts = [
    `# Benchmark: RSK Devnode against its peers`,
    '',
    `Run ${startedAt}, ${durationMs ? `${(durationMs / 1000).toFixed(0)} s, ` : ''}scale ${scale} ` +
      `(${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB). Sequential latency over ` +
      `${available[0]?.counts.calls ?? '–'} calls after a warm-up; 64 in flight for throughput. ` +
      'Peak memory is what the target adds: the in-process peak RSS minus the harness before the target ' +
      'loaded, or the peak RSS of the server process.',
    '',
    absoluteTables(available),
  ]
  const peers = PEERS.map((p) => byTarget[p]).filter((r) => r && !r.unavailable)
  for (const subjectName of OURS) {
    const subject = byTarget[subjectName]
    if (!subject) continue
    parts.push('', `## Ratios: ${subject.label} ÷ each peer (same run)`, '')
    if (subject.unavailable) parts.push(`Not measured: ${subject.unavailable}.`)
    else if (peers.length === 0) parts.push('No peer was measured in this run.')
    else parts.push(ratioTable(subject, peers))
  }
  const checks = goalChecks(byTarget)
  if (checks.length > 0) {
    parts.push('', '## Goals of issue 7 (in-process)', '')
    parts.push(
      table(
        ['goal', 'measured', 'met'],
        checks.map((c) => [c.goal, c.value, c.met === undefined ? '–' : c.met ? 'yes' : 'no']),
      ),
    )
  }
  parts.push('', '## Notes and problems', '')
  for (const r of results) {
    const problems = problemsOf(r)
    if (r.notes) parts.push(`- ${r.label}: ${r.notes}`)
    for (const p of problems) parts.push(`- ${r.label}: ${p}`)
  }
  return `${parts.join('\n')}\n`
}
