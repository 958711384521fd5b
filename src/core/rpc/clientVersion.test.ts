import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { CLIENT_VERSION, createClientInfo } from './clientVersion.js'

test('the client version matches package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  expect(CLIENT_VERSION).toBe(pkg.version)
})

test('by default the client version starts with anvil, so dev-node tooling accepts the node', () => {
  const version = createClientInfo({ os: 'browser', runtime: 'chrome-131', build: 'abc123' }).clientVersion
  expect(version).toBe('anvil/rsk-devnode/0.1.0/browser/chrome-131/abc123')
  // What @nomicfoundation/hardhat-network-helpers checks before every helper.
  expect(['hardhat', 'zksync', 'anvil'].some((prefix) => version.toLowerCase().startsWith(prefix))).toBe(true)
  expect(createClientInfo().clientVersion).toBe('anvil/rsk-devnode/0.1.0/unknown/unknown/dev')
})

test('the rskj style is the RSKj-shaped string: name, version, os, runtime, build', () => {
  expect(createClientInfo({ os: 'linux', runtime: 'node-22.1', build: 'dev' }, 'rskj').clientVersion).toBe(
    'rsk-devnode/0.1.0/linux/node-22.1/dev',
  )
})
