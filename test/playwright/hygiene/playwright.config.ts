/**
 * Specs that misuse the fixture on purpose: each must fail with a message that names the problem
 * (test/e2e/playwrightFixture.test.ts reads the JSON report). One worker, in order.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Screenshots and traces of failures: outside the repository.
  outputDir: join(tmpdir(), 'rsk-devnode-playwright-results', 'hygiene'),
  workers: 1,
  retries: 0,
  timeout: 20_000,
  reporter: process.env.PLAYWRIGHT_REPORTER ?? 'list',
})
