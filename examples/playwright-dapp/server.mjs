// The example dApp's static server: public/ plus ethers' single-file ESM build at
// /vendor/ethers.js. No bundler. `node server.mjs [port]` (default: a free port); it prints the
// address it listens on, which playwright.config.ts waits for.
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { dirname, extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const publicDir = join(here, 'public')
// ethers' CommonJS entry is <package>/lib.commonjs/index.js; its ESM bundle is <package>/dist.
const ethersDir = join(dirname(createRequire(import.meta.url).resolve('ethers')), '..')
const files = { '/vendor/ethers.js': join(ethersDir, 'dist/ethers.min.js') }
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
}

const server = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  const file = files[path] ?? join(publicDir, normalize(path === '/' ? '/index.html' : path))
  if (!file.startsWith(publicDir) && !Object.values(files).includes(file)) {
    res.writeHead(403).end()
    return
  }
  try {
    const body = await readFile(file)
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    })
    res.end(body)
  } catch {
    res.writeHead(404).end('not found')
  }
})

const port = Number(process.argv[2] ?? process.env.PORT ?? 0)
server.listen(port, '127.0.0.1', () => {
  console.log(`dApp listening on http://127.0.0.1:${server.address().port}/`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0))
