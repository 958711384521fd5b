/**
 * Library build: `dist/lib/index.js`, one ES module for Node.js and browsers (declarations come
 * from `tsc -p tsconfig.lib.json`). Runs after the extension build, so it must not empty `dist/`.
 *
 * The pure-JavaScript dependencies (@noble/*, @scure/*, hash-wasm, RLP) are bundled in, tree-shaken
 * to what the node calls: imported separately, Node's ESM loader resolves, reads and compiles
 * dozens of files at start-up, and hash-wasm's entry (a 280 KB UMD file with every algorithm's
 * WebAssembly inlined) goes through the CommonJS export scanner. Bundled, importing the library
 * takes about a third of the CPU time. Only packages that load native or WebAssembly files
 * relative to their own directory stay imports (npm installs them with the library).
 */
import { defineConfig } from 'vite'

const LOADED_FROM_THEIR_PACKAGE = ['secp256k1', 'tiny-secp256k1', 'classic-level']
const isExternal = (id: string) =>
  LOADED_FROM_THEIR_PACKAGE.some((dep) => id === dep || id.startsWith(`${dep}/`))

export default defineConfig({
  // No public/ copy and no plugins: this is a plain library build.
  publicDir: false,
  build: {
    outDir: 'dist/lib',
    emptyOutDir: false,
    // ES2022 keeps `async` functions native (web3.js detects EIP-1193 providers by AsyncFunction).
    target: 'es2022',
    // Minified, with the source map next to it: Node compiles the whole bundle before the node can
    // start, and half the bytes (comments, whitespace, long local names) cut that by ~5 ms.
    // Vite leaves whitespace in an ES library (`output.minify` below asks for it; the
    // /* @__PURE__ */ annotations that bundlers of the library rely on are kept).
    sourcemap: true,
    minify: true,
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
      fileName: () => 'index.js',
    },
    rollupOptions: {
      external: isExternal,
      output: { minify: { compress: true, mangle: true, codegen: true } },
    },
  },
})
