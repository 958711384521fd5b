// Compiles DemoToken.sol with the solc package into demoToken.json (ABI + bytecode), which the
// demo page, the e2e tests and the benchmark load. Run after editing the contract:
//   node test/dapp/compile.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

const here = dirname(fileURLToPath(import.meta.url))
const input = {
  language: 'Solidity',
  sources: { 'DemoToken.sol': { content: readFileSync(join(here, 'DemoToken.sol'), 'utf8') } },
  settings: {
    // Paris: no PUSH0/MCOPY, so the bytecode runs on every Rootstock network generation.
    evmVersion: 'paris',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.methodIdentifiers'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input)))
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
const contract = output.contracts['DemoToken.sol'].DemoToken
const artifact = {
  contractName: 'DemoToken',
  compiler: solc.version(),
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
  methodIdentifiers: contract.evm.methodIdentifiers,
}
writeFileSync(join(here, 'demoToken.json'), `${JSON.stringify(artifact, null, 2)}\n`)
console.log(
  `demoToken.json: ${contract.evm.bytecode.object.length / 2} bytes of init code, solc ${solc.version()}`,
)
