/** The contracts compile.mjs built: ABI and bytecode by contract name. */
import { readFileSync } from 'node:fs'

export interface Artifact {
  abi: readonly Record<string, unknown>[]
  bytecode: `0x${string}`
}

export function artifact(name: string): Artifact {
  return JSON.parse(readFileSync(new URL(`../artifacts/${name}.json`, import.meta.url), 'utf8')) as Artifact
}
