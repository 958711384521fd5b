/**
 * The README's Foundry recipe, run for real: the npm builds of forge and cast against our HTTP
 * node. `forge create --legacy --broadcast` deploys, `cast send --legacy` calls, `forge test
 * --fork-url` runs a test on a fork of the chain. Forge compiles with solc-js through
 * test/foundry/solc.mjs (`--use`), since it cannot download a compiler offline. Without
 * `--legacy`, cast asks for `eth_feeHistory`, which Rootstock does not serve (RSKj answers
 * "method not found"), so it fails as it does against a real Rootstock node.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { type RunningServer, startServer } from '../../src/server/server.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const project = join(root, 'test/foundry')
const bin = (name: string) => join(root, 'node_modules/.bin', name)
const key = COW_ACCOUNTS[0]!.privateKey
const haveFoundry = existsSync(bin('forge')) && existsSync(bin('cast'))

async function foundry(tool: 'forge' | 'cast', args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(bin(tool), args, {
      cwd: project,
      env: { ...process.env, ...env, FOUNDRY_DISABLE_NIGHTLY_WARNING: '1', NO_COLOR: '1' },
      timeout: 240_000,
    })
    // Some failures (cast send's fee estimate) go to stderr with exit code 0.
    if (/^Error:/m.test(stderr)) throw new Error(`${tool} ${args[0]} failed:\n${stdout}\n${stderr}`)
    return stdout
  } catch (error) {
    if (error instanceof Error && !('code' in error)) throw error
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${tool} ${args[0]} failed:\n${stdout ?? ''}\n${stderr ?? ''}`)
  }
}

describe.runIf(haveFoundry)('Foundry (forge and cast from npm) against the HTTP node', () => {
  let server: RunningServer
  let work: string
  let url: string
  let counter: string
  const compilerArgs = () => [
    '--use',
    './solc.mjs',
    '--out',
    join(work, 'out'),
    '--cache-path',
    join(work, 'cache'),
  ]

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'rsk-devnode-foundry-'))
    server = await startServer({ dataDir: work, nodeFactory: coreNodeFactory(), port: 0 })
    url = server.rpcUrl(server.createdDevApp!.apiKey, 'regtest')
  })
  afterAll(async () => {
    await server?.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  test('forge create --legacy --broadcast deploys a contract', async () => {
    const out = await foundry('forge', [
      'create',
      ...compilerArgs(),
      '--legacy',
      '--broadcast',
      '--rpc-url',
      url,
      '--private-key',
      key,
      'src/Counter.sol:Counter',
      '--constructor-args',
      '41',
    ])
    counter = /Deployed to: (0x[0-9a-fA-F]{40})/.exec(out)?.[1] ?? ''
    expect(counter, out).toMatch(/^0x/)
    expect((await foundry('cast', ['call', '--rpc-url', url, counter, 'number()(uint256)'])).trim()).toBe(
      '41',
    )
  }, 300_000)

  test('cast send --legacy sends a transaction that is mined', async () => {
    const out = await foundry('cast', [
      'send',
      '--legacy',
      '--rpc-url',
      url,
      '--private-key',
      key,
      counter,
      'increment()',
    ])
    expect(out).toMatch(/status\s+1 \(success\)/)
    expect((await foundry('cast', ['call', '--rpc-url', url, counter, 'number()(uint256)'])).trim()).toBe(
      '42',
    )
  }, 120_000)

  test('cast send without --legacy stops at eth_feeHistory, which Rootstock does not serve', async () => {
    await expect(
      foundry('cast', ['send', '--rpc-url', url, '--private-key', key, counter, 'increment()']),
    ).rejects.toThrow(/error code -32601: method not found/)
    expect((await foundry('cast', ['call', '--rpc-url', url, counter, 'number()(uint256)'])).trim()).toBe(
      '42',
    )
  }, 120_000)

  test('forge test --fork-url runs a test on a fork of the chain', async () => {
    const out = await foundry('forge', ['test', ...compilerArgs(), '--fork-url', url, '-vv'], {
      COUNTER: counter,
      COUNTER_NUMBER: '42',
    })
    expect(out).toMatch(/\[PASS\] test_readsAndIncrementsTheDeployedCounter/)
    expect(out).toMatch(/1 passed; 0 failed/)
  }, 300_000)
})
