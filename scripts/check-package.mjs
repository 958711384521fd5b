#!/usr/bin/env node
/**
 * The package as a user gets it (`.ci/run` runs this after `npm test`):
 * 1. `npm pack` (prepack builds) → the tarball; prints its packed size and file count and fails
 *    on any file from src/, test/, bench/ or fixtures, or a missing entry.
 * 2. A new consumer project in a temporary folder holding only the tarball: `npm i -D` it, then
 *    - `npx rsk-devnode` starts and answers one `eth_chainId` over HTTP (regtest: 0x21);
 *    - a Node ESM script creates a node, mines a transaction and reads its receipt;
 *    - the same through `rsk-devnode/provider` (the browser-safe entry, memory store);
 *    - `tsc --noEmit --strict` on a file that uses the types, with moduleResolution bundler and
 *      nodenext;
 *    on Node 20 (this one) and Node 22 (.peers/node22, installed from the npm registry when absent).
 * Options: --keep (leave the consumer folder), --tarball FILE (check a given tarball instead),
 * --tarball-out FILE (write the tarball's path there, for the next step of CI).
 * Exits non-zero on the first failure. Prints the tarball's path last, for the next step.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ensureNode22 } from './lib/node22.mjs'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: { keep: { type: 'boolean' }, tarball: { type: 'string' }, 'tarball-out': { type: 'string' } },
})
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

function step(title) {
  console.log(`\n== ${title}`)
}
function run(command, args, options = {}) {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options })
}
function fail(message) {
  console.error(`check-package: ${message}`)
  process.exit(1)
}

// 1. The tarball
step('npm pack')
let tarball = values.tarball && resolve(values.tarball)
if (!tarball) {
  // prepack's build prints to the same stdout; npm's JSON report is the last thing, from a lone '['.
  const output = run('npm', ['pack', '--json', '--pack-destination', root], { cwd: root })
  const [packed] = JSON.parse(output.slice(output.lastIndexOf('\n[\n') + 1))
  tarball = join(root, packed.filename)
}
const listing = run('tar', ['tzf', tarball])
  .split('\n')
  .filter((line) => line && !line.endsWith('/'))
  .map((line) => line.replace(/^package\//, ''))
const forbidden = listing.filter((file) => /^(src|test|bench|examples|scripts)\/|fixtures?\//.test(file))
const required = [
  'bin/rsk-devnode.mjs',
  'dist/lib/index.js',
  'dist/lib/provider.js',
  'dist/lib/playwright.js',
  'dist/lib/types/index.d.ts',
  'dist/lib/types/browser.d.ts',
  'dist/server/rsk-devnode-server.js',
  'dist/server/dashboard/index.html',
  'dist/extension/chromium/manifest.json',
  'dist/extension/firefox/manifest.json',
  'README.md',
  'LICENSE',
]
const missing = required.filter((file) => !listing.includes(file))
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`
const { size } = statSync(tarball)
console.log(`${tarball}: ${kib(size)} packed, ${listing.length} files`)
console.log(`files from src/, test/, bench/, examples/, scripts/ or fixtures: ${forbidden.length}`)
if (forbidden.length > 0)
  fail(`the tarball ships sources or tests:\n  ${forbidden.slice(0, 20).join('\n  ')}`)
if (missing.length > 0) fail(`the tarball lacks ${missing.join(', ')}`)

// 2. A consumer project with only the tarball
step('a consumer project installs the tarball')
const consumer = mkdtempSync(join(tmpdir(), 'rsk-devnode-consumer-'))
writeFileSync(
  join(consumer, 'package.json'),
  JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
)
const typescript = `typescript@${rootPackage.devDependencies.typescript}`
const nodeTypes = `@types/node@${rootPackage.devDependencies['@types/node']}`
run('npm', ['install', '--save-dev', '--no-audit', '--no-fund', tarball, typescript, nodeTypes], {
  cwd: consumer,
  stdio: 'inherit',
})

writeFileSync(
  join(consumer, 'mine.mjs'),
  `import { createNode, createProvider, createMemoryStore } from 'rsk-devnode'
const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
const provider = createProvider(node)
const from = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826' // RSKj regtest's first cow account
const to = '0x000000000000000000000000000000000000beef'
await provider.request({ method: 'anvil_impersonateAccount', params: [from] })
const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x2a' }] })
const receipt = await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })
const balance = await provider.request({ method: 'eth_getBalance', params: [to, 'latest'] })
await node.close()
if (receipt?.status !== '0x1' || balance !== '0x2a') throw new Error('not mined: ' + JSON.stringify({ receipt, balance }))
console.log('mined', hash, 'in block', Number(receipt.blockNumber))
`,
)
writeFileSync(
  join(consumer, 'inPage.mjs'),
  `import { createInPageProvider } from 'rsk-devnode/provider'
const { node, provider } = await createInPageProvider({ storage: 'memory' })
const chainId = await provider.request({ method: 'eth_chainId' })
await provider.request({ method: 'evm_mine' })
const head = await provider.request({ method: 'eth_blockNumber' })
await node.close()
if (chainId !== '0x21' || head !== '0x1') throw new Error('unexpected ' + chainId + ' ' + head)
console.log('rsk-devnode/provider: chain', chainId, 'head', head)
`,
)
writeFileSync(
  join(consumer, 'use.ts'),
  `import { createMemoryStore, createNode, createProvider, type DevNode, type Eip1193Provider, RpcError } from 'rsk-devnode'
import { createInPageProvider, type CreateInPageProviderReturnType } from 'rsk-devnode/provider'
export const node: DevNode = await createNode({ network: 'regtest', storage: createMemoryStore() })
export const provider: Eip1193Provider = createProvider(node)
export const chainId: unknown = await provider.request({ method: 'eth_chainId' })
export const inPage: CreateInPageProviderReturnType = await createInPageProvider({ network: 'testnet', storage: 'memory' })
export const isError = (e: unknown): boolean => e instanceof RpcError
`,
)

/** Starts `npx rsk-devnode` and asks the regtest address from its banner for eth_chainId. */
async function cliAnswers(nodeBinary) {
  const child = spawn(
    nodeBinary,
    [
      join(consumer, 'node_modules/.bin/rsk-devnode'),
      '--port',
      '0',
      '--data-dir',
      join(consumer, `.data-${Date.now()}`),
    ],
    {
      cwd: consumer,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  try {
    const address = await new Promise((done, reject) => {
      let banner = ''
      const timer = setTimeout(() => reject(new Error(`no regtest address in 30 s:\n${banner}`)), 30_000)
      child.stdout.on('data', (chunk) => {
        banner += chunk
        const found = /regtest\s+(http:\/\/127\.0\.0\.1:\d+\/regtest\/\w+)/.exec(banner)
        if (found) {
          clearTimeout(timer)
          done(found[1])
        }
      })
      child.on('exit', (code) => reject(new Error(`rsk-devnode exited with ${code}:\n${banner}`)))
    })
    const response = await fetch(address, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    const body = await response.json()
    if (body.result !== '0x21') fail(`eth_chainId over HTTP answered ${JSON.stringify(body)}`)
    console.log(
      `npx rsk-devnode: ${address.replace(/\/\w+$/, '/<API_KEY>')} answered eth_chainId ${body.result}`,
    )
  } finally {
    child.kill('SIGTERM')
  }
}

for (const nodeBinary of [process.execPath, ensureNode22()]) {
  const version = run(nodeBinary, ['--version']).trim()
  step(`Node ${version}: the CLI, the library, the browser-safe entry`)
  await cliAnswers(nodeBinary)
  console.log(run(nodeBinary, ['mine.mjs'], { cwd: consumer }).trim())
  console.log(run(nodeBinary, ['inPage.mjs'], { cwd: consumer }).trim())
  const path = run(nodeBinary, [join(consumer, 'node_modules/.bin/rsk-devnode'), 'extension', '--path'], {
    cwd: consumer,
  }).trim()
  if (
    !existsSync(join(path, 'manifest.json')) ||
    !path.startsWith(join(consumer, 'node_modules/rsk-devnode'))
  ) {
    fail(`extension --path printed ${path}, not the installed package's extension`)
  }
  console.log(`npx rsk-devnode extension --path: ${path}`)
}

for (const [module, resolution] of [
  ['esnext', 'bundler'],
  ['nodenext', 'nodenext'],
]) {
  step(`tsc --noEmit --strict, moduleResolution ${resolution}`)
  const tsc = join(consumer, 'node_modules/.bin/tsc')
  run(
    tsc,
    [
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      module,
      '--moduleResolution',
      resolution,
      '--lib',
      'es2022,dom',
      '--types',
      'node',
      'use.ts',
    ],
    {
      cwd: consumer,
      stdio: 'inherit',
    },
  )
  console.log('passed')
}

if (!values.keep) rmSync(consumer, { recursive: true, force: true })
else console.log(`consumer project kept: ${consumer}`)
console.log(`\npackage checked: ${tarball}`)
if (values['tarball-out']) writeFileSync(values['tarball-out'], tarball)
