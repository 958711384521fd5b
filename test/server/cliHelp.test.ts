import { readdir, rm } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { loadApps } from '../../src/server/apps/appStore.js'
import { type CliResult, runCli } from '../../src/server/cli/main.js'
import { COMMAND_USAGE } from '../../src/server/cli/usage.js'
import { fakeNodeFactory } from './fakeNode.js'
import { makeDataDir } from './helpers.js'

let dataDir: string
let out: string[]
let err: string[]
const running: CliResult[] = []

async function cli(...argv: string[]): Promise<CliResult> {
  out = []
  err = []
  const result = await runCli([...argv, '--data-dir', dataDir], {
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    nodeFactory: () => fakeNodeFactory,
  })
  if (result.server) running.push(result)
  return result
}

beforeEach(async () => {
  dataDir = await makeDataDir()
})

afterEach(async () => {
  for (const result of running.splice(0)) await result.server?.close()
  await rm(dataDir, { recursive: true, force: true })
})

/** Each command as typed, with the arguments it would otherwise act on. */
const COMMANDS: Record<keyof typeof COMMAND_USAGE, string[]> = {
  serve: ['serve', '--port', '0'],
  extension: ['extension', '--path'],
  'apps create': ['apps', 'create', '--name', 'x', '--use-case', 'defi'],
  'apps list': ['apps', 'list'],
  'apps show': ['apps', 'show', 'x'],
  'apps set': ['apps', 'set', 'x', '--description', 'changed'],
  'apps regenerate-key': ['apps', 'regenerate-key', 'x'],
  'apps delete': ['apps', 'delete', 'x'],
  'apps allow': ['apps', 'allow', 'x', '--origin', 'https://a.example'],
  'apps jwt add': ['apps', 'jwt', 'add', 'x', '--name', 'k', '--key-file', 'missing.pem'],
  'apps jwt remove': ['apps', 'jwt', 'remove', 'x', '--name', 'k'],
  'apps quota': ['apps', 'quota', 'x', '--daily', '5'],
}

describe('--help and -h', () => {
  for (const [name, argv] of Object.entries(COMMANDS)) {
    for (const flag of ['--help', '-h']) {
      test(`${name} ${flag} prints its usage, exits 0 and does nothing`, async () => {
        const result = await cli(...argv, flag)
        expect(result.exitCode).toBe(0)
        expect(result.server).toBeUndefined()
        expect(err).toEqual([])
        const text = out.join('\n')
        expect(text).toContain(`rsk-devnode ${name === 'serve' ? '[serve]' : name}`)
        expect(text).toContain(COMMAND_USAGE[name as keyof typeof COMMAND_USAGE].split('\n')[0])
        // Nothing was created, started or written.
        expect(await readdir(dataDir)).toEqual([])
      })
    }
  }

  test('serve --help does not start a server (bare options too)', async () => {
    for (const argv of [
      ['serve', '--help'],
      ['--port', '0', '-h'],
    ]) {
      const result = await cli(...argv)
      expect(result).toEqual({ exitCode: 0 })
      expect(out.join('\n')).toMatch(/Runs the HTTP JSON-RPC server and the dashboard/)
    }
  })

  test('apps --help, apps -h, apps help list every apps subcommand', async () => {
    for (const flag of ['--help', '-h', 'help']) {
      expect((await cli('apps', flag)).exitCode).toBe(0)
      for (const name of Object.keys(COMMANDS).filter((command) => command.startsWith('apps ')))
        expect(out.join('\n')).toContain(`rsk-devnode ${name}`)
      expect(out.join('\n')).not.toContain('[serve]')
    }
  })

  test('apps jwt --help lists add and remove; help, --help and -h print everything', async () => {
    expect((await cli('apps', 'jwt', '--help')).exitCode).toBe(0)
    expect(out.join('\n')).toMatch(/apps jwt add[\s\S]*apps jwt remove/)
    for (const flag of ['help', '--help', '-h']) {
      expect((await cli(flag)).exitCode).toBe(0)
      for (const name of Object.keys(COMMANDS))
        expect(out.join('\n')).toContain(name === 'serve' ? '[serve]' : name)
    }
    expect((await cli('help', 'apps', 'quota')).exitCode).toBe(0)
    expect(out.join('\n')).toContain('rsk-devnode apps quota APP')
  })
})

describe('unknown options', () => {
  for (const [name, argv] of Object.entries(COMMANDS)) {
    test(`${name} --bogus exits 2 with its usage and does nothing`, async () => {
      const result = await cli(...argv, '--bogus')
      expect(result.exitCode).toBe(2)
      expect(result.server).toBeUndefined()
      expect(err[0]).toMatch(/Unknown option '--bogus'/)
      expect(err.join('\n')).toContain(COMMAND_USAGE[name as keyof typeof COMMAND_USAGE].split('\n')[0])
      expect(await readdir(dataDir)).toEqual([])
    })
  }

  test('an unknown subcommand or jwt action exits 2 with the apps usage', async () => {
    expect((await cli('apps', 'rename')).exitCode).toBe(2)
    expect(err.join('\n')).toContain('rsk-devnode apps create')
    expect((await cli('apps', 'jwt', 'rotate')).exitCode).toBe(2)
    expect(err.join('\n')).toContain('rsk-devnode apps jwt add')
  })
})

describe('apps set and regenerate-key', () => {
  test('set changes networks, use case and the chain-methods switch; regenerate-key replaces the key', async () => {
    await cli('apps', 'create', '--name', 'x', '--use-case', 'defi', '--network', 'testnet,regtest')
    expect((await loadApps(dataDir))[0]!.networks).toEqual(['testnet', 'regtest'])
    expect(out.join('\n')).not.toContain('/mainnet/')
    const result = await cli(
      'apps',
      'set',
      'x',
      '--network',
      'mainnet',
      '--use-case',
      'gaming',
      '--chain-methods',
      'off',
    )
    expect(result.exitCode).toBe(0)
    const [changed] = await loadApps(dataDir)
    expect(changed).toMatchObject({ networks: ['mainnet'], useCase: 'gaming', chainMethods: false })
    expect(out.join('\n')).toContain('chain-changing methods: refused')
    expect((await cli('apps', 'set', 'x', '--chain-methods', 'maybe')).exitCode).toBe(2)
    expect((await cli('apps', 'set', 'x', '--network', 'ropsten')).exitCode).toBe(1)
    expect(err.join('\n')).toMatch(/unknown network "ropsten"/)

    expect((await cli('apps', 'regenerate-key', 'x')).exitCode).toBe(0)
    const [rotated] = await loadApps(dataDir)
    expect(rotated!.apiKey).not.toBe(changed!.apiKey)
    expect(out.join('\n')).toContain(`New API key of "x": ${rotated!.apiKey}`)
  })
})
