// Helpers of the scale workers.
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
