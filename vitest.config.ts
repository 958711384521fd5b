import { availableParallelism } from 'node:os'
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
          setupFiles: ['test/setup/loadCurves.ts', 'test/setup/byteEquality.ts'],
          testTimeout: 60_000,
          // One file per core. Vitest's default leaves a core to its main process (one worker on a
          // 2-core machine), which mostly waits once the files are transformed. The e2e files run
          // only after every unit file has finished (their project is sequential), so they never
          // share the cores with these.
          maxWorkers: availableParallelism(),
        },
      },
      {
        // Real Chromium with the built extension (dist/extension/chromium), and under
        // test/e2e/firefox real Firefox with the Firefox build (dist/extension/firefox): `npm test`
        // builds both first. One file at a time: two browsers on two cores starve each other's
        // timers and the tests that watch a live chain.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['test/e2e/globalSetup.ts'],
        },
      },
    ],
  },
})
