import { chmod, mkdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { tightenEntry, tightenTree } from '../../src/server/persist/privateFiles.js'
import { makeDataDir, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer | undefined

afterEach(async () => {
  await harness?.stop()
  harness = undefined
})

const modeOf = async (path: string) => (await stat(path)).mode & 0o777

describe.skipIf(process.platform === 'win32')('the data directory is private', () => {
  // LevelDB compacts while the chain's folder is walked at open: a table file it deleted between
  // the listing and the walk's visit once stopped a server on a million-block chain.
  test('an entry that disappears while the tree is walked is skipped; a missing root is an error', async () => {
    const dataDir = await makeDataDir()
    await expect(tightenEntry(join(dataDir, 'chains', '002049.ldb'))).resolves.toBeUndefined()
    await expect(tightenTree(join(dataDir, 'nothing-here'))).rejects.toThrow(/ENOENT/)
  })

  test('a new data directory is 0700 and apps.json (every API key) is 0600', async () => {
    const dataDir = join(await makeDataDir(), 'fresh', 'data')
    harness = await startTestServer({ dataDir })
    expect(await modeOf(dataDir)).toBe(0o700)
    expect(await modeOf(join(dataDir, 'apps.json'))).toBe(0o600)
    expect(await modeOf(join(dataDir, 'chains', 'regtest'))).toBe(0o700)
    expect(await modeOf(join(dataDir, 'chains', 'regtest', 'CURRENT'))).toBe(0o600)
  })

  test('an existing 0755 directory with 0644 files is tightened at start', async () => {
    const dataDir = await makeDataDir()
    await chmod(dataDir, 0o755)
    await mkdir(join(dataDir, 'chains', 'mainnet'), { recursive: true, mode: 0o755 })
    await writeFile(join(dataDir, 'apps.json'), '[]\n', { mode: 0o644 })
    await writeFile(join(dataDir, 'chains', 'mainnet', 'LOG'), '', { mode: 0o644 })
    harness = await startTestServer({ dataDir })
    expect(await modeOf(dataDir)).toBe(0o700)
    expect(await modeOf(join(dataDir, 'chains'))).toBe(0o700)
    expect(await modeOf(join(dataDir, 'chains', 'mainnet'))).toBe(0o700)
    expect(await modeOf(join(dataDir, 'chains', 'mainnet', 'LOG'))).toBe(0o600)
    expect(await modeOf(join(dataDir, 'apps.json'))).toBe(0o600)
  })
})
