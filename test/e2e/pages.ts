/**
 * Builds the test pages under test/e2e/pages (and the demo dApp) with vite into a temporary
 * folder and serves them, so tests run real library bundles in Chromium.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import type { PageServer } from './harness.js'

const HERE = import.meta.dirname

/** Bundles one page module into `<out>/<name>.js`; returns its source. */
export async function bundlePage(entry: string): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-page-'))
  try {
    await build({
      configFile: false,
      logLevel: 'error',
      build: {
        outDir,
        target: 'es2022',
        minify: false,
        emptyOutDir: true,
        lib: { entry: resolve(HERE, entry), formats: ['es'], fileName: () => 'page.js' },
        rollupOptions: { output: { inlineDynamicImports: true } },
      },
    })
    return await readFile(join(outDir, 'page.js'), 'utf8')
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}

/** Serves a bundled page module at `<path>` with an HTML page at `<path>.html`. */
export async function servePage(server: PageServer, path: string, entry: string, head = ''): Promise<string> {
  const source = await bundlePage(entry)
  server.route(`${path}.js`, source)
  server.route(
    `${path}.html`,
    `<!doctype html><html><head>${head}<script type="module" src="${path}.js"></script></head><body></body></html>`,
  )
  return `${server.url}${path}.html`
}
