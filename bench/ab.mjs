#!/usr/bin/env node
// Two or more builds of our node, alternating in one run: the A/B the issue's "no slower than
// build X" goals ask for. Single rounds on a shared 2-core machine spread ±15%, so each round runs
// every build once, the order reversed every other round (ABBA: a build that always ran first
// would take the machine's drift with it), and the summary gives means and medians per build and
// their ratios to the first build.
//   node bench/ab.mjs --libs=/abs/a/index.js,/abs/b/index.js [--rounds=10] [--scale=1] [--workloads=W4,W5]
//   node bench/ab.mjs --servers=/abs/a/rsk-devnode-server.js,/abs/b/... (the HTTP server, ours-http)
// A build made elsewhere (a git worktree of another commit, `npx vite build --config
// vite.lib.config.ts` there) must sit under a folder whose node_modules resolve (a worktree with a
// node_modules link), or Node falls back to the pure-JS recovery and the numbers mean nothing.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const libs = option('libs')?.split(',')
const servers = option('servers')?.split(',')
const builds = (libs ?? servers ?? []).map((b) => resolve(b))
if (builds.length < 2 || (libs && servers)) {
  console.error('usage: node bench/ab.mjs --libs=a,b[,c] | --servers=a,b[,c] [--rounds=10] [--scale=1]')
  process.exit(2)
}
const rounds = Number(option('rounds', 10))
const scale = option('scale', '1')
const workloads = option('workloads', 'W4,W5').split(',')
const target = libs ? 'ours' : 'ours-http'
const root = resolve(import.meta.dirname, '..')
const outDir = join(root, 'bench/results/ab')

/** One bench run of `build`: tx/s and p50 per workload, from the run's JSON result. */
function runOnce(build) {
  const env = { ...process.env, [libs ? 'BENCH_OURS_LIB' : 'BENCH_OURS_SERVER']: build }
  const args = ['bench/run.mjs', `--targets=${target}`, `--workloads=${workloads.join(',')}`]
  args.push('--no-build', '--no-install', `--scale=${scale}`, `--out=${outDir}`)
  const run = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' })
  const written = /wrote (\S+)\.json/.exec(`${run.stdout}${run.stderr}`)?.[1]
  if (run.status !== 0 || !written) throw new Error(`bench run failed for ${build}:\n${run.stderr}`)
  const result = JSON.parse(readFileSync(`${written}.json`, 'utf8')).results.find((r) => r.target === target)
  return Object.fromEntries(
    workloads.map((w) => [w, { txPerSec: result?.[w]?.txPerSec, p50Ms: result?.[w]?.p50Ms }]),
  )
}

const samples = new Map(builds.map((b) => [b, []]))
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 === 1 ? builds : [...builds].reverse()
  for (const build of order) {
    const sample = runOnce(build)
    samples.get(build).push(sample)
    const shown = workloads.map((w) => `${w} ${sample[w].txPerSec ?? '–'} tx/s`).join(', ')
    console.log(`round ${round}: ${build}: ${shown}`)
  }
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const summary = builds.map((build) => {
  const rows = samples.get(build)
  return {
    build,
    ...Object.fromEntries(
      workloads.map((w) => {
        const rates = rows.map((r) => r[w].txPerSec).filter((x) => typeof x === 'number')
        const p50s = rows.map((r) => r[w].p50Ms).filter((x) => typeof x === 'number')
        return [w, { mean: mean(rates), median: median(rates), p50Median: median(p50s) }]
      }),
    ),
  }
})
console.log(`\n${rounds} rounds, scale ${scale}, ${target}; ratios to the first build`)
for (const row of summary) {
  const parts = workloads.map((w) => {
    const { mean: m, median: md, p50Median } = row[w]
    const base = summary[0][w]
    return `${w} mean ${m.toFixed(0)} (${(m / base.mean).toFixed(3)}×), median ${md.toFixed(0)} (${(md / base.median).toFixed(3)}×), p50 ${p50Median.toFixed(3)} ms`
  })
  console.log(`${row.build}\n  ${parts.join('\n  ')}`)
}
