/**
 * `rsk-devnode extension --path [--firefox]` prints the unpacked extension's folder (here the
 * repository's dist/extension/, which `npm test` builds first; from an installed package, the one
 * inside it: the consumer check in scripts/check-package.mjs runs that).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { runCli } from '../../src/server/cli/main.js'
import { fakeNodeFactory } from './fakeNode.js'

async function cli(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const result = await runCli(argv, {
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    nodeFactory: () => fakeNodeFactory,
  })
  return { ...result, out, err }
}

function manifestIn(directory: string) {
  return JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8')) as {
    manifest_version: number
    background: { service_worker?: string; scripts?: string[] }
    browser_specific_settings?: { gecko?: { id: string } }
  }
}

test('extension --path prints the Chromium extension: an MV3 manifest with a service worker', async () => {
  const { exitCode, out, err } = await cli('extension', '--path')
  expect({ exitCode, err }).toEqual({ exitCode: 0, err: [] })
  expect(out).toHaveLength(1)
  expect(out[0]).toMatch(/dist[\\/]extension[\\/]chromium$/)
  const manifest = manifestIn(out[0] as string)
  expect(manifest.manifest_version).toBe(3)
  expect(manifest.background.service_worker).toBeTypeOf('string')
})

test('extension --path --firefox prints the Firefox add-on: background scripts and a gecko id', async () => {
  const { exitCode, out } = await cli('extension', '--path', '--firefox')
  expect(exitCode).toBe(0)
  expect(out[0]).toMatch(/dist[\\/]extension[\\/]firefox$/)
  const manifest = manifestIn(out[0] as string)
  expect(manifest.background.scripts).toHaveLength(1)
  expect(manifest.browser_specific_settings?.gecko?.id).toBe('rsk-devnode@rsk-devnode.dev')
})

test('extension without --path, or with both browsers, is a usage error (exit 2)', async () => {
  for (const argv of [['extension'], ['extension', '--path', '--firefox', '--chromium']]) {
    const { exitCode, out, err } = await cli(...argv)
    expect(exitCode).toBe(2)
    expect(out).toEqual([])
    expect(err[0]).toMatch(/^extension: /)
    expect(err.join('\n')).toContain('rsk-devnode extension --path [--firefox]')
  }
})
