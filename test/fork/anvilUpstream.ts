/**
 * Anvil (the `@foundry-rs/anvil` dev dependency) run locally as a fork's upstream: an
 * Ethereum-shaped node — no Rootstock block fields, its own error texts — serving chain id 31.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { Rpc } from './forkHarness.js'
import { httpRpc } from './httpRpc.js'

const ANVIL = join(import.meta.dirname, '../../node_modules/@foundry-rs/anvil/bin.mjs')

export interface AnvilUpstream {
  url: string
  rpc: Rpc
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function startAnvil(chainId = 31): Promise<AnvilUpstream> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    [ANVIL, '--chain-id', String(chainId), '--port', String(port), '--host', '127.0.0.1', '--silent'],
    { stdio: 'ignore' },
  )
  const url = `http://127.0.0.1:${port}/`
  const rpc = httpRpc(url)
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      await rpc.call('eth_chainId')
      break
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    url,
    rpc,
    async stop() {
      if (child.exitCode === null) child.kill()
      await exited
    },
  }
}
