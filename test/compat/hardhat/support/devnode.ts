/**
 * The node this suite runs against, by the network Hardhat was given:
 * - `devnode`: the HTTP server of src/server on an ephemeral port (a real HTTP hop), started once
 *   per test process; Hardhat reaches it through `RSK_DEVNODE_URL`.
 * - `inprocess`: the node itself in this process (see inProcessPlugin.ts).
 * Both are regtest in the `rskj` profile (the node holds and unlocks the dev accounts, as a
 * Hardhat project's signers need) with blocks that leave the REMASC transaction out (one
 * transaction per block, what hardhat-chai-matchers' balance-change matchers expect).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore, createNode } from '../../../../src/index.js'
import { coreNodeFactory } from '../../../../src/server/node/coreNode.js'
import { startServer } from '../../../../src/server/server.js'

let inProcess: ReturnType<typeof createNode> | undefined

export function inProcessNode(): ReturnType<typeof createNode> {
  inProcess ??= createNode({
    network: 'regtest',
    storage: createMemoryStore(),
    profile: 'rskj',
    omitRemascTransaction: true,
  })
  return inProcess
}

let stopServer: (() => Promise<void>) | undefined

/** Starts the HTTP server once (for `--network devnode`) and points RSK_DEVNODE_URL at it. */
export async function startHttpDevnode(): Promise<void> {
  if (process.env.RSK_DEVNODE_URL) return
  const dataDir = await mkdtemp(join(tmpdir(), 'rsk-devnode-hardhat-'))
  const server = await startServer({
    dataDir,
    port: 0,
    nodeFactory: coreNodeFactory({ profile: 'rskj', omitRemascTransaction: true }),
  })
  const apiKey = server.createdDevApp?.apiKey
  if (!apiKey) throw new Error('the server created no dev app')
  process.env.RSK_DEVNODE_URL = server.rpcUrl(apiKey, 'regtest')
  stopServer = async () => {
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export async function stopDevnodes(): Promise<void> {
  await stopServer?.()
  stopServer = undefined
  await (await inProcess)?.close()
  inProcess = undefined
}
