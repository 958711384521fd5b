/**
 * The built library entry (`dist/lib/index.js`, what `import 'rsk-devnode'` loads), not the
 * sources. `npm test` builds first; run `npm run build:lib` before running this file alone.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, expect, test } from 'vitest'
import * as source from './index.js'

const builtPath = fileURLToPath(new URL('../dist/lib/index.js', import.meta.url))
const typesPath = fileURLToPath(new URL('../dist/lib/types/index.d.ts', import.meta.url))
const pkgPath = fileURLToPath(new URL('../package.json', import.meta.url))

let built: typeof source

beforeAll(async () => {
  if (!existsSync(builtPath)) {
    throw new Error(`${builtPath} is missing: run \`npm run build:lib\` (npm test does it) before this test`)
  }
  built = (await import(/* @vite-ignore */ builtPath)) as typeof source
})

test('package.json exports point at the built entry and its types', () => {
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as {
    exports: { '.': { import: string; types: string } }
  }
  expect(pkg.exports['.']).toEqual({
    types: './dist/lib/types/index.d.ts',
    import: './dist/lib/index.js',
    default: './dist/lib/index.js',
  })
  expect(existsSync(typesPath)).toBe(true)
  expect(readFileSync(typesPath, 'utf8')).toContain('createNode')
})

test('the built entry exports what the source entry exports', () => {
  expect(Object.keys(built).sort()).toEqual(Object.keys(source).sort())
})

test('a node from the built entry answers eth_chainId through the EIP-1193 provider', async () => {
  const node = await built.createNode({ storage: built.createMemoryStore() })
  const provider = built.createProvider(node)
  expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1f')
  expect(await provider.request({ method: 'net_version' })).toBe('31')
  await expect(provider.request({ method: 'shh_version' })).rejects.toMatchObject({
    code: -32601,
    message: 'the method shh_version does not exist/is not available',
  })
  await node.close()
})

test('the built entry keeps request a native async function', async () => {
  const node = await built.createNode({ network: 'regtest', storage: built.createMemoryStore() })
  expect(built.createProvider(node).request.constructor.name).toBe('AsyncFunction')
  await node.close()
})
