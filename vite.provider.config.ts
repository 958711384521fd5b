/**
 * The browser-safe entry, `rsk-devnode/provider` → `dist/lib/provider.js`: one self-contained ES
 * module (every dependency bundled) with no Node built-in and no WebAssembly import, so a dApp's
 * bundler, a test runner's page or a plain `<script type="module">` takes it as is.
 * `tiny-secp256k1` is replaced by a module that fails to load (src/provider/noWasmSecp256k1.ts):
 * recovery uses @noble/curves, as it does when the native addon's import is taken out (below).
 * Runs after vite.lib.config.ts, into the same folder.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

/**
 * The node tries libsecp256k1's native addon through `import(name)` with a variable name, so that
 * no bundler resolves it. Minified, the variable becomes a literal that a dApp's bundler would try
 * to resolve: here the import is replaced by a rejection (recovery stays on @noble/curves). Fails
 * the build if the code it replaces has changed.
 */
function noNativeAddon(): Plugin {
  const nativeImport = 'await import(/* @vite-ignore */ name)'
  return {
    name: 'rsk-devnode:no-native-addon',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/src/core/chain/secp256k1.ts')) return null
      if (!code.includes(nativeImport)) this.error(`${id} no longer has \`${nativeImport}\``)
      const rejected = `await Promise.reject(new Error('no native addon in the browser-safe build'))`
      return { code: code.replace(nativeImport, rejected), map: null }
    },
  }
}

export default defineConfig({
  publicDir: false,
  plugins: [noNativeAddon()],
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
      output: { codeSplitting: false, minify: { compress: true, mangle: true, codegen: true } },
    },
  },
})
