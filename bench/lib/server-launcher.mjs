// Runs a server bundle's `main(argv)` the way bin/rsk-devnode.mjs does, for a bundle that is not
// in dist/server (BENCH_OURS_SERVER): node server-launcher.mjs <bundle.js> <args…>
import { pathToFileURL } from 'node:url'

const [bundle, ...argv] = process.argv.slice(2)
const { main } = await import(pathToFileURL(bundle).href)
await main(argv)
