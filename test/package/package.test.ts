/**
 * What `npm pack` ships, checked on the build `npm test` has just made:
 * - the file list (`npm pack --dry-run`, without the prepack build) has the built entries and
 *   nothing from src/, test/, bench/, examples/, scripts/ or fixtures, and no source map;
 * - `dependencies` are exactly the packages the built code loads at run time (the library, the
 *   browser-safe entry, the Playwright fixture and the server), peers aside.
 * scripts/check-package.mjs then installs the real tarball in an empty project (CI runs it).
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { init, parse } from 'es-module-lexer'
import { beforeAll, expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
  exports: Record<string, string | { types: string; import: string }>
}

/** Imported through a variable (so no bundler resolves it); found in the code as a string. */
const LOADED_BY_NAME = ['secp256k1/bindings.js']

let files: string[]

beforeAll(() => {
  const [report] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' }),
  ) as [{ files: Array<{ path: string }> }]
  files = report.files.map((file) => file.path)
}, 60_000)

test('the tarball holds no sources, tests, benchmarks, examples, scripts, fixtures or source maps', () => {
  expect(files.filter((file) => /^(src|test|bench|examples|scripts)\/|fixtures?\//.test(file))).toEqual([])
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([])
})

test('the tarball holds every exported entry, the CLI, both extensions, README and licence', () => {
  const entries = Object.values(pkg.exports).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : [entry.types, entry.import],
  )
  for (const file of [
    ...entries.map((entry) => entry.replace(/^\.\//, '')),
    'bin/rsk-devnode.mjs',
    'dist/server/rsk-devnode-server.js',
    'dist/server/dashboard/index.html',
    'dist/extension/chromium/manifest.json',
    'dist/extension/chromium/service-worker-loader.js',
    'dist/extension/firefox/manifest.json',
    'README.md',
    'LICENSE',
  ]) {
    expect(files, file).toContain(file)
  }
})

function builtModules(): string[] {
  const directories = ['dist/lib', 'dist/server', 'dist/server/assets']
  return directories.flatMap((directory) =>
    readdirSync(join(root, directory))
      .filter((name) => name.endsWith('.js'))
      .map((name) => join(root, directory, name)),
  )
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string)
}

/** Bare specifiers the module imports statically or by a literal; throws on an unknown dynamic one. */
function bareImportsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  const [imports] = parse(code)
  const found: string[] = []
  for (const entry of imports) {
    // `import.meta` is listed too (d = -2): it loads nothing.
    if (entry.d === -2) continue
    let name = entry.n
    if (name === undefined) {
      const expression = code.slice(entry.s, entry.e).trim()
      const literal = /^`([^`$]*)`$/.exec(expression)
      if (literal) name = literal[1]
      else if (LOADED_BY_NAME.some((known) => code.includes(known))) continue
      else throw new Error(`${file}: import(${expression}) loads something this test cannot name`)
    }
    if (name !== undefined && !name.startsWith('.') && !name.startsWith('node:') && !name.startsWith('/'))
      found.push(name)
  }
  for (const known of LOADED_BY_NAME)
    if (code.includes(`'${known}'`) || code.includes(`"${known}"`)) found.push(known)
  return found
}

test('dependencies are exactly the packages the built code loads at run time, peers aside', async () => {
  await init
  const loaded = new Set(builtModules().flatMap(bareImportsOf).map(packageOf))
  for (const peer of Object.keys(pkg.peerDependencies)) loaded.delete(peer)
  loaded.delete('playwright-core')
  expect([...loaded].sort()).toEqual(Object.keys(pkg.dependencies).sort())
})
