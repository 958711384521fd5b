import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Runs `npm run bench:smoke` for real: our in-process node alone at 5% scale through the same
// harness as the full suite (which builds dist/lib first when it is missing). It fails when the
// harness, the library build or the node breaks.
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outDir = mkdtempSync(join(tmpdir(), 'bench-smoke-'))

interface SmokeResult {
  target: string
  unavailable?: string
  errors: Record<string, string>
  counts: {
    calls: number
    transfers: number
    tokenTransfers: number
    eventBlocks: number
    logQueries: number
  }
  W1: { sequential: { count: number; p50Ms: number }; concurrent: { count: number; callsPerSec: number } }
  W3: { sequential: { count: number; p50Ms: number } }
  W4: { count: number; txPerSec: number; failed: number }
  W5: { count: number; txPerSec: number; failed: number }
  W6: { blocks: number; txs: number; logsMatched: number; logsForNothing: number }
  W7: { startupMs: number; peakRssMiB: number }
}

let run: ReturnType<typeof spawnSync>
let results: SmokeResult[] = []

beforeAll(() => {
  const started = Date.now()
  run = spawnSync(process.execPath, ['bench/run.mjs', '--smoke', `--out=${outDir}`], {
    cwd: root,
    encoding: 'utf8',
    // Generous for a fresh checkout, where the run builds the library first.
    timeout: 240_000,
  })
  console.info(`bench:smoke took ${Date.now() - started} ms`)
  const latest = join(outDir, 'smoke-latest.json')
  if (existsSync(latest)) results = JSON.parse(readFileSync(latest, 'utf8')).results
}, 300_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('bench:smoke', () => {
  it('exits 0, which it does only when every workload completed without a problem', () => {
    expect(run.error, String(run.error)).toBeUndefined()
    expect(run.status, String(run.stderr)).toBe(0)
  })

  it('measures our in-process node and nothing else', () => {
    expect(results.map((r) => r.target)).toEqual(['ours'])
    expect(results[0]?.unavailable).toBeUndefined()
    expect(results[0]?.errors).toEqual({})
  })

  it('runs every workload at 5% scale with answers that check out', () => {
    const ours = results[0]!
    expect(ours.counts).toEqual({
      calls: 100,
      transfers: 100,
      tokenTransfers: 50,
      eventBlocks: 100,
      logQueries: 5,
    })
    expect(ours.W1.sequential.count).toBe(100)
    expect(ours.W1.concurrent.count).toBe(100)
    expect(ours.W3.sequential.count).toBe(100)
    expect(ours.W4).toMatchObject({ count: 100, failed: 0 })
    expect(ours.W5).toMatchObject({ count: 50, failed: 0 })
    expect(ours.W6).toMatchObject({ blocks: 100, txs: 100, logsMatched: 100, logsForNothing: 0 })
    expect(ours.W7.startupMs).toBeGreaterThan(0)
    expect(ours.W7.peakRssMiB).toBeGreaterThan(0)
  })

  it('writes the Markdown report next to the JSON', () => {
    const report = readFileSync(join(outDir, 'smoke-latest.md'), 'utf8')
    expect(report).toContain('RSK Devnode (in-process)')
    expect(report).toMatch(/\| RSK Devnode \(in-process\) \| [\d.]+ \/ [\d.]+ \|/)
  })
})
