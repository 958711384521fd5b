import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningServer, type StartServerParameters, startServer } from '../../src/server/server.js'
import { fakeNodeFactory } from './fakeNode.js'

export interface HttpReply {
  status: number
  headers: IncomingHttpHeaders
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: test replies are read field by field
  json: any
}

export interface SendOptions {
  method?: string
  headers?: Record<string, string>
  body?: string
}

/** One HTTP exchange over node:http (fetch forbids some headers a test must set, like Origin). */
export function send(
  url: string,
  { method = 'POST', headers = {}, body }: SendOptions = {},
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    // An explicit length: Node sends a DELETE body without one, which would corrupt the socket.
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }
    const request = httpRequest(
      url,
      { method, headers: { 'content-type': 'application/json', ...length, ...headers } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json: unknown
          try {
            json = text === '' ? undefined : JSON.parse(text)
          } catch {
            json = undefined
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json })
        })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

export function rpc(
  url: string,
  method: string,
  params: unknown[] = [],
  headers: Record<string, string> = {},
) {
  return send(url, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
}

export interface TestServer {
  server: RunningServer
  dataDir: string
  /** RPC address of the dev app on a network. */
  url(network?: 'mainnet' | 'testnet' | 'regtest'): string
  restart(overrides?: Partial<StartServerParameters>): Promise<void>
  stop(): Promise<void>
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'rsk-devnode-server-'))
}

export async function startTestServer(overrides: Partial<StartServerParameters> = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? (await makeDataDir())
  const parameters: StartServerParameters = { dataDir, nodeFactory: fakeNodeFactory, port: 0, ...overrides }
  let server = await startServer(parameters)
  const devKey = server.createdDevApp?.apiKey
  const harness: TestServer = {
    get server() {
      return server
    },
    dataDir,
    url: (network = 'regtest') => server.rpcUrl(devKey ?? 'no-dev-app', network),
    async restart(more = {}) {
      await server.close()
      server = await startServer({ ...parameters, ...more, ensureDevApp: false })
    },
    async stop() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  return harness
}
