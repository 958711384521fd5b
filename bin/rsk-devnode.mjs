#!/usr/bin/env node
// rsk-devnode: the HTTP JSON-RPC server and its app commands. The TypeScript sources are
// compiled by `npm run build` (build:server) into dist/server; this file only loads that bundle.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const bundle = new URL('../dist/server/rsk-devnode-server.js', import.meta.url)
if (!existsSync(fileURLToPath(bundle))) {
  console.error(
    'rsk-devnode: the server is not built yet. Run `npm run build:server` (or `npm run build`) first.',
  )
  process.exit(1)
}
const { main } = await import(bundle.href)
await main(process.argv.slice(2))
