#!/usr/bin/env node
// `npm start` (after `npm run build`): starts the HTTP JSON-RPC node and the demo dApp, prints
// what actually runs (addresses, the API key, a curl line), and opens Chromium with the extension
// when there is a display. Runs until Ctrl-C, then stops everything it started.
//
// A port that was left at its default and is busy is replaced by a free one, and the banner says
// so; a port that was asked for (flag or environment) and is busy stops the whole command with one
// line. Anything else that keeps a part from starting stops the whole command the same way.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const extensionDir = join(root, 'dist', 'extension', 'chromium')
const serverBundle = join(root, 'dist/server/rsk-devnode-server.js')
const DEFAULT_DAPP_PORT = 5173
// The ports tried when none is chosen can be moved (its test uses free ephemeral ones, not 4444).
const PREFERRED_PORT = Number(process.env.RSK_DEVNODE_PREFERRED_PORT ?? 0) || undefined
const PREFERRED_DAPP_PORT = Number(process.env.RSK_DEVNODE_PREFERRED_DAPP_PORT ?? 0) || DEFAULT_DAPP_PORT

const USAGE = `Usage: npm start -- [options]   (or: node scripts/start.mjs [options])
  --port N        HTTP JSON-RPC port         (env RSK_DEVNODE_PORT; default 4444, a free one if busy)
  --host H        HTTP JSON-RPC host         (env RSK_DEVNODE_HOST; default 127.0.0.1)
  --dapp-port N   demo dApp port             (env RSK_DEVNODE_DAPP_PORT; default 5173, the next free if busy)
  --data-dir D    chains, apps and metrics   (env RSK_DEVNODE_DATA_DIR; default ./.data)
  --profile P     rpc-api or rskj            (env RSK_DEVNODE_PROFILE; default rpc-api)
  --no-browser    do not open Chromium`

const children = []
const cleanups = []
let stopping = false

function log(line = '') {
  process.stdout.write(`${line}\n`)
}

/** Stops everything started so far and exits with one line on stderr. */
async function fail(message) {
  process.stderr.write(`npm start: ${message}\n`)
  await stopAll()
  process.exit(1)
}

async function stopAll() {
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  await Promise.allSettled(cleanups.splice(0).map((cleanup) => cleanup()))
}

function readOptions() {
  let parsed
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'dapp-port': { type: 'string' },
        'data-dir': { type: 'string' },
        profile: { type: 'string' },
        'no-browser': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values
  } catch (error) {
    process.stderr.write(`npm start: ${error.message}\n${USAGE}\n`)
    process.exit(2)
  }
  if (parsed.help) {
    log(USAGE)
    process.exit(0)
  }
  const env = process.env
  const port = portOption('--port', parsed.port, 'RSK_DEVNODE_PORT', env.RSK_DEVNODE_PORT)
  const dappPort = portOption(
    '--dapp-port',
    parsed['dapp-port'],
    'RSK_DEVNODE_DAPP_PORT',
    env.RSK_DEVNODE_DAPP_PORT ?? env.DAPP_PORT,
  )
  const profile = parsed.profile ?? env.RSK_DEVNODE_PROFILE
  if (profile !== undefined && profile !== 'rpc-api' && profile !== 'rskj') {
    process.stderr.write(`npm start: profile "${profile}": use rpc-api (default) or rskj\n`)
    process.exit(2)
  }
  return {
    port,
    dappPort,
    host: parsed.host ?? env.RSK_DEVNODE_HOST ?? '127.0.0.1',
    dataDir: resolve(parsed['data-dir'] ?? env.RSK_DEVNODE_DATA_DIR ?? '.data'),
    profile,
    openBrowser: parsed['no-browser'] !== true,
  }
}

/** `{ value, chosen }`: chosen means the user named this port, so it is not replaced when busy. */
function portOption(flag, flagValue, envName, envValue) {
  const raw = flagValue ?? envValue
  if (raw === undefined || raw === '') return { value: undefined, chosen: false }
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    const source = flagValue === undefined ? envName : flag
    process.stderr.write(`npm start: ${source} ${raw} is not a port (0–65535)\n`)
    process.exit(2)
  }
  return { value, chosen: true }
}

async function startHttpNode(server, options) {
  const { port, host, dataDir, profile } = options
  const start = (listenPort) =>
    server.startServer({ dataDir, nodeFactory: server.coreNodeFactory(profile), port: listenPort, host })
  const wanted = port.value ?? PREFERRED_PORT ?? server.DEFAULT_PORT
  try {
    return { running: await start(wanted), replaced: undefined }
  } catch (error) {
    if (error?.code === 'EADDRINUSE' && !port.chosen) {
      const running = await start(0).catch((again) => fail(describeNodeFailure(again, host, 0)))
      return { running, replaced: wanted }
    }
    return fail(describeNodeFailure(error, host, wanted))
  }
}

function describeNodeFailure(error, host, port) {
  if (error?.code === 'EADDRINUSE')
    return `the HTTP node cannot listen on ${host}:${port}: the port is in use. Free it, or choose another with --port or RSK_DEVNODE_PORT.`
  if (error?.code === 'EACCES') return `the HTTP node has no permission to listen on ${host}:${port}.`
  if (error?.name === 'DataDirectoryInUseError')
    return `${error.message}. Stop that server, or choose another directory with --data-dir or RSK_DEVNODE_DATA_DIR.`
  return `the HTTP node did not start: ${error?.message ?? error}`
}

async function startDappServer({ dappPort }) {
  const { createServer } = await import('vite')
  const wanted = dappPort.value ?? PREFERRED_DAPP_PORT
  let server
  try {
    server = await createServer({
      configFile: join(root, 'test/dapp/vite.config.ts'),
      // A chosen port is kept or refused; the default moves to the next free one.
      server: { host: '127.0.0.1', port: wanted, strictPort: dappPort.chosen },
      logLevel: 'silent',
      clearScreen: false,
    })
    cleanups.push(() => server.close())
    await server.listen()
  } catch (error) {
    const busy = error?.code === 'EADDRINUSE' || /already in use/i.test(String(error?.message))
    return fail(
      busy
        ? `the demo dApp cannot listen on 127.0.0.1:${wanted}: the port is in use. Free it, or choose another with --dapp-port or RSK_DEVNODE_DAPP_PORT.`
        : `the demo dApp did not start: ${error?.message ?? error}`,
    )
  }
  const address = server.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : wanted
  return { url: `http://127.0.0.1:${port}/`, replaced: port === wanted ? undefined : wanted }
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
  child.on('error', () =>
    log('Could not start Chromium; load dist/extension/chromium/ by hand as described above.'),
  )
  return true
}

async function printBanner(server, node, dapp, options) {
  const { running, replaced } = node
  const apps = await server.loadApps(running.dataDir)
  const app = running.createdDevApp ?? apps[0]
  log('')
  log('RSK Devnode is running.')
  log(`  Demo dApp:       ${dapp.url}${dapp.replaced ? `   (port ${dapp.replaced} was busy)` : ''}`)
  log(`  HTTP JSON-RPC:   ${running.url}${replaced ? `   (port ${replaced} was busy)` : ''}`)
  log(`  Dashboard:       ${running.dashboardUrl}   (apps, API keys, usage)`)
  log(`    data:          ${running.dataDir}   profile: ${options.profile ?? 'rpc-api'}`)
  if (app) {
    log(`    API key:       ${app.apiKey}   (app "${app.name}"; more: npx rsk-devnode apps list)`)
    for (const network of server.SERVED_NETWORKS)
      log(`    ${network.padEnd(15)}${running.rpcUrl(app.apiKey, network)}`)
    log('  Try it:')
    log(`    ${server.curlLine(running.rpcUrl(app.apiKey, 'regtest'))}`)
  }
  log(`  Extension:       ${extensionDir}`)
  log('')
  log('Load the extension in Chromium or Chrome: open chrome://extensions, switch on Developer mode,')
  log(
    `click "Load unpacked" and choose ${extensionDir}. Then open the demo dApp and DevTools → "RSK Devnode".`,
  )
}

async function stop() {
  if (stopping) return
  log('\nStopping…')
  await stopAll()
  process.exit(0)
}

const options = readOptions()
if (!existsSync(join(extensionDir, 'manifest.json')) || !existsSync(serverBundle)) {
  process.stderr.write('npm start: dist/ has no build: run `npm run build` first (npm start does).\n')
  process.exit(1)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)

const server = await import(pathToFileURL(serverBundle).href)
const node = await startHttpNode(server, options)
cleanups.push(() => node.running.close())
const dapp = await startDappServer(options)
await printBanner(server, node, dapp, options)
if (options.openBrowser && openChromium(dapp.url))
  log('Opened Chromium with the extension loaded (profile in .data/chromium-profile).')
else
  log(
    'Chromium not opened (no display, no Chromium, or --no-browser): open the dApp URL in a browser with the extension.',
  )
log('Press Ctrl-C to stop.')
