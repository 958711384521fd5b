/**
 * The extension build: `vite build` → dist/extension/chromium/ (Chromium, MV3 service worker),
 * `TARGET=firefox vite build` → dist/extension/firefox/ (background scripts, gecko settings).
 * Both ship in the npm package (`npx rsk-devnode extension --path [--firefox]` prints them).
 * The library build has its own config (vite.lib.config.ts).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { crx, type ManifestV3Export } from '@crxjs/vite-plugin'
import preact from '@preact/preset-vite'
import { defineConfig, type Plugin } from 'vite'
import baseManifest from './manifest.json' with { type: 'json' }
import pkg from './package.json' with { type: 'json' }

const firefox = process.env.TARGET === 'firefox'

/** The package's version is the extension's: one number to bump, in the archives and the store. */
const chromeManifest = { ...baseManifest, version: pkg.version }

function firefoxManifest() {
  const { minimum_chrome_version: _chromeOnly, background, ...rest } = chromeManifest
  return {
    ...rest,
    // Firefox has no extension service workers: the same module runs as an event page.
    background: { scripts: [background.service_worker], type: background.type },
    browser_specific_settings: {
      gecko: {
        id: 'rsk-devnode@rsk-devnode.dev',
        // MAIN-world content scripts need 128; data_collection_permissions needs 140 (an ESR).
        strict_min_version: '140.0',
        data_collection_permissions: { required: ['none'] },
      },
      // Firefox for Android reads data_collection_permissions from 142 on (web-ext lint).
      gecko_android: { strict_min_version: '142.0' },
    },
  }
}

/**
 * Service workers forbid `import()` (Chrome throws "import() is disallowed on
 * ServiceWorkerGlobalScope"). The node lazily imports a few of its own modules, which is right in
 * Node and pages; for the extension each such relative import becomes a `require()` a microtask
 * later, which the bundler resolves inside the bundle by wrapping the module (and what only it
 * imports) in a function run on that first call. The modules so stay in the worker's one file
 * but are evaluated when first needed, not at every start: the curves (bn254's pairing tables,
 * BIP-32) and the key cipher (scrypt). That was ~3 ms of a cold start with a debugger attached to
 * the worker, within the noise without one (bench/README.md).
 */
function bundledRelativeImports(): Plugin {
  const dynamicImport = /\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g
  return {
    name: 'rsk-devnode:bundled-relative-imports',
    enforce: 'pre',
    transform(code, id) {
      dynamicImport.lastIndex = 0
      if (!id.includes('/src/core/') || !dynamicImport.test(code)) return null
      const body = code.replace(
        dynamicImport,
        (_match, _quote, specifier: string) => `Promise.resolve().then(() => require('${specifier}'))`,
      )
      return { code: body, map: null }
    },
  }
}

/**
 * The node's default loader of libsecp256k1 is `import('tiny-secp256k1')`, which can never run in
 * a service worker; left in, the build ships a chunk and a second copy of the 1.2 MB .wasm that
 * nothing loads. The worker passes its own loader (src/background/wasmLoaders.ts), so in the
 * extension build the default becomes a rejection (createNode then keeps pure-JS recovery).
 */
function noPackageImportsInWorker(): Plugin {
  const dynamicImport = /\bimport\((['"])([^.'"][^'"]*)\1\)/g
  return {
    name: 'rsk-devnode:no-package-imports-in-worker',
    enforce: 'pre',
    transform(code, id) {
      dynamicImport.lastIndex = 0
      if (!id.includes('/src/core/') || !dynamicImport.test(code)) return null
      const body = code.replace(
        dynamicImport,
        (_match, _quote, specifier: string) =>
          `Promise.reject(new Error(${JSON.stringify(`import('${specifier}') is unavailable in the extension`)}))`,
      )
      return { code: body, map: null }
    },
  }
}

/**
 * The provider and relay are built from `?script` imports (src/background/injectedFiles.ts), which
 * crxjs turns into self-contained IIFE files with stable names (`src/inpage/index.iife.js`,
 * `src/content/relay.iife.js`), and declared here as the manifest's content scripts for every
 * site, at document_start in every frame: static scripts are in a page from the moment the
 * extension is installed, before its first script (the allow list narrows them at runtime,
 * src/background/injection.ts). crxjs also lists `?script` files in `web_accessible_resources`
 * for every http(s) page, which content scripts do not need and which would let any page probe
 * for the extension, and leaves an unreferenced ES module copy of each in assets/: both are
 * removed here.
 */
export const STATIC_CONTENT_SCRIPTS = [
  { js: ['src/inpage/index.iife.js'], world: 'MAIN' },
  { js: ['src/content/relay.iife.js'], world: 'ISOLATED' },
].map((script) => ({ matches: ['<all_urls>'], run_at: 'document_start', all_frames: true, ...script }))

function staticProviderScripts(): Plugin {
  const injected = /\.iife\.(?:ts|js)$/
  const plugin: Plugin & { renderCrxManifest(manifest: ManifestV3Export): ManifestV3Export } = {
    name: 'rsk-devnode:static-provider-scripts',
    enforce: 'post',
    apply: 'build',
    renderCrxManifest(manifest) {
      const m = manifest as {
        web_accessible_resources?: Array<{ resources: string[] }>
        content_scripts?: unknown[]
      }
      const kept = (m.web_accessible_resources ?? [])
        .map((r) => ({ ...r, resources: r.resources.filter((file) => !injected.test(file)) }))
        .filter((r) => r.resources.length > 0)
      if (kept.length > 0) m.web_accessible_resources = kept
      else delete m.web_accessible_resources
      m.content_scripts = STATIC_CONTENT_SCRIPTS
      return manifest
    },
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle))
        if (output.type === 'chunk' && output.isEntry && injected.test(output.facadeModuleId ?? ''))
          delete bundle[fileName]
    },
    writeBundle(options) {
      // The manifest names these files; a build that renamed them must not ship.
      const outDir = options.dir ?? ''
      for (const { js } of STATIC_CONTENT_SCRIPTS)
        for (const file of js)
          if (!existsSync(join(outDir, file))) throw new Error(`content script ${file} was not built`)
    },
  }
  return plugin
}

export default defineConfig({
  plugins: [
    bundledRelativeImports(),
    noPackageImportsInWorker(),
    preact(),
    crx({
      manifest: (firefox ? firefoxManifest() : chromeManifest) as ManifestV3Export,
      browser: firefox ? 'firefox' : 'chrome',
    }),
    staticProviderScripts(),
  ],
  build: {
    // EXTENSION_OUT_DIR lets parallel builds (tests, benchmarks) use their own folder. Set but
    // empty it means the default: an empty outDir is the project root, which the build empties.
    outDir: process.env.EXTENSION_OUT_DIR || (firefox ? 'dist/extension/firefox' : 'dist/extension/chromium'),
    emptyOutDir: true,
    // Minified with source maps (DevTools shows the TypeScript sources): the service worker compiles
    // its whole bundle on every cold start, and 921 KiB -> 401 KiB took ~10 ms off it. The Firefox
    // build stays readable, as its store review asks of submitted code. NO_MINIFY=1 keeps the
    // Chromium build readable too, for CPU profiles that name functions (bench/README.md).
    minify: !firefox && !process.env.NO_MINIFY,
    sourcemap: !firefox,
    // No preload helper: it touches `document`, which a service worker does not have, and the
    // node lazily imports some of its modules.
    modulePreload: false,
    // ES2022 keeps `async request()` a native AsyncFunction (web3.js checks constructor.name).
    target: 'es2022',
    rollupOptions: {
      // Not named by the manifest (only devtools_page is), so listed explicitly.
      input: { panel: 'src/devtools/panel/index.html' },
    },
  },
})
