/**
 * `rsk-devnode/playwright` → `dist/lib/playwright.js`: the Playwright fixture (src/playwright),
 * for Node.js. Playwright itself stays an import (the user's own `@playwright/test`, an optional
 * peer dependency); the extension it loads is the package's `dist/extension/chromium/`.
 */
import { defineConfig } from 'vite'

const PEERS = ['@playwright/test', 'playwright', 'playwright-core']

export default defineConfig({
  publicDir: false,
  ssr: { noExternal: true, external: PEERS },
  build: {
    ssr: 'src/playwright/index.ts',
    outDir: 'dist/lib',
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { format: 'es', entryFileNames: 'playwright.js' } },
  },
})
