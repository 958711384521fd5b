// Compiles Counter.sol with the solc npm package into public/counter.json (ABI + bytecode), which
// the page loads and the tests read. The output is committed, so the example needs no compiler;
// after editing the contract, from a checkout with solc installed (the repository root has it):
//   node examples/playwright-dapp/contracts/compile.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

const here = dirname(fileURLToPath(import.meta.url))
const input = {
  language: 'Solidity',
  sources: { 'Counter.sol': { content: readFileSync(join(here, 'Counter.sol'), 'utf8') } },
  settings: {
    // Paris: no PUSH0/MCOPY, so the bytecode runs on every Rootstock network.
    evmVersion: 'paris',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
}
const output = JSON.parse(solc.compile(JSON.stringify(input)))
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
const contract = output.contracts['Counter.sol'].Counter
const artifact = {
  contractName: 'Counter',
  compiler: solc.version(),
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
}
writeFileSync(join(here, '../public/counter.json'), `${JSON.stringify(artifact, null, 2)}\n`)
console.log(
  `counter.json: ${contract.evm.bytecode.object.length / 2} bytes of init code, solc ${solc.version()}`,
)
