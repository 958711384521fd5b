/**
 * `npm start` (scripts/start.mjs over the built dist/): a busy default port is replaced by a free
 * one that the banner prints, a busy chosen port stops the whole command with one line, and the
 * banner's curl target answers. Runs the script as a child process on ephemeral ports only.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function occupiedPort(): Promise<number> {
  const server: Server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  cleanups.push(() => new Promise<void>((done) => server.close(() => done())))
  return (server.address() as { port: number }).port
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as { port: number }
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rsk-devnode-start-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<number | null>
}

function start(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-browser', ...args], {
    cwd: root,
    env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d) => {
    out += d
  })
  child.stderr!.on('data', (d) => {
    err += d
  })
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)))
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT')
      await exit
    }
  })
  return { child, stdout: () => out, stderr: () => err, exit }
}

async function until(run: Run, text: string): Promise<void> {
  for (;;) {
    if (run.stdout().includes(text)) return
    if (run.child.exitCode !== null) throw new Error(`exited: ${run.stdout()}\n${run.stderr()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('npm start', () => {
  test('a busy default port is replaced by a free one, and the banner prints it, the key and a curl line that answers', async () => {
    const busy = await occupiedPort()
    const run = start(['--data-dir', await dataDir()], {
      RSK_DEVNODE_PREFERRED_PORT: String(busy),
      RSK_DEVNODE_PREFERRED_DAPP_PORT: String(await freePort()),
    })
    await until(run, 'Press Ctrl-C to stop.')
    const banner = run.stdout()
    const node = /HTTP JSON-RPC: +http:\/\/127\.0\.0\.1:(\d+) +\(port (\d+) was busy\)/.exec(banner)
    expect(node, banner).not.toBeNull()
    expect(Number(node![2])).toBe(busy)
    expect(Number(node![1])).not.toBe(busy)
    const key = /API key: +([0-9a-f]{32})/.exec(banner)?.[1]
    expect(key, banner).toBeDefined()
    const regtest = `http://127.0.0.1:${node![1]}/regtest/${key}`
    expect(banner).toContain(`curl -s -X POST -H 'Content-Type: application/json'`)
    expect(banner).toContain(` ${regtest}\n`)
    const answer = await fetch(regtest, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 }),
    })
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x21' })
    const dapp = /Demo dApp: +(http:\/\/127\.0\.0\.1:\d+\/)/.exec(banner)?.[1]
    expect((await fetch(dapp!)).status).toBe(200)
    // The dashboard is on the node's port, and its page answers.
    const dashboard = /Dashboard: +(http:\/\/127\.0\.0\.1:(\d+)\/)/.exec(banner)
    expect(dashboard, banner).not.toBeNull()
    expect(dashboard![2]).toBe(node![1])
    const page = await fetch(dashboard![1]!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<html')
    run.child.kill('SIGINT')
    expect(await run.exit).toBe(0)
    expect(run.stderr()).toBe('')
  })

  test('a chosen port that is busy stops the whole command with one line', async () => {
    const busy = await occupiedPort()
    const run = start(['--data-dir', await dataDir()], {
      RSK_DEVNODE_PORT: String(busy),
      RSK_DEVNODE_PREFERRED_DAPP_PORT: String(await freePort()),
    })
    expect(await run.exit).toBe(1)
    expect(run.stderr()).toBe(
      `npm start: the HTTP node cannot listen on 127.0.0.1:${busy}: the port is in use. Free it, or choose another with --port or RSK_DEVNODE_PORT.\n`,
    )
    expect(run.stdout()).not.toContain('is running')
  })

  test('a chosen dApp port that is busy stops the HTTP node it had started too', async () => {
    const busy = await occupiedPort()
    const nodePort = await freePort()
    const run = start([
      '--data-dir',
      await dataDir(),
      '--port',
      String(nodePort),
      '--dapp-port',
      String(busy),
    ])
    expect(await run.exit).toBe(1)
    expect(run.stderr()).toBe(
      `npm start: the demo dApp cannot listen on 127.0.0.1:${busy}: the port is in use. Free it, or choose another with --dapp-port or RSK_DEVNODE_DAPP_PORT.\n`,
    )
    // The node's port is free again: nothing of the failed start keeps running.
    const probe = createServer()
    await new Promise<void>((done, fail) => {
      probe.once('error', fail)
      probe.listen(nodePort, '127.0.0.1', done)
    })
    await new Promise<void>((done) => probe.close(() => done()))
  })

  test('a port that is not a number is refused before anything starts', async () => {
    const run = start(['--port', 'http'])
    expect(await run.exit).toBe(2)
    expect(run.stderr()).toBe('npm start: --port http is not a port (0–65535)\n')
  })
})
