/**
 * `npm run package`'s archives, as a user installs them: both zips are written with the package's
 * version in their manifests and no source maps, the Firefox add-on passes `web-ext lint` (the
 * script exits non-zero on any lint error), and the Chromium zip, unzipped into a new folder and
 * loaded unpacked, gives a page `window.ethereum` that answers through the extension's own node.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import extractZip from 'extract-zip'
import JSZip from 'jszip'
import { type BrowserContext, chromium } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CHROMIUM_PATH, FLAGS, type PageServer, startPageServer } from './harness.js'

const root = resolve(import.meta.dirname, '../..')
const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }

let work: string
let packaging: ReturnType<typeof spawnSync>
let context: BrowserContext | undefined
let server: PageServer | undefined

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rsk-devnode-archive-'))
  // `npm test` has just built dist/; `npm run package` is this script after the same build.
  packaging = spawnSync(process.execPath, [join(root, 'scripts/package-extensions.mjs'), '--out-dir', work], {
    cwd: root,
    encoding: 'utf8',
  })
})

afterAll(async () => {
  await context?.close()
  await server?.close()
  await rm(work, { recursive: true, force: true })
})

test('npm run package writes both archives, the Firefox one web-ext lint clean of errors', () => {
  expect(packaging.stderr).toBe('')
  expect(packaging.status).toBe(0)
  expect(packaging.stdout).toMatch(/web-ext lint \(firefox\): 0 errors/)
  expect(packaging.stdout).toContain(join(work, `rsk-devnode-chromium-${version}.zip`))
  expect(packaging.stdout).toContain(join(work, `rsk-devnode-firefox-${version}.zip`))
})

for (const browser of ['chromium', 'firefox'] as const) {
  test(`the ${browser} archive carries the package's version and no source map`, async () => {
    const zip = await JSZip.loadAsync(await readFile(join(work, `rsk-devnode-${browser}-${version}.zip`)))
    const names = Object.keys(zip.files)
    expect(names.filter((name) => name.endsWith('.map'))).toEqual([])
    const manifest = JSON.parse((await zip.file('manifest.json')?.async('string')) ?? '{}')
    expect(manifest.version).toBe(version)
    expect(manifest.manifest_version).toBe(3)
    if (browser === 'firefox') expect(manifest.browser_specific_settings.gecko.id).toBeTypeOf('string')
    else expect(manifest.background.service_worker).toBeTypeOf('string')
  })
}

test('the unzipped Chromium archive, loaded unpacked, gives a page window.ethereum', async () => {
  const unpacked = join(work, 'unpacked')
  await extractZip(join(work, `rsk-devnode-chromium-${version}.zip`), { dir: unpacked })
  server = await startPageServer()
  server.route('/', '<!doctype html><title>archive</title><p>a dApp page</p>')
  context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [...FLAGS, `--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`],
  })
  const page = await context.newPage()
  await page.goto(server.url)
  const seen = await page.evaluate(async () => {
    const ethereum = (
      window as unknown as { ethereum?: { isRskDevnode?: boolean; request(a: object): Promise<unknown> } }
    ).ethereum
    return {
      isRskDevnode: ethereum?.isRskDevnode,
      chainId: await ethereum?.request({ method: 'eth_chainId' }),
      blockNumber: await ethereum?.request({ method: 'eth_blockNumber' }),
    }
  })
  expect(seen).toEqual({
    isRskDevnode: true,
    chainId: '0x1f',
    blockNumber: expect.stringMatching(/^0x[0-9a-f]+$/),
  })
})
