/**
 * Builds the server's dashboard page (src/dashboard) into dist/server/dashboard, next to the
 * server bundle, which serves it at / with its assets under /dashboard/assets/.
 * Run after the server bundle (it empties dist/server): `npm run build:server` does both.
 */
import { fileURLToPath } from 'node:url'
import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  base: '/dashboard/',
  publicDir: false,
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/server/dashboard', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The CSP allows only the page's own scripts: no inline polyfill.
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
})
