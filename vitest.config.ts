import { defineConfig } from 'vitest/config'

// Kept apart from vite.config.ts so the extension plugin does not run under vitest.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          // test/compat/hardhat is a Hardhat project (mocha, Node 22): npm run test:compat:hardhat runs it.
          exclude: ['test/e2e/**', '**/node_modules/**', 'test/compat/hardhat/**'],
          setupFiles: ['test/setup/loadCurves.ts'],
          testTimeout: 60_000,
        },
      },
      {
        // Real Chromium with the built extension (dist/), and under test/e2e/firefox real Firefox
        // with the Firefox build (dist-firefox/): `npm test` builds both first. One file at a time.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
