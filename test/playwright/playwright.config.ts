/**
 * The Playwright fixture's own tests (src/playwright, imported from the sources): every `devnode`
 * and `wallet` call, isolation between tests and workers. Run with
 * `npx playwright test -c test/playwright/playwright.config.ts` after `npm run build` (the fixture
 * loads dist/extension/chromium); test/e2e/playwrightFixture.test.ts runs it under `npm test`.
 * The tests that must fail (hygiene/) have their own config.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Screenshots and traces of failures: outside the repository.
  outputDir: join(tmpdir(), 'rsk-devnode-playwright-results'),
  testIgnore: 'hygiene/**',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.PLAYWRIGHT_REPORTER ?? 'list',
  // Offline: nothing under test may leave the machine.
  use: { trace: 'off' },
})
