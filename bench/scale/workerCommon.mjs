// Helpers of the scale workers.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const args = process.argv.slice(2)
export const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]

/** Heap and RSS in MiB after a full collection (the workers run with --expose-gc). */
export function memoryNow() {
  globalThis.gc?.()
  const { rss, heapUsed, arrayBuffers, external } = process.memoryUsage()
  const mib = (n) => Math.round((n / 1048576) * 10) / 10
  return {
    rssMiB: mib(rss),
    heapUsedMiB: mib(heapUsed),
    arrayBuffersMiB: mib(arrayBuffers),
    externalMiB: mib(external),
    heapUsed,
    arrayBuffers,
  }
}

/** Bytes of every file below `dir`. */
export function diskBytes(dir) {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? diskBytes(path) : statSync(path).size
  }
  return total
}

/**
 * The argv after node's own flags that serves a kept chain's data directory on a loopback port:
 * the scale launcher (bench/scale/serverLauncher.mjs) running the server bundle's `serve`.
 */
export function serveArgs(bundle, port, dataDir) {
  const launcher = new URL('./serverLauncher.mjs', import.meta.url).pathname
  return [launcher, bundle, 'serve', '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir]
}

/**
 * Asks `client` for eth_blockNumber every `pollMs` until the server `child` answers; throws when it
 * exits first or has not answered 120 s after `started`. `detail()` adds to the error (its stderr).
 */
export async function untilServerAnswers(child, client, { started, pollMs, detail = () => '' }) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${detail()}`)
    try {
      await client.request({ method: 'eth_blockNumber' })
      return
    } catch (error) {
      if (performance.now() - started > 120_000) {
        child.kill('SIGKILL')
        throw new Error(`server did not answer within 120 s: ${error.message} ${detail()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }
}
