/**
 * The thin path in real Chromium: the built extension injects its provider before the page's
 * first script, and `eth_chainId` goes page → relay → worker → node → back.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExtensionBrowser, launchWithExtension, type PageServer, startPageServer } from './harness.js'

const PAGE = `<!doctype html><html><head><script>
  // The page's first script: records what it sees before anything else of the page runs.
  window.__seenAtFirstScript = {
    ethereum: typeof window.ethereum,
    request: typeof (window.ethereum && window.ethereum.request),
    isRskDevnode: !!(window.ethereum && window.ethereum.isRskDevnode),
  }
  window.__announced = []
  window.addEventListener('eip6963:announceProvider', (e) => window.__announced.push(e.detail.info))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
</script></head><body>thin path</body></html>`

describe('thin path in Chromium', () => {
  let ext: ExtensionBrowser
  let server: PageServer
  let page: Page

  beforeAll(async () => {
    ;[ext, server] = await Promise.all([launchWithExtension(), startPageServer()])
    server.route('/', PAGE)
    page = await ext.context.newPage()
    await page.goto(server.url)
  })

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  it('defines window.ethereum before the page runs its first script', async () => {
    const seen = await page.evaluate(
      () => (window as unknown as { __seenAtFirstScript: unknown }).__seenAtFirstScript,
    )
    expect(seen).toEqual({ ethereum: 'object', request: 'function', isRskDevnode: true })
  })

  it('announces itself through EIP-6963 when the page asks', async () => {
    const announced = await page.evaluate(
      () => (window as unknown as { __announced: Array<Record<string, string>> }).__announced,
    )
    expect(announced.length).toBeGreaterThan(0)
    expect(announced[0]).toMatchObject({ name: 'RSK Devnode', rdns: 'dev.rskdevnode' })
    expect(announced[0]?.icon).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it('answers eth_chainId with 0x1f (testnet) through relay, worker and node', async () => {
    const chainId = await page.evaluate(() =>
      (window as unknown as { ethereum: { request(a: object): Promise<unknown> } }).ethereum.request({
        method: 'eth_chainId',
      }),
    )
    expect(chainId).toBe('0x1f')
  })

  it('rejects an unknown method with the node error as an Error with own code and message', async () => {
    const error = await page.evaluate(async () => {
      try {
        await (window as unknown as { ethereum: { request(a: object): Promise<unknown> } }).ethereum.request({
          method: 'eth_nope',
        })
        return null
      } catch (e) {
        const err = e as { code: number; message: string }
        return {
          isError: e instanceof Error,
          code: err.code,
          message: err.message,
          own: Object.keys(e as object),
        }
      }
    })
    expect(error).toMatchObject({ isError: true, code: -32601 })
    expect(error?.own).toEqual(expect.arrayContaining(['code', 'message']))
  })
})
