/**
 * A folder `npm run build` writes, found from the module asking: beside the server bundle in an
 * installed package (dist/server/rsk-devnode-server.js), or in the repository's dist/ when the
 * sources run (tests, `tsx`). Both are URLs relative to the caller's `import.meta.url`.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export function findBuiltDirectory(
  moduleUrl: string,
  candidates: readonly string[],
  marker: string,
): string | undefined {
  for (const candidate of candidates) {
    const directory = fileURLToPath(new URL(candidate, moduleUrl))
    if (existsSync(join(directory, marker))) return directory
  }
  return undefined
}
