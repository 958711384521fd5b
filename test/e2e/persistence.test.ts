/**
 * The browser is closed and reopened on the same profile: the chain, the site's grant, its log
 * filter and the request log are all still there.
 */
import { afterAll, describe, expect, it } from 'vitest'
import {
  controlExtension,
  type ExtensionBrowser,
  launchWithExtension,
  type PageServer,
  startPageServer,
} from './harness.js'

type Eth = { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
const OTHER = '0x7986b3df570230288501eea3d890bd66948c9b79'

describe('browser restart on the same profile', () => {
  let ext: ExtensionBrowser | undefined
  let server: PageServer | undefined

  afterAll(async () => {
    await server?.close()
    await ext?.close()
  })

  it('keeps the chain, grants, filters and request log', async () => {
    server = await startPageServer()
    server.route('/', '<!doctype html><html><body>persist</body></html>')
    ext = await launchWithExtension()
    const first = await ext.context.newPage()
    await first.goto(server.url)
    const before = (await first.evaluate(async (to) => {
      const eth = (window as unknown as { ethereum: Eth }).ethereum
      const [from] = (await eth.request({ method: 'eth_requestAccounts' })) as string[]
      const filterId = await eth.request({ method: 'eth_newBlockFilter' })
      const hash = await eth.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x2a' }] })
      const head = await eth.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })
      return { from, filterId, hash, head }
    }, OTHER)) as { from: string; filterId: string; hash: string; head: { number: string; hash: string } }
    const logBefore = ((await controlExtension(ext, { kind: 'getLog', limit: 1000 })).result as unknown[])
      .length
    expect(logBefore).toBeGreaterThanOrEqual(4)

    await ext.close({ keepProfile: true })
    ext = await launchWithExtension({ userDataDir: ext.userDataDir })
    const second = await ext.context.newPage()
    await second.goto(server.url)
    const after = (await second.evaluate(
      async ({ hash, filterId }) => {
        const eth = (window as unknown as { ethereum: Eth }).ethereum
        // No eth_requestAccounts: the grant itself must have survived.
        const accounts = await eth.request({ method: 'eth_accounts' })
        const head = await eth.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })
        const receipt = await eth.request({ method: 'eth_getTransactionReceipt', params: [hash] })
        let changes: unknown
        try {
          changes = await eth.request({ method: 'eth_getFilterChanges', params: [filterId] })
        } catch (e) {
          changes = { error: (e as Error).message }
        }
        return { accounts, head, receipt, changes }
      },
      { hash: before.hash, filterId: before.filterId },
    )) as {
      accounts: string[]
      head: { number: string; hash: string }
      receipt: { status: string } | null
      changes: unknown
    }

    expect(after.accounts).toEqual([before.from])
    expect(after.head).toMatchObject({ number: before.head.number, hash: before.head.hash })
    expect(after.receipt).toMatchObject({ status: '0x1' })
    expect(Array.isArray(after.changes)).toBe(true)
    const log = (await controlExtension(ext, { kind: 'getLog', limit: 1000 })).result as Array<{
      method: string
    }>
    expect(log.length).toBeGreaterThan(logBefore)
    expect(log.map((e) => e.method)).toEqual(
      expect.arrayContaining(['eth_requestAccounts', 'eth_sendTransaction', 'eth_newBlockFilter']),
    )
  })
})
