#!/usr/bin/env node
/**
 * Fuzzes the HTTP server on demand: `node scripts/fuzz-http.mjs [N] [seed] [from]` (default
 * 1,000,000 requests, seed 22; `from`, a multiple of 10,000, resumes a run cut short at that count
 * on a fresh server). The server listens on 127.0.0.1 on a free port with a temporary data
 * directory, both removed at the end. Prints the counts of crashes, hangs, -32603 and invalid
 * answers and the duration, and writes them to fuzz-http-report.json.
 */
import { spawnSync } from 'node:child_process'

const [count = '1000000', seed = '22', from = '0'] = process.argv.slice(2)
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.fuzz.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_HTTP_REQUESTS: count, FUZZ_SEED: seed, FUZZ_FROM: from },
})
process.exit(result.status ?? 1)
