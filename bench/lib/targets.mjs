// The targets: how to start each node and reach it. In-process targets run inside the worker
// process that measures them; HTTP targets are spawned servers bound to 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sender } from './chain.mjs'
import { freePort } from './freePort.mjs'
import { isInstalled, NODE22_BIN, PEERS_DIR, peerDir, ROOT } from './peers.mjs'
import { eip1193Client, httpClient, jsonRpcObjectClient } from './rpc.mjs'

/** The library build; BENCH_OURS_LIB points elsewhere (a local bundle) when it is not built. */
export const OUR_LIB = process.env.BENCH_OURS_LIB ?? join(ROOT, 'dist/lib/index.js')
export const OUR_SERVER_ENTRY = join(ROOT, 'bin/rsk-devnode.mjs')
/** The server bundle the bin loads; BENCH_OURS_SERVER runs another bundle through a launcher. */
export const OUR_SERVER_BUNDLE =
  process.env.BENCH_OURS_SERVER ?? join(ROOT, 'dist/server/rsk-devnode-server.js')
const LAUNCHER = join(ROOT, 'bench/lib/server-launcher.mjs')
/** argv prefix that runs our CLI: the bin when the default bundle is used, else the launcher. */
const ourCli = () => (process.env.BENCH_OURS_SERVER ? [LAUNCHER, OUR_SERVER_BUNDLE] : [OUR_SERVER_ENTRY])
/** The dev-friendly network (minimum gas price 0, difficulty 1), like the peers' dev chains. */
export const OUR_NETWORK = process.env.BENCH_OURS_NETWORK ?? 'regtest'

const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const TEN_THOUSAND_ETHER = '0x21e19e0c9bab2400000'

const toQuantity = (value) => `0x${value.toString(16)}`

function importFile(path) {
  return import(pathToFileURL(path).href)
}

/** Peak resident set of another process (VmHWM), in MiB; undefined once it has exited. */
export function peakRssOfPid(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1])
    return kib / 1024
  } catch {
    return undefined
  }
}

/** Spawns a server and resolves once it answers eth_blockNumber; the time is W7 for HTTP targets. */
async function startHttpServer(command, args, url, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...options })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000)
  })
  const client = httpClient(url)
  const deadline = performance.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`)
    try {
      await client.request({ method: 'eth_blockNumber' })
      break
    } catch (error) {
      if (performance.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`server did not answer within 30 s: ${error.message} ${stderr}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
  return {
    client,
    serverPid: child.pid,
    async close() {
      client.close()
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))
    },
  }
}

export const TARGETS = {
  ours: {
    label: 'RSK Devnode (in-process)',
    runtime: 'node',
    unavailableReason: () =>
      existsSync(OUR_LIB) ? undefined : `${OUR_LIB} is missing: run \`npm run build:lib\` first`,
    async start() {
      const lib = await importFile(OUR_LIB)
      for (const name of ['createNode', 'createMemoryStore']) {
        if (typeof lib[name] !== 'function') throw new Error(`${OUR_LIB} exports no ${name}`)
      }
      const node = await lib.createNode({ network: OUR_NETWORK, storage: lib.createMemoryStore() })
      return { client: jsonRpcObjectClient(node), close: () => node.close() }
    },
  },
  'ours-http': {
    label: 'RSK Devnode HTTP server',
    runtime: 'node',
    notes: [
      'Our server persists every block to LevelDB (its default durability) in a temporary data directory.',
    ],
    unavailableReason: () =>
      existsSync(OUR_SERVER_BUNDLE)
        ? undefined
        : `${OUR_SERVER_BUNDLE} is missing: run \`npm run build:server\` first`,
    async start({ tmpDir }) {
      // The server answers /<network>/<API key> only: create an app first, as a user would.
      const created = spawnSync(
        process.execPath,
        [...ourCli(), 'apps', 'create', '--name', 'bench', '--use-case', 'other', '--data-dir', tmpDir],
        { encoding: 'utf8', timeout: 30_000 },
      )
      const apiKey = /API key:\s*(\S+)/.exec(created.stdout ?? '')?.[1]
      if (!apiKey) throw new Error(`apps create gave no API key: ${created.stdout} ${created.stderr}`)
      const port = await freePort()
      const args = [...ourCli(), 'serve', '--host', '127.0.0.1', '--port', String(port), '--data-dir', tmpDir]
      return startHttpServer(process.execPath, args, `http://127.0.0.1:${port}/${OUR_NETWORK}/${apiKey}`)
    },
  },
  hardhat: {
    label: 'Hardhat 3 (EDR, in-process)',
    runtime: 'node22',
    unavailableReason: () => (isInstalled('hardhat') && isInstalled('node22') ? undefined : 'not installed'),
    async start() {
      const { createHardhatRuntimeEnvironment } = await importFile(
        join(peerDir('hardhat'), 'node_modules/hardhat/dist/src/hre.js'),
      )
      const hre = await createHardhatRuntimeEnvironment({}, {}, peerDir('hardhat'))
      const connection = await hre.network.connect()
      return { client: eip1193Client(connection.provider), close: () => connection.close() }
    },
  },
  ganache: {
    label: 'Ganache 7 (in-process)',
    runtime: 'node',
    unavailableReason: () => (isInstalled('ganache') ? undefined : 'not installed'),
    async start() {
      const { default: ganache } = await importFile(
        join(peerDir('ganache'), 'node_modules/ganache/dist/node/core.js'),
      )
      const provider = ganache.provider({
        logging: { quiet: true },
        chain: { chainId: 1337 },
        wallet: { accounts: [{ secretKey: DEV_KEY, balance: TEN_THOUSAND_ETHER }] },
      })
      return { client: eip1193Client(provider), close: () => provider.disconnect() }
    },
  },
  tevm: {
    label: 'Tevm memory client (in-process)',
    runtime: 'node',
    notes: [
      'Tevm: eth_sendRawTransaction neither automines nor keeps the hash it returns, and its receipts of',
      'legacy transactions throw, so Tevm gets unsigned eth_sendTransaction (it signs internally) and',
      "the receipt of the latest block's transaction (one transaction per block under automine).",
    ],
    txPath: {
      prepare: (fields) => ({
        from: sender.address,
        ...(fields.to ? { to: fields.to } : {}),
        ...(fields.data ? { data: fields.data } : {}),
        value: toQuantity(fields.value ?? 0n),
        gas: toQuantity(fields.gas),
        gasPrice: toQuantity(fields.gasPrice),
        nonce: toQuantity(BigInt(fields.nonce)),
      }),
      submit: (client, tx) => client.request({ method: 'eth_sendTransaction', params: [tx] }),
      async receipt(client) {
        const block = await client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })
        const hash = block?.transactions?.at(-1)
        return hash ? client.request({ method: 'eth_getTransactionReceipt', params: [hash] }) : null
      },
    },
    unavailableReason: () => (isInstalled('tevm') ? undefined : 'not installed'),
    async start() {
      const { createMemoryClient } = await importFile(join(peerDir('tevm'), 'node_modules/tevm/index.js'))
      const client = createMemoryClient({ miningConfig: { type: 'auto' }, loggingLevel: 'warn' })
      return { client: eip1193Client(client), close: () => undefined }
    },
  },
  anvil: {
    label: 'Anvil (HTTP)',
    runtime: 'node',
    unavailableReason: () => (isInstalled('anvil') ? undefined : 'not installed'),
    async start() {
      const binary = join(PEERS_DIR, 'anvil/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil')
      const port = await freePort()
      const args = ['--host', '127.0.0.1', '--port', String(port), '--silent']
      return startHttpServer(binary, args, `http://127.0.0.1:${port}/`)
    },
  },
}

export const PEER_OF_TARGET = { hardhat: 'hardhat', ganache: 'ganache', tevm: 'tevm', anvil: 'anvil' }

export function runtimeBinary(target) {
  return TARGETS[target].runtime === 'node22' ? NODE22_BIN : process.execPath
}
