/**
 * The provider is in the very first page of a browser started with the freshly installed
 * extension: no wait for the worker, no reload. The page is the browser's start-up page, loaded
 * while the extension is being installed, and its first script looks for `window.ethereum`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHROMIUM_PATH, EXTENSION_DIR, FLAGS, type PageServer, startPageServer } from './harness.js'

const FIRST_SCRIPT = `<!doctype html><html><head><script>
  window.__seen = { ethereum: typeof window.ethereum, isRskDevnode: !!(window.ethereum && window.ethereum.isRskDevnode) }
  window.__announced = []
  window.addEventListener('eip6963:announceProvider', (e) => window.__announced.push(e.detail.info.rdns))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  window.__chainId = window.ethereum ? window.ethereum.request({ method: 'eth_chainId' }) : Promise.resolve(null)
</script></head><body>first page</body></html>`

describe('the first page after install', () => {
  let server: PageServer
  beforeAll(async () => {
    server = await startPageServer()
    server.route('/first', FIRST_SCRIPT)
  })
  afterAll(async () => {
    await server.close()
  })

  it('has window.ethereum at its first script, announces it, and gets answers', async () => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-first-'))
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      ignoreDefaultArgs: ['--disable-extensions'],
      args: [...FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
    })
    try {
      // The page the browser opened with, navigated at once: nothing has waited for the worker.
      const page = context.pages()[0] ?? (await context.newPage())
      await page.goto(`${server.url}/first`)
      const seen = await page.evaluate(async () => {
        const w = window as unknown as {
          __seen: unknown
          __announced: string[]
          __chainId: Promise<string | null>
        }
        return { ...(w.__seen as object), announced: w.__announced, chainId: await w.__chainId }
      })
      expect(seen).toEqual({
        ethereum: 'object',
        isRskDevnode: true,
        announced: ['dev.rskdevnode'],
        chainId: '0x1f',
      })
    } finally {
      await context.close()
      await rm(userDataDir, { recursive: true, force: true })
    }
  })
})
