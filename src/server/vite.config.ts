/**
 * Builds the Node.js server (src/server/entry.ts and the core it uses) into one ES module,
 * dist/server/rsk-devnode-server.js, that `bin/rsk-devnode.mjs` imports. npm dependencies stay
 * external (they are installed next to it); only our TypeScript is compiled in.
 * Run: `vite build --config src/server/vite.config.ts` (npm run build:server).
 */
import { defineConfig } from 'vite'

export default defineConfig({
  root: process.cwd(),
  publicDir: false,
  build: {
    ssr: 'src/server/entry.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: { output: { format: 'es', entryFileNames: 'rsk-devnode-server.js' } },
  },
})
