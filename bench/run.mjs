#!/usr/bin/env node
// The benchmark suite: every target in its own child process, the same workloads, one report.
//   node bench/run.mjs                 full run: installs peers into .peers/ on first use
//   node bench/run.mjs --smoke         our in-process node alone at 5% scale; exits 1 on any problem
//   --targets=ours,hardhat  --scale=0.25  --no-install  --no-build  --out=dir  --workloads=W3,W4,W5
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { installPeer, PEER_PACKAGES, ROOT } from './lib/peers.mjs'
import { renderReport } from './lib/report.mjs'
import { OUR_LIB, OUR_SERVER_BUNDLE, runtimeBinary, TARGETS } from './lib/targets.mjs'
import { firstLine, problemsOf } from './lib/validate.mjs'

const ALL_TARGETS = ['ours', 'ours-http', 'hardhat', 'ganache', 'anvil', 'tevm']
/** The issue's ceiling is 15 minutes for the whole run, installs included; keep a minute spare. */
const RUN_BUDGET_MS = 14 * 60_000
/** A target's share never exceeds what its phase caps allow (see workloads.mjs). */
const TARGET_BUDGET_MS = 250_000

const args = process.argv.slice(2)
const flag = (name) => args.includes(`--${name}`)
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const smoke = flag('smoke')
const scale = Number(option('scale') ?? (smoke ? 0.05 : 1))
const targets = option('targets')?.split(',') ?? (smoke ? ['ours'] : ALL_TARGETS)
const outDir = option('out') ?? join(ROOT, 'bench/results')
const log = (message) => console.error(message)

for (const t of targets) {
  if (!TARGETS[t]) {
    log(`unknown target ${t}; known: ${ALL_TARGETS.join(', ')}`)
    process.exit(2)
  }
}

const startedAt = new Date()
const deadline = Date.now() + RUN_BUDGET_MS

if (!smoke && !flag('no-install')) {
  const needed = new Set(
    targets.flatMap((t) => (t === 'hardhat' ? ['node22', 'hardhat'] : t in PEER_PACKAGES ? [t] : [])),
  )
  for (const peer of needed) installPeer(peer, log)
}

/**
 * Our targets run from the build (dist/lib, dist/server), rebuilt here from the sources on every
 * run so a stale bundle is never measured; `--no-build` and `--smoke` (run by `npm test` right after
 * its own build) keep what is there when it exists, and
 * BENCH_OURS_LIB / BENCH_OURS_SERVER point at other bundles and skip the build.
 */
function buildOurs(script, artifact, override) {
  if (process.env[override] || ((flag('no-build') || smoke) && existsSync(artifact))) return
  log(`[bench] npm run ${script} (${artifact})`)
  const build = spawnSync('npm', ['run', script], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 300_000,
  })
  if (build.status !== 0) log(`[bench] npm run ${script} failed; that target will be reported unavailable`)
}
if (targets.includes('ours')) buildOurs('build:lib', OUR_LIB, 'BENCH_OURS_LIB')
if (targets.includes('ours-http')) buildOurs('build:server', OUR_SERVER_BUNDLE, 'BENCH_OURS_SERVER')

function runWorker(target, budgetMs) {
  const resultFile = join(tmpdir(), `bench-result-${target}-${process.pid}.json`)
  rmSync(resultFile, { force: true })
  const binary = runtimeBinary(target)
  const workerArgs = [join(ROOT, 'bench/lib/worker.mjs'), target, String(scale), resultFile, String(budgetMs)]
  return new Promise((resolve) => {
    const child = spawn(binary, workerArgs, {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        ...(option('workloads') ? { BENCH_WORKLOADS: option('workloads') } : {}),
        DO_NOT_TRACK: '1',
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      },
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    // The phase caps bound the worker; this only catches a hung one (a wedged peer, a deadlock).
    const killer = setTimeout(() => child.kill('SIGKILL'), budgetMs + 60_000)
    child.on('exit', (code, signal) => {
      clearTimeout(killer)
      try {
        resolve(JSON.parse(readFileSync(resultFile, 'utf8')))
      } catch {
        resolve({
          target,
          label: TARGETS[target].label,
          errors: { worker: `exited with ${signal ?? code} and no result: ${stderr.trim().slice(-800)}` },
        })
      } finally {
        rmSync(resultFile, { force: true })
      }
    })
  })
}

const results = []
for (const [index, target] of targets.entries()) {
  const reason = TARGETS[target].unavailableReason()
  if (reason) {
    log(`[bench] ${target}: unavailable (${reason})`)
    results.push({ target, label: TARGETS[target].label, unavailable: reason })
    continue
  }
  const remaining = deadline - Date.now() - 15_000
  const budgetMs = Math.max(10_000, Math.min(TARGET_BUDGET_MS, remaining / (targets.length - index)))
  log(`[bench] ${target}: running (budget ${(budgetMs / 1000).toFixed(0)} s)`)
  const t0 = Date.now()
  const result = await runWorker(target, budgetMs)
  results.push(result)
  const problems = problemsOf(result)
  log(
    `[bench] ${target}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s${problems.length ? `; ${problems.length} problem(s)` : ''}`,
  )
  for (const p of problems) log(`  - ${firstLine(p)}`)
}

const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
}
const durationMs = Date.now() - startedAt.getTime()
const report = renderReport({ results, scale, startedAt: startedAt.toISOString(), durationMs, machine })
mkdirSync(outDir, { recursive: true })
const stamp = startedAt.toISOString().replace(/[:.]/g, '-')
const base = smoke ? `smoke-${stamp}` : `bench-${stamp}`
const json = `${JSON.stringify({ startedAt, durationMs, scale, machine, results }, null, 2)}\n`
writeFileSync(join(outDir, `${base}.json`), json)
writeFileSync(join(outDir, `${base}.md`), report)
writeFileSync(join(outDir, smoke ? 'smoke-latest.json' : 'latest.json'), json)
writeFileSync(join(outDir, smoke ? 'smoke-latest.md' : 'latest.md'), report)
console.log(report)
log(`[bench] wrote ${join(outDir, `${base}.json`)} and .md in ${(durationMs / 1000).toFixed(1)} s`)

if (smoke) {
  // The smoke run exists to catch a broken harness or node: any problem fails it.
  const problems = results.flatMap((r) => problemsOf(r).map((p) => `${r.target}: ${p}`))
  if (problems.length > 0) {
    log(`[bench] smoke failed:\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
}
