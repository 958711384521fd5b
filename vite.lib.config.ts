/**
 * Library build: `dist/lib/index.js`, one ES module for Node.js and browsers (declarations come
 * from `tsc -p tsconfig.lib.json`). Runs after the extension build, so it must not empty `dist/`.
 * Runtime `dependencies` stay imports (npm installs them for the user); everything else the node
 * uses (dev dependencies such as idb and the EVM libraries) is bundled in.
 */
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>
}
const runtimeDependencies = Object.keys(pkg.dependencies ?? {})
const isRuntimeDependency = (id: string) =>
  runtimeDependencies.some((dep) => id === dep || id.startsWith(`${dep}/`))

export default defineConfig({
  // No public/ copy and no plugins: this is a plain library build.
  publicDir: false,
  build: {
    outDir: 'dist/lib',
    emptyOutDir: false,
    // ES2022 keeps `async` functions native (web3.js detects EIP-1193 providers by AsyncFunction).
    target: 'es2022',
    sourcemap: true,
    minify: false,
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
      fileName: () => 'index.js',
    },
    rollupOptions: {
      external: isRuntimeDependency,
    },
  },
})
