#!/usr/bin/env node
// The scale suite: chains of 1k / 10k / 100k / 1M blocks in each store, measured at each size in
// one run, every (store, size) in a process of its own so its heap and RSS are its own.
//   node bench/scale.mjs                     memory, LevelDB and IndexedDB at 1k, 10k, 100k and 1M
//   node bench/scale.mjs --smoke             memory and LevelDB at 10k in a temporary directory, few
//                                            sends; exits 1 on a problem (bench/scale.test.ts runs it)
//   --sizes=1000,10000  --stores=memory,leveldb,indexeddb
//   --data=dir (kept LevelDB chains, and IndexedDB ones in browser profiles under dir/indexeddb;
//              default .data/scale)  --extension-dir=dir (where the extension is built; default
//              dir/extension: a kept IndexedDB chain belongs to the extension loaded from that path)
//   --transfers=500 --token-transfers=300 --rounds=3  --out=dir  --no-build  --timeout-min=90
//   --report-from=dir,dir                    one table from the scale-latest.json of earlier runs
// IndexedDB is the extension's store in headless Chromium (/usr/bin/chromium): the extension is
// built into a temporary directory and bench/scale/extension.mjs measures each size.
// Long runs belong under `nice -n 10`; LevelDB chains are built once into --data and reused.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { getPriority, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ROOT } from './lib/peers.mjs'
import { OUR_LIB, OUR_SERVER_BUNDLE } from './lib/targets.mjs'
import { renderScaleReport } from './scale/report.mjs'

const args = process.argv.slice(2)
const flag = (name) => args.includes(`--${name}`)
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const smoke = flag('smoke')
const sizes = (option('sizes') ?? (smoke ? '10000' : '1000,10000,100000,1000000')).split(',').map(Number)
const stores = (option('stores') ?? (smoke ? 'memory,leveldb' : 'memory,leveldb,indexeddb')).split(',')
const dataRoot =
  option('data') ?? (smoke ? mkdtempSync(join(tmpdir(), 'scale-smoke-')) : join(ROOT, '.data/scale'))
const outDir = option('out') ?? join(ROOT, 'bench/results')
const transfers = option('transfers') ?? (smoke ? '30' : '500')
const tokenTransfers = option('token-transfers') ?? (smoke ? '15' : '300')
const rounds = option('rounds') ?? (smoke ? '1' : '3')
/** A (store, size) that has not finished in this time is stopped and reported as not reached. */
const WORKER_TIMEOUT_MS = Number(option('timeout-min') ?? 90) * 60_000
const log = (message) => console.error(message)

const reportFrom = option('report-from')
if (reportFrom) {
  const results = reportFrom
    .split(',')
    .flatMap((dir) => JSON.parse(readFileSync(join(dir, 'scale-latest.json'), 'utf8')).results)
    .sort((a, b) => a.size - b.size || a.store.localeCompare(b.store))
  console.log(renderScaleReport({ startedAt: new Date().toISOString(), results }))
  process.exit(0)
}

for (const store of stores)
  if (!['memory', 'leveldb', 'indexeddb'].includes(store)) {
    log(`unknown store ${store}: memory, leveldb or indexeddb`)
    process.exit(2)
  }

function build(script, artifact) {
  if ((flag('no-build') || smoke) && existsSync(artifact)) return
  log(`[scale] npm run ${script}`)
  const result = spawnSync('npm', ['run', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`npm run ${script} failed`)
}
if (stores.includes('memory')) build('build:lib', OUR_LIB)
if (stores.includes('leveldb')) build('build:server', OUR_SERVER_BUNDLE)
// The extension is built into a directory of its own (`dist/` is left to the other builds), always
// the same one: Chromium names an unpacked extension after its path, and its IndexedDB after that
// name, so a kept chain is found again only by the extension loaded from the same path.
const extensionDir =
  stores.includes('indexeddb') && resolve(option('extension-dir') ?? join(dataRoot, 'extension'))
if (extensionDir && !(flag('no-build') && existsSync(join(extensionDir, 'manifest.json')))) {
  log('[scale] building the extension')
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, EXTENSION_OUT_DIR: extensionDir },
  })
  if (result.status !== 0) throw new Error('the extension build failed')
}

mkdirSync(dataRoot, { recursive: true })
mkdirSync(outDir, { recursive: true })

const WORKERS = { memory: 'memoryWorker', leveldb: 'serverWorker', indexeddb: 'extension' }

function runWorker(store, size) {
  const out = join(dataRoot, `result-${store}-${size}.json`)
  rmSync(out, { force: true })
  const script = join(ROOT, `bench/scale/${WORKERS[store]}.mjs`)
  const workerArgs =
    store === 'memory'
      ? ['--expose-gc', script, String(size), out]
      : store === 'leveldb'
        ? [script, String(size), dataRoot, out]
        : [
            script,
            `--sizes=${size}`,
            `--keep=${join(dataRoot, 'indexeddb')}`,
            `--result=${out}`,
            `--out=${outDir}`,
          ]
  workerArgs.push(`--transfers=${transfers}`, `--token-transfers=${tokenTransfers}`, `--rounds=${rounds}`)
  return new Promise((resolve) => {
    const started = Date.now()
    // The chain is large and the machine shared: memory for 1M blocks, and a lower priority (10,
    // not more when the suite already runs under `nice -n 10`: at 19 a loaded machine starves it).
    const command = [process.execPath, '--max-old-space-size=8192', ...workerArgs]
    const niced = getPriority() >= 10 ? command : ['nice', '-n', '10', ...command]
    const child = spawn(niced[0], niced.slice(1), {
      stdio: ['ignore', store === 'indexeddb' ? 'ignore' : 'inherit', 'inherit'],
      env: extensionDir ? { ...process.env, EXTENSION_OUT_DIR: extensionDir } : process.env,
    })
    const timer = setTimeout(() => child.kill('SIGTERM'), WORKER_TIMEOUT_MS)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      const elapsedS = Math.round((Date.now() - started) / 1000)
      const written = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined
      if (code === 0 && written && !written.error) resolve({ ...written, elapsedS })
      else
        resolve({
          store,
          size,
          elapsedS,
          error: signal
            ? `stopped after ${elapsedS} s (${signal})`
            : (written?.error ?? `worker exited with ${code}`),
        })
    })
  })
}

const results = []
const startedAt = new Date()
for (const size of sizes)
  for (const store of stores) {
    log(`[scale] ${store} at ${size} blocks`)
    const result = await runWorker(store, size)
    if (result.error) log(`[scale] ${store} ${size}: ${result.error}`)
    results.push(result)
  }

const stamp = startedAt.toISOString().replace(/[:.]/g, '-')
const report = { startedAt: startedAt.toISOString(), sizes, stores, results }
const markdown = renderScaleReport(report)
for (const name of [`scale-${stamp}`, 'scale-latest']) {
  writeFileSync(join(outDir, `${name}.json`), JSON.stringify(report, null, 2))
  writeFileSync(join(outDir, `${name}.md`), markdown)
}
console.log(markdown)
if (smoke && !option('data')) rmSync(dataRoot, { recursive: true, force: true })
const failed = results.filter((r) => r.error)
if (smoke && failed.length > 0) process.exit(1)
