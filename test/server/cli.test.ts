import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { exportSPKI, generateKeyPair } from 'jose'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { loadApps } from '../../src/server/apps/appStore.js'
import { type CliResult, runCli } from '../../src/server/cli/main.js'
import { fakeNodeFactory } from './fakeNode.js'
import { makeDataDir, rpc } from './helpers.js'

let dataDir: string
let out: string[]
let err: string[]
const running: CliResult[] = []

async function cli(...argv: string[]): Promise<CliResult> {
  out = []
  err = []
  const withDataDir = argv.includes('--data-dir') ? argv : [...argv, '--data-dir', dataDir]
  const result = await runCli(withDataDir, {
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    nodeFactory: () => fakeNodeFactory,
  })
  if (result.server) running.push(result)
  return result
}
const printed = () => out.join('\n')

beforeEach(async () => {
  dataDir = await makeDataDir()
})

afterEach(async () => {
  for (const result of running.splice(0)) await result.server?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('apps create', () => {
  test('prints the API key and an RPC address for each network', async () => {
    const result = await cli(
      'apps',
      'create',
      '--name',
      'My DEX',
      '--description',
      'swaps',
      '--use-case',
      'defi',
    )
    expect(result.exitCode).toBe(0)
    const [app] = await loadApps(dataDir)
    expect(app).toMatchObject({ name: 'My DEX', description: 'swaps', useCase: 'defi' })
    expect(app!.apiKey).toMatch(/^[0-9a-f]{32}$/)
    expect(printed()).toContain(`API key: ${app!.apiKey}`)
    for (const network of ['mainnet', 'testnet', 'regtest']) {
      expect(printed()).toContain(`http://127.0.0.1:4444/${network}/${app!.apiKey}`)
    }
  })

  test('refuses an unknown use case, a duplicate name and a missing name', async () => {
    expect((await cli('apps', 'create', '--name', 'x', '--use-case', 'mining')).exitCode).toBe(1)
    expect(err.join('\n')).toMatch(/unknown use case "mining": one of defi, analytics, gaming, wallet, other/)
    await cli('apps', 'create', '--name', 'x', '--use-case', 'gaming')
    expect((await cli('apps', 'create', '--name', 'X', '--use-case', 'wallet')).exitCode).toBe(1)
    expect(err.join('\n')).toMatch(/already exists/)
    expect((await cli('apps', 'create', '--use-case', 'wallet')).exitCode).toBe(2)
    expect(err.join('\n')).toMatch(/needs --name/)
  })

  test('uses the address of a running server', async () => {
    const serve = await cli('serve', '--port', '0')
    await cli('apps', 'create', '--name', 'later', '--use-case', 'analytics')
    const app = (await loadApps(dataDir)).find((candidate) => candidate.name === 'later')!
    expect(printed()).toContain(`${serve.server!.url}/testnet/${app.apiKey}`)
    // And the running server accepts the new key at once.
    const reply = await rpc(`${serve.server!.url}/testnet/${app.apiKey}`, 'eth_chainId')
    expect(reply.json.result).toBe('0x1f')
  })
})

describe('apps list, show, delete', () => {
  test('list shows every app with its requests and success rate', async () => {
    await cli('apps', 'create', '--name', 'one', '--use-case', 'defi')
    await cli('apps', 'create', '--name', 'two', '--use-case', 'wallet')
    await cli('apps', 'list')
    expect(out[0]).toMatch(/^NAME\s+USE CASE\s+NETWORKS\s+API KEY\s+TODAY\s+REQUESTS\s+SUCCESS$/)
    expect(out.slice(1).map((line) => line.split(/\s+/).slice(0, 2))).toEqual([
      ['one', 'defi'],
      ['two', 'wallet'],
    ])
  })

  test('list with no apps says how to create one', async () => {
    await cli('apps', 'list')
    expect(printed()).toMatch(/No apps/)
  })

  test('show prints settings and per-network metrics with latency percentiles', async () => {
    const serve = await cli('serve', '--port', '0')
    const dev = serve.server!.createdDevApp!
    await rpc(serve.server!.rpcUrl(dev.apiKey, 'testnet'), 'eth_chainId')
    await rpc(serve.server!.rpcUrl(dev.apiKey, 'testnet'), 'eth_nope')
    await cli('apps', 'show', 'dev')
    const text = printed()
    expect(text).toContain(`API key:     ${dev.apiKey}`)
    expect(text).toMatch(
      /testnet: 2 requests, 50\.0% success, latency p50 [\d.]+ ms, p90 [\d.]+ ms, p99 [\d.]+ ms/,
    )
    expect(text).toMatch(/eth_chainId 1, eth_nope 1|eth_nope 1, eth_chainId 1/)
    await cli('apps', 'show', dev.apiKey, '--json')
    const json = JSON.parse(printed())
    expect(json.metrics.networks.testnet).toMatchObject({ total: 2, success: 1, errors: 1, successRate: 0.5 })
  })

  test('delete removes the app and its key stops working on a running server', async () => {
    const serve = await cli('serve', '--port', '0')
    const dev = serve.server!.createdDevApp!
    expect((await cli('apps', 'delete', 'dev')).exitCode).toBe(0)
    expect(printed()).toContain(`Deleted app "dev"`)
    expect(await loadApps(dataDir)).toEqual([])
    await serve.server!.refreshApps()
    expect((await rpc(serve.server!.rpcUrl(dev.apiKey, 'regtest'), 'eth_chainId')).status).toBe(401)
  })

  test('show and delete of an unknown app fail with a message', async () => {
    expect((await cli('apps', 'show', 'nope')).exitCode).toBe(1)
    expect(err.join('\n')).toMatch(/no app named "nope"/)
    expect((await cli('apps', 'delete', 'nope')).exitCode).toBe(1)
  })
})

describe('apps allow, jwt, quota', () => {
  beforeEach(async () => {
    await cli('apps', 'create', '--name', 'shop', '--use-case', 'other')
  })

  test('allow adds origins and IPs, --remove takes them out, --clear empties the list', async () => {
    await cli(
      'apps',
      'allow',
      'shop',
      '--origin',
      'https://Shop.Example/',
      '--origin',
      'https://*.shop.test',
      '--ip',
      '10.0.0.0/8',
    )
    expect(printed()).toBe(
      'Allow list of "shop": origins https://shop.example, https://*.shop.test; IPs 10.0.0.0/8',
    )
    await cli('apps', 'allow', 'shop', '--origin', 'https://shop.example', '--remove')
    expect((await loadApps(dataDir))[0]!.allowList).toEqual({
      origins: ['https://*.shop.test'],
      ips: ['10.0.0.0/8'],
    })
    await cli('apps', 'allow', 'shop', '--clear')
    expect((await loadApps(dataDir))[0]!.allowList).toEqual({ origins: [], ips: [] })
  })

  test('allow refuses what is not an origin or an IP', async () => {
    expect((await cli('apps', 'allow', 'shop', '--origin', 'shop.example')).exitCode).toBe(1)
    expect((await cli('apps', 'allow', 'shop', '--ip', '300.1.2.3/40')).exitCode).toBe(1)
  })

  test('jwt add reads a PEM file and derives the algorithm; jwt remove takes it away', async () => {
    const { publicKey } = await generateKeyPair('EdDSA', { extractable: true })
    const file = join(dataDir, 'key.pem')
    await writeFile(file, await exportSPKI(publicKey))
    expect((await cli('apps', 'jwt', 'add', 'shop', '--name', 'ci', '--key-file', file)).exitCode).toBe(0)
    expect(printed()).toMatch(/Added JWT key "ci" \(EdDSA\)/)
    const [app] = await loadApps(dataDir)
    expect(app!.jwtKeys[0]!.publicKeyPem).toBe((await readFile(file, 'utf8')).trim())
    expect((await cli('apps', 'jwt', 'remove', 'shop', '--name', 'ci')).exitCode).toBe(0)
    expect(printed()).toMatch(/no longer needs a JWT/)
    expect((await loadApps(dataDir))[0]!.jwtKeys).toEqual([])
  })

  test('jwt add refuses a file that is not a public key', async () => {
    const file = join(dataDir, 'junk.pem')
    await writeFile(file, 'hello')
    expect((await cli('apps', 'jwt', 'add', 'shop', '--name', 'bad', '--key-file', file)).exitCode).toBe(1)
    expect(err.join('\n')).toMatch(/not a PEM public key/)
  })

  test('quota sets daily and monthly limits, and 0 removes one', async () => {
    await cli('apps', 'quota', 'shop', '--daily', '1000', '--monthly', '20000')
    expect(printed()).toBe('Quota of "shop": daily 1000, monthly 20000')
    await cli('apps', 'quota', 'shop', '--daily', '0')
    expect((await loadApps(dataDir))[0]!.quota).toEqual({ monthly: 20000 })
    expect((await cli('apps', 'quota', 'shop', '--daily', 'lots')).exitCode).toBe(1)
  })
})

describe('serve', () => {
  test('a first start creates a dev app and prints its key, URLs and a working curl line', async () => {
    const serve = await cli('serve', '--port', '0')
    const dev = serve.server!.createdDevApp!
    const text = printed()
    expect(text).toContain(`API key: ${dev.apiKey}`)
    expect(text).toContain(`${serve.server!.url}/mainnet/${dev.apiKey}`)
    const curl = out.find((line) => line.trim().startsWith('curl '))!.trim()
    expect(curl).toBe(
      `curl -s -X POST -H 'Content-Type: application/json' --data '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}' ${serve.server!.url}/regtest/${dev.apiKey}`,
    )
  })

  test('no command, or only options, means serve', async () => {
    const bare = await cli('--port', '0')
    expect(bare.server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(printed()).toContain('rsk-devnode HTTP JSON-RPC server on')
  })

  test('a later start creates no new app', async () => {
    const first = await cli('serve', '--port', '0')
    await first.server!.close()
    const second = await cli('serve', '--port', '0')
    expect(second.server!.createdDevApp).toBeUndefined()
    expect(await loadApps(dataDir)).toHaveLength(1)
    expect(printed()).toMatch(/1 app\(s\): dev/)
  })

  test('a port in use is a one-line error, not a crash', async () => {
    const first = await cli('serve', '--port', '0')
    const otherDir = await makeDataDir()
    const result = await cli('serve', '--port', String(first.server!.port), '--data-dir', otherDir)
    await rm(otherDir, { recursive: true, force: true })
    expect(result.exitCode).toBe(1)
    expect(err.join('\n')).toMatch(/is already in use: pick another --port/)
  })

  test('a data directory another server uses is a one-line error', async () => {
    await cli('serve', '--port', '0')
    const result = await cli('serve', '--port', '0')
    expect(result.exitCode).toBe(1)
    expect(err.join('\n')).toMatch(
      /is in use by another rsk-devnode server: stop it, or pass another --data-dir/,
    )
  })

  test('unknown commands and bad ports are usage errors', async () => {
    expect((await cli('frobnicate')).exitCode).toBe(2)
    expect((await cli('serve', '--port', 'eighty')).exitCode).toBe(2)
    expect((await cli('apps', 'rename')).exitCode).toBe(2)
  })
})
