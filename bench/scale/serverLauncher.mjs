// Runs the server bundle's `main(argv)` like bin/rsk-devnode.mjs, and on SIGUSR2 writes its memory
// after a full collection (node --expose-gc) to $SCALE_MEMORY_OUT: how the scale suite reads the
// server's heap without adding anything to the server.
//   node --expose-gc serverLauncher.mjs <bundle.js> serve …
import { renameSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const [bundle, ...argv] = process.argv.slice(2)
process.on('SIGUSR2', () => {
  globalThis.gc?.()
  const { rss, heapUsed, arrayBuffers, external } = process.memoryUsage()
  const out = process.env.SCALE_MEMORY_OUT
  if (!out) return
  // Written whole, then renamed: the reader waits for the file to exist and must not see it half-written.
  writeFileSync(`${out}.tmp`, JSON.stringify({ rss, heapUsed, arrayBuffers, external }))
  renameSync(`${out}.tmp`, out)
})
const { main } = await import(pathToFileURL(bundle).href)
await main(argv)
