/**
 * The browser-safe entry, `rsk-devnode/provider` → `dist/lib/provider.js`: one self-contained ES
 * module (every dependency bundled) with no Node built-in and no WebAssembly import, so a dApp's
 * bundler, a test runner's page or a plain `<script type="module">` takes it as is.
 * `tiny-secp256k1` is replaced by a module that fails to load (src/provider/noWasmSecp256k1.ts):
 * recovery uses @noble/curves. Runs after vite.lib.config.ts, into the same folder.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  publicDir: false,
  resolve: {
    alias: { 'tiny-secp256k1': fileURLToPath(new URL('src/provider/noWasmSecp256k1.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist/lib',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: true,
    minify: true,
    lib: { entry: 'src/browser.ts', formats: ['es'], fileName: () => 'provider.js' },
    rollupOptions: {
      output: { inlineDynamicImports: true, minify: { compress: true, mangle: true, codegen: true } },
    },
  },
})
