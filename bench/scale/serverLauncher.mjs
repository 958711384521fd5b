// Runs the server bundle's `main(argv)` like bin/rsk-devnode.mjs, and on SIGUSR2 writes its memory
// after a full collection (node --expose-gc) to $SCALE_MEMORY_OUT: how the scale suite reads the
// server's heap without adding anything to the server.
//   node --expose-gc serverLauncher.mjs <bundle.js> serve …
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const [bundle, ...argv] = process.argv.slice(2)
process.on('SIGUSR2', () => {
  globalThis.gc?.()
  const { rss, heapUsed, arrayBuffers, external } = process.memoryUsage()
  if (process.env.SCALE_MEMORY_OUT)
    writeFileSync(process.env.SCALE_MEMORY_OUT, JSON.stringify({ rss, heapUsed, arrayBuffers, external }))
})
const { main } = await import(pathToFileURL(bundle).href)
await main(argv)
