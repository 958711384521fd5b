#!/usr/bin/env node
// A `solc` command line over the solc npm package (solc-js), for `forge … --use test/foundry/solc.mjs`
// on machines where forge cannot download a native compiler (no network). Forge needs two things
// of a compiler binary: `--version` in the native format, and `--standard-json` on stdin → stdout
// (forge puts every source's content into the input, so no import callback is needed).
import { createRequire } from 'node:module'

const solc = createRequire(import.meta.url)('solc')
const args = process.argv.slice(2)

if (args.includes('--version')) {
  // solc-js says "0.8.37+commit.f401782d.Emscripten.clang"; forge parses the native line.
  const version = solc.version().replace('.Emscripten.clang', '.Linux.g++')
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${version}\n`)
} else if (args.includes('--standard-json')) {
  const chunks = []
  for await (const chunk of process.stdin) chunks.push(chunk)
  process.stdout.write(solc.compile(Buffer.concat(chunks).toString('utf8')))
} else {
  process.stderr.write('test/foundry/solc.mjs supports only --version and --standard-json\n')
  process.exit(2)
}
