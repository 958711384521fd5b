/**
 * Builds the demo dApp (test/dapp) once for the whole e2e run: the dApp test and every panel file
 * serve the same build, which vite took a few seconds to make again in each of them.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built demo dApp: index.html and assets/. */
    demoDappDir: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-e2e-dapp-'))
  await build({
    configFile: resolve(import.meta.dirname, '../dapp/vite.config.ts'),
    logLevel: 'error',
    build: { outDir },
  })
  project.provide('demoDappDir', outDir)
  return () => rm(outDir, { recursive: true, force: true })
}
