/**
 * Builds the Node.js server (src/server/entry.ts and the core it uses) into one ES module,
 * dist/server/rsk-devnode-server.js, that `bin/rsk-devnode.mjs` imports. The pure-JavaScript
 * dependencies are bundled in, so an installed package needs at run time only the packages that
 * load native or WebAssembly files relative to their own directory (`NATIVE`, the package's
 * `dependencies`; package.test.ts checks the two agree).
 * Run: `vite build --config src/server/vite.config.ts` (npm run build:server).
 */
import { defineConfig } from 'vite'

/** Loaded from their own package folder at run time: never bundled. */
export const NATIVE = ['classic-level', 'secp256k1', 'tiny-secp256k1']

export default defineConfig({
  root: process.cwd(),
  ssr: { noExternal: true, external: NATIVE },
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
