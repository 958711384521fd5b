#!/usr/bin/env node
/**
 * Fuzzes the HTTP server on demand: `node scripts/fuzz-http.mjs [N] [seed]` (default 1,000,000
 * requests, seed 22). The server listens on 127.0.0.1 on a free port with a temporary data
 * directory, both removed at the end. Prints the counts of crashes, hangs, -32603 and invalid
 * answers and the duration, and writes them to fuzz-http-report.json.
 */
import { spawnSync } from 'node:child_process'

const [count = '1000000', seed = '22'] = process.argv.slice(2)
const result = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.fuzz.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_HTTP_REQUESTS: count, FUZZ_SEED: seed },
})
process.exit(result.status ?? 1)
