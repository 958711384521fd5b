import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { CLIENT_VERSION, createClientInfo } from './clientVersion.js'

test('the client version matches package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  expect(CLIENT_VERSION).toBe(pkg.version)
})

test('the client version string names os, runtime and build', () => {
  expect(createClientInfo({ os: 'browser', runtime: 'chrome-131', build: 'abc123' }).clientVersion).toBe(
    'rsk-devnode/0.1.0/browser/chrome-131/abc123',
  )
  expect(createClientInfo().clientVersion).toBe('rsk-devnode/0.1.0/unknown/unknown/dev')
})
