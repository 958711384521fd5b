/** The demo dApp: served by `npm start` (dev server) and built into a temp folder by the e2e tests. */
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

export default defineConfig({
  root: import.meta.dirname,
  build: {
    target: 'es2022',
    emptyOutDir: true,
    rollupOptions: { input: { index: resolve(import.meta.dirname, 'index.html') } },
  },
})
