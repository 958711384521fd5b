import { defineConfig } from 'vitest/config'

// The on-demand fuzz runs (scripts/fuzz-http.mjs): not part of `npm test`.
export default defineConfig({
  test: {
    name: 'fuzz-http',
    environment: 'node',
    include: ['test/fuzz/**/*.fuzz.ts'],
    setupFiles: ['test/setup/loadCurves.ts'],
    testTimeout: 0,
  },
})
