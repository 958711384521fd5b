import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Runs the scale suite's smoke version for real (`node bench/scale.mjs --smoke`): a 10,000-block
// chain built in the memory store and in the server's LevelDB, every measure taken with its answers
// checked (the emitter's 2,000 logs found over the whole chain, none for a topic never emitted, old
// blocks, receipts and balances read back). It fails when the builder, the harness or the node
// breaks. It needs dist/lib and dist/server (`npm test` builds them first).
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const outDir = mkdtempSync(join(tmpdir(), 'scale-smoke-out-'))

interface ScaleResult {
  store: string
  size: number
  error?: string
  reads: { head: number; logsNoMatch: { count: number }; logsByAddress: { logs: number } }
  W4: { count: number; failed: number }
  W5: { count: number; failed: number }
}

let run: ReturnType<typeof spawnSync>
let results: ScaleResult[] = []

beforeAll(() => {
  run = spawnSync(process.execPath, ['bench/scale.mjs', '--smoke', `--out=${outDir}`], {
    cwd: root,
    encoding: 'utf8',
    timeout: 570_000,
  })
  const latest = join(outDir, 'scale-latest.json')
  if (existsSync(latest)) results = JSON.parse(readFileSync(latest, 'utf8')).results
}, 600_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('bench:scale --smoke', () => {
  it('exits 0, which it does only when every store reached its size and every answer checked out', () => {
    expect(run.error, String(run.error)).toBeUndefined()
    expect(run.status, String(run.stderr).slice(-2000)).toBe(0)
  })

  it('measured a 10,000-block chain in memory and in LevelDB, with the 2,000 spread logs found', () => {
    expect(results.map((r) => [r.store, r.size, r.error])).toEqual([
      ['memory', 10_000, undefined],
      ['leveldb', 10_000, undefined],
    ])
    for (const r of results) {
      expect(r.reads.head).toBe(10_000)
      expect(r.reads.logsByAddress.logs).toBe(2000)
      expect(r.reads.logsNoMatch.count).toBe(5)
      expect(r.W4).toMatchObject({ count: 30, failed: 0 })
      expect(r.W5).toMatchObject({ count: 15, failed: 0 })
    }
  })

  it('writes the table next to the JSON', () => {
    const report = readFileSync(join(outDir, 'scale-latest.md'), 'utf8')
    expect(report).toContain('| memory 10,000 | leveldb 10,000 |')
    expect(report).toMatch(
      /\| getLogs emitter \(logs\), whole chain: first \/ p50 \| [\d.]+ \/ [\d.]+ ms \(2000\)/,
    )
  })
})
