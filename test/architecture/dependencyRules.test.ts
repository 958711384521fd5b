/**
 * The dependency rules (`.dependency-cruiser.cjs`: layers, no circles, a pure core) hold for
 * `src`, and they do report a bad import: the fixture tree holds one of each kind.
 */
import { fileURLToPath } from 'node:url'
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { describe, expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url))

/** The violations dependency-cruiser finds under `<baseDir>/src` with the project's rules. */
async function violations(baseDir: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(`${ROOT}.dependency-cruiser.cjs`)
  const tsConfigFile = `${ROOT}tsconfig.json`
  const { output } = await cruise(
    ['src'],
    { ...options, baseDir, tsConfig: { fileName: tsConfigFile } },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  )
  if (typeof output === 'string') throw new Error('expected a cruise result, got formatted output')
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()
}

// A whole-tree cruise takes ~10 s on an idle machine, several times that on a loaded one.
describe('dependency rules', { timeout: 300_000 }, () => {
  test('src breaks none of them', async () => {
    expect(await violations(ROOT)).toEqual([])
  })

  // The door's and src/shared's type imports of lower modules are in the tree too, and not reported.
  test('each kind of bad import in the fixture tree is reported, and nothing else', async () => {
    expect(await violations(FIXTURES)).toEqual([
      'core-no-node-builtins: src/core/util/files.ts → fs',
      'domain-not-up: src/core/fork/forkState.ts → src/core/node/first.ts',
      'domain-not-up: src/core/pool/txPool.ts → src/core/rpc/encode.ts',
      'extension-pages-only-shared: src/wallet/popup/popup.ts → src/background/panel/panelProtocol.ts',
      'no-circular: src/core/node/first.ts → src/core/node/second.ts',
      'node-builtins-only-in-server: src/core/util/files.ts → fs',
      'page-scripts-no-extension-api: src/inpage/provider.ts → src/shared/extensionApi.ts',
      'playwright-only-shared: src/playwright/channel.ts → src/background/panel/panelProtocol.ts',
      'rpc-not-to-door: src/core/rpc/registry.ts → src/core/createNode.ts',
      'shared-core-types-only: src/shared/panelProtocol.ts → src/core/rpc/encode.ts',
    ])
  })
})
