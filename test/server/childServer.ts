/**
 * The built server (dist/server, as `bin/rsk-devnode.mjs` runs it) in a child process on a data
 * directory, for tests that kill it with SIGKILL and start it again on the same directory.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rpc as post } from './helpers.js'

const BIN = fileURLToPath(new URL('../../bin/rsk-devnode.mjs', import.meta.url))
export const SERVER_BUNDLE = fileURLToPath(
  new URL('../../dist/server/rsk-devnode-server.js', import.meta.url),
)

export interface ChildServer {
  /** The server's address (changes with each start: port 0). */
  readonly base: string
  /** The dev app's API key. */
  readonly key: string
  start(): Promise<void>
  /** SIGKILL, no chance to flush or close. */
  kill(): Promise<void>
  call<T = unknown>(method: string, params?: unknown[], network?: string): Promise<T>
}

export function assertServerBuilt(): void {
  if (!existsSync(SERVER_BUNDLE))
    throw new Error(
      `${SERVER_BUNDLE} is missing: run \`npm run build:server\` (npm test does it) before this test`,
    )
}

export function childServer(dataDir: string, extraArgs: readonly string[] = []): ChildServer {
  let child: ChildProcess | undefined
  let base = ''
  let key = ''
  const server: ChildServer = {
    get base() {
      return base
    },
    get key() {
      return key
    },
    async start() {
      const started = spawn(
        process.execPath,
        [BIN, 'serve', '--port', '0', '--data-dir', dataDir, ...extraArgs],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      )
      child = started
      const deadline = Date.now() + 30_000
      for (;;) {
        if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}`)
        if (existsSync(join(dataDir, 'server.json'))) {
          const info = JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8')) as {
            url: string
            pid: number
          }
          const apps = JSON.parse(await readFile(join(dataDir, 'apps.json'), 'utf8')) as {
            apps: Array<{ name: string; apiKey: string }>
          }
          base = info.url
          key = apps.apps.find((app) => app.name === 'dev')!.apiKey
          if (info.pid === started.pid) return
        }
        if (Date.now() > deadline) throw new Error('the server did not start within 30 s')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    kill() {
      const running = child
      child = undefined
      if (!running || running.exitCode !== null) return Promise.resolve()
      return new Promise((resolve) => {
        running.once('exit', () => resolve())
        running.kill('SIGKILL')
      })
    },
    async call<T>(method: string, params: unknown[] = [], network = 'regtest'): Promise<T> {
      const reply = await post(`${base}/${network}/${key}`, method, params)
      if (reply.json?.error)
        throw new Error(`${method}: ${reply.json.error.code} ${reply.json.error.message}`)
      return reply.json.result as T
    },
  }
  return server
}
