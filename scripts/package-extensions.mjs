#!/usr/bin/env node
/**
 * `npm run package`: the two extension archives, from the built folders (`npm run build`):
 *   rsk-devnode-chromium-<version>.zip  (dist/extension/chromium: Load unpacked, or the store)
 *   rsk-devnode-firefox-<version>.zip   (dist/extension/firefox: about:debugging, or AMO)
 * Both manifests must carry package.json's version (the build puts it there). The Firefox add-on
 * must pass `web-ext lint` with no error; its warnings are printed. Source maps stay out.
 * Options: --out-dir DIR (default: the project root). Prints each archive's path, size and files.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import webExt from 'web-ext'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } })
const outDir = resolve(values['out-dir'] ?? root)
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

function fail(message) {
  console.error(`npm run package: ${message}`)
  process.exit(1)
}

function checkManifest(browser) {
  const directory = join(root, 'dist', 'extension', browser)
  let manifest
  try {
    manifest = JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8'))
  } catch {
    fail(`${directory} has no manifest.json: run \`npm run build\` first`)
  }
  if (manifest.version !== version) {
    fail(`${browser} manifest has version ${manifest.version}, package.json ${version}: rebuild`)
  }
  return directory
}

/** web-ext lint of the Firefox add-on as JSON: errors fail the packaging, warnings are shown. */
function lintFirefox(directory) {
  const bin = join(root, 'node_modules', '.bin', 'web-ext')
  const run = spawnSync(
    bin,
    ['lint', '--source-dir', directory, '--output', 'json', '--no-config-discovery'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  const start = run.stdout.indexOf('{')
  if (start < 0) fail(`web-ext lint printed no report:\n${run.stdout}${run.stderr}`)
  const report = JSON.parse(run.stdout.slice(start))
  for (const kind of ['errors', 'warnings', 'notices']) {
    for (const item of report[kind])
      console.log(`web-ext lint ${kind.slice(0, -1)}: ${item.code} ${item.file ?? ''} ${item.message}`)
  }
  console.log(
    `web-ext lint (firefox): ${report.summary.errors} errors, ${report.summary.warnings} warnings, ${report.summary.notices} notices`,
  )
  if (report.summary.errors > 0) fail('the Firefox add-on does not pass web-ext lint')
}

async function archive(browser, directory) {
  const filename = `rsk-devnode-${browser}-${version}.zip`
  await webExt.cmd.build(
    { sourceDir: directory, artifactsDir: outDir, filename, overwriteDest: true, ignoreFiles: ['**/*.map'] },
    { shouldExitProgram: false, showReadyMessage: false },
  )
  const path = join(outDir, filename)
  console.log(`${path} (${(statSync(path).size / 1024).toFixed(0)} KiB)`)
  return path
}

const chromium = checkManifest('chromium')
const firefox = checkManifest('firefox')
lintFirefox(firefox)
await archive('chromium', chromium)
await archive('firefox', firefox)
