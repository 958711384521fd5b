#!/usr/bin/env node
// Compiles solidity/*.sol (with OpenZeppelin from the peers' install) with the solc npm package
// into artifacts/<Contract>.json ({abi, bytecode}): Hardhat's own compiler download needs the
// internet, which this suite must not. Output is cached by the hash of the sources and solc.
// Usage: node compile.mjs <node_modules folder holding @openzeppelin/contracts>
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

const here = dirname(fileURLToPath(import.meta.url))
const peerModules = process.argv[2]
if (!peerModules) throw new Error('usage: node compile.mjs <node_modules with @openzeppelin/contracts>')
const sourcesDir = join(here, 'solidity')
const outDir = join(here, 'artifacts')

const sources = {}
for (const file of readdirSync(sourcesDir)
  .filter((f) => f.endsWith('.sol'))
  .sort()) {
  sources[file] = { content: readFileSync(join(sourcesDir, file), 'utf8') }
}
const ozVersion = JSON.parse(
  readFileSync(join(peerModules, '@openzeppelin/contracts/package.json'), 'utf8'),
).version
const key = createHash('sha256')
  .update(JSON.stringify({ sources, solc: solc.version(), ozVersion }))
  .digest('hex')
const stamp = join(outDir, '.source-hash')
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === key) {
  console.log('contracts up to date')
  process.exit(0)
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    // Rootstock runs cancun's PUSH0, TLOAD/TSTORE and MCOPY (no blob opcodes).
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
}
const findImports = (path) => {
  const file = join(peerModules, path)
  return existsSync(file) ? { contents: readFileSync(file, 'utf8') } : { error: `not found: ${path}` }
}
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
for (const e of errors) console.error(e.formattedMessage)
if (errors.length > 0) process.exit(1)

mkdirSync(outDir, { recursive: true })
let count = 0
for (const file of Object.keys(sources)) {
  for (const [name, contract] of Object.entries(output.contracts[file] ?? {})) {
    const artifact = { contractName: name, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
    writeFileSync(join(outDir, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`)
    count++
  }
}
writeFileSync(stamp, key)
console.log(`compiled ${count} contracts with solc ${solc.version()} and OpenZeppelin ${ozVersion}`)
