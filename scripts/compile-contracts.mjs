#!/usr/bin/env node
// Compiles the Solidity fixtures in test/fixtures/contracts/ with the solc npm package into
// test/fixtures/contracts/artifacts.json (checked in, so tests never need the compiler).
//
// Every contract is built for `cancun` (PUSH0, TLOAD/TSTORE, MCOPY: what Rootstock runs since
// Lovell). Contracts that do not need cancun opcodes get a second `paris` build named `<Name>Paris`
// without PUSH0, for peers (Ganache 7) whose EVM predates Shanghai.
// Metadata hashes are left out so the bytecode depends only on the source and the settings.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const contractsDir = join(root, 'test/fixtures/contracts')
const outFile = join(contractsDir, 'artifacts.json')

/** Sources that use cancun-only opcodes on purpose: no paris build. */
const CANCUN_ONLY = new Set(['StorageExerciser.sol'])

function compile(evmVersion, includeFile) {
  const sources = {}
  const files = readdirSync(contractsDir).filter((f) => f.endsWith('.sol') && includeFile(f))
  for (const file of files.sort()) {
    sources[file] = { content: readFileSync(join(contractsDir, file), 'utf8') }
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion,
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  // Warnings (such as solc's note on transient storage) are expected; only errors are printed.
  for (const e of errors) console.error(e.formattedMessage)
  if (errors.length > 0) throw new Error(`solc: ${errors.length} error(s) for ${evmVersion}`)
  return output.contracts
}

function artifactsFor(evmVersion, suffix, includeFile) {
  const result = {}
  for (const [file, contracts] of Object.entries(compile(evmVersion, includeFile))) {
    for (const [name, c] of Object.entries(contracts)) {
      // Libraries with only internal functions compile to nothing worth deploying.
      if (!c.evm.bytecode.object || c.abi.length === 0) continue
      result[name + suffix] = {
        sourceFile: file,
        contractName: name,
        evmVersion,
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      }
    }
  }
  return result
}

const contracts = {
  ...artifactsFor('cancun', '', () => true),
  ...artifactsFor('paris', 'Paris', (file) => !CANCUN_ONLY.has(file)),
}
const sorted = Object.fromEntries(Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b)))
writeFileSync(outFile, `${JSON.stringify({ solcVersion: solc.version(), contracts: sorted }, null, 2)}\n`)
console.log(`wrote ${Object.keys(sorted).length} contracts to ${outFile}`)
