#!/usr/bin/env node
// `npm start` (after `npm run build`): serves the demo dApp, starts the local HTTP node when the
// package has one, prints where everything is, and opens Chromium with the extension when there
// is a display. Runs until Ctrl-C, then stops everything it started.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const extensionDir = join(root, 'dist')
const children = []
const cleanups = []

function log(line = '') {
  process.stdout.write(`${line}\n`)
}

function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
  ]
  return candidates.find((p) => p && existsSync(p))
}

function hasDisplay() {
  if (process.platform === 'darwin' || process.platform === 'win32') return true
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
}

async function startDappServer() {
  const { createServer } = await import('vite')
  const server = await createServer({
    configFile: join(root, 'test/dapp/vite.config.ts'),
    server: { host: '127.0.0.1', port: Number(process.env.DAPP_PORT ?? 5173), strictPort: false },
    logLevel: 'warn',
    clearScreen: false,
  })
  await server.listen()
  cleanups.push(() => server.close())
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : 5173
  return `http://127.0.0.1:${port}/`
}

function startHttpNode() {
  const bin = join(root, 'bin/rsk-devnode.mjs')
  if (!existsSync(bin)) return false
  const child = spawn(process.execPath, [bin], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  const prefix = (data) =>
    String(data)
      .split('\n')
      .filter(Boolean)
      .map((l) => `[node] ${l}`)
      .join('\n')
  child.stdout.on('data', (d) => log(prefix(d)))
  child.stderr.on('data', (d) => log(prefix(d)))
  child.on('exit', (code, signal) => {
    if (!stopping) log(`[node] exited (${signal ?? code})`)
  })
  return true
}

function openChromium(url) {
  const chromium = findChromium()
  if (!chromium || !hasDisplay()) return false
  const profile = join(root, '.data/chromium-profile')
  const child = spawn(
    chromium,
    [
      `--user-data-dir=${profile}`,
      `--load-extension=${extensionDir}`,
      '--no-first-run',
      '--auto-open-devtools-for-tabs',
      url,
    ],
    { stdio: 'ignore' },
  )
  children.push(child)
  child.on('error', () => log('Could not start Chromium; load dist/ by hand as described above.'))
  return true
}

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  log('\nStopping…')
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  await Promise.allSettled(cleanups.map((c) => c()))
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

if (!existsSync(join(extensionDir, 'manifest.json'))) {
  log('dist/ has no extension: run `npm run build` first (npm start does).')
  process.exit(1)
}

const dappUrl = await startDappServer()
const nodeStarted = startHttpNode()
log('')
log('RSK Devnode is running.')
log(`  Demo dApp:       ${dappUrl}`)
log(
  `  HTTP JSON-RPC:   ${nodeStarted ? 'started by bin/rsk-devnode.mjs (see its [node] lines for the URL)' : 'not part of this build yet'}`,
)
log(`  Extension:       ${extensionDir}`)
log('')
log('Load the extension in Chromium or Chrome: open chrome://extensions, switch on Developer mode,')
log(`click "Load unpacked" and choose ${extensionDir}. Then open the demo dApp and DevTools → "RSK Devnode".`)
if (openChromium(dappUrl))
  log('Opened Chromium with the extension loaded (profile in .data/chromium-profile).')
else log('No display or no Chromium found: open the URL above in a browser with the extension loaded.')
log('Press Ctrl-C to stop.')
