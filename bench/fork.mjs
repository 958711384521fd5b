// Fork benchmark: the first ERC-20 transfer on forked state (cold) and the next ones (warm), for our
// node and for Anvil --fork-url, against the same upstream in the same run — our own server on
// loopback, reached through a counting proxy so both forks' upstream traffic is measured alike.
// Also the same transfers on a local (unforked) chain of ours: the W5 cost warm transfers compare to.
//
//   npm run build:server && npx vite build --config vite.lib.config.ts && node bench/fork.mjs [--warm=50]
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { RECIPIENT, sender, signLegacy, tokenDeployData, tokenTransferData } from './lib/chain.mjs'
import { ROOT } from './lib/peers.mjs'
import { httpClient, jsonRpcObjectClient } from './lib/rpc.mjs'

const WARM = Number(process.argv.find((a) => a.startsWith('--warm='))?.slice(7) ?? 50)
const CHAIN_ID = 33
const lib = await import(pathToFileURL(join(ROOT, 'dist/lib/index.js')).href)

function post(url, body) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks = []
        res.on('data', (c) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Our server as the upstream, in a child process with its own data directory. */
async function startUpstream() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rsk-devnode-fork-bench-'))
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/rsk-devnode.mjs'), 'serve', '--port', '0', '--data-dir', dataDir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let output = ''
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /(http:\/\/127\.0\.0\.1:\d+\/regtest\/[A-Za-z0-9_-]+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.on('exit', (code) => reject(new Error(`upstream exited (${code}): ${output}`)))
  })
  return {
    url,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill()
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Forwards to the upstream, counting HTTP posts and the JSON-RPC requests they carry. */
async function startCountingProxy(target) {
  const counts = { posts: 0, requests: 0 }
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', async () => {
      const body = Buffer.concat(chunks)
      counts.posts++
      try {
        const parsed = JSON.parse(body.toString('utf8'))
        counts.requests += Array.isArray(parsed) ? parsed.length : 1
      } catch {}
      const answer = await post(target, body)
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  const path = new URL(target).pathname
  return { url: `http://127.0.0.1:${port}${path}`, counts, close: () => server.close() }
}

async function transfer(client, nonce, gasPrice, to) {
  const raw = await signLegacy({
    chainId: CHAIN_ID,
    nonce,
    gasPrice,
    gas: 100_000n,
    to,
    data: tokenTransferData(RECIPIENT, 1n),
  })
  const started = performance.now()
  const hash = await client.request({ method: 'eth_sendRawTransaction', params: [raw] })
  let receipt = await client.request({ method: 'eth_getTransactionReceipt', params: [hash] })
  while (!receipt) receipt = await client.request({ method: 'eth_getTransactionReceipt', params: [hash] })
  if (receipt.status !== '0x1') throw new Error('transfer failed')
  return performance.now() - started
}

/** Cold (first transfer) and warm (mean of the next WARM) on one target. */
async function measureTransfers(client, token) {
  const gasPrice = BigInt(await client.request({ method: 'eth_gasPrice' }))
  let nonce = BigInt(
    await client.request({ method: 'eth_getTransactionCount', params: [sender.address, 'latest'] }),
  )
  const cold = await transfer(client, nonce++, gasPrice, token)
  let warm = 0
  for (let i = 0; i < WARM; i++) warm += await transfer(client, nonce++, gasPrice, token)
  return { cold, warm: warm / WARM }
}

async function waitForHttp(url) {
  const client = httpClient(url)
  for (let i = 0; i < 600; i++) {
    try {
      await client.request({ method: 'eth_blockNumber' })
      return client
    } catch {
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  throw new Error(`${url} did not start`)
}

const upstream = await startUpstream()
const proxy = await startCountingProxy(upstream.url)
const results = {}
try {
  const up = httpClient(upstream.url)
  const gasPrice = BigInt(await up.request({ method: 'eth_gasPrice' }))
  const deployNonce = BigInt(
    await up.request({ method: 'eth_getTransactionCount', params: [sender.address, 'latest'] }),
  )
  const deploy = await signLegacy({
    chainId: CHAIN_ID,
    nonce: deployNonce,
    gasPrice,
    gas: 3_000_000n,
    data: tokenDeployData(),
  })
  const deployHash = await up.request({ method: 'eth_sendRawTransaction', params: [deploy] })
  const token = (await up.request({ method: 'eth_getTransactionReceipt', params: [deployHash] }))
    .contractAddress
  for (let i = 0; i < 10; i++) await up.request({ method: 'evm_mine' })
  const forkBlock = Number(BigInt(await up.request({ method: 'eth_blockNumber' })))

  // Ours on a local chain first: the same transfers with no fork (W5's cost per transfer); it
  // also loads what the library loads once per process (WASM backends), which no fork should pay.
  const local = await lib.createNode({ network: 'regtest', storage: lib.createMemoryStore() })
  const localClient = jsonRpcObjectClient(local)
  const localDeploy = await signLegacy({
    chainId: CHAIN_ID,
    nonce: 0n,
    gasPrice: 0n,
    gas: 3_000_000n,
    data: tokenDeployData(),
  })
  const localHash = await localClient.request({ method: 'eth_sendRawTransaction', params: [localDeploy] })
  const localToken = (await localClient.request({ method: 'eth_getTransactionReceipt', params: [localHash] }))
    .contractAddress
  results.local = await measureTransfers(localClient, localToken)
  await local.close()
  // Ours, in process, forked through the proxy.
  proxy.counts.posts = proxy.counts.requests = 0
  let started = performance.now()
  const node = await lib.createNode({
    network: 'regtest',
    storage: lib.createMemoryStore(),
    fork: { url: proxy.url, blockNumber: forkBlock },
  })
  const oursStart = performance.now() - started
  const oursAtStart = { ...proxy.counts }
  const ours = await measureTransfers(jsonRpcObjectClient(node), token)
  results.ours = {
    start: oursStart,
    ...ours,
    startRequests: oursAtStart.requests,
    requests: proxy.counts.requests,
    posts: proxy.counts.posts,
  }
  await node.close()

  // Anvil, forked through the same proxy at the same block.
  proxy.counts.posts = proxy.counts.requests = 0
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  started = performance.now()
  const anvil = spawn(
    join(ROOT, 'node_modules/.bin/anvil'),
    [
      '--fork-url',
      proxy.url,
      '--fork-block-number',
      String(forkBlock),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--silent',
    ],
    { stdio: 'ignore' },
  )
  try {
    const client = await waitForHttp(`http://127.0.0.1:${port}/`)
    const anvilStart = performance.now() - started
    const anvilAtStart = { ...proxy.counts }
    const measured = await measureTransfers(client, token)
    results.anvil = {
      start: anvilStart,
      ...measured,
      startRequests: anvilAtStart.requests,
      requests: proxy.counts.requests,
      posts: proxy.counts.posts,
    }
  } finally {
    anvil.kill()
  }
} finally {
  proxy.close()
  await upstream.close()
}

const ms = (v) => `${v.toFixed(1)} ms`
const { ours, anvil, local } = results
console.log(`fork benchmark (upstream: our server on loopback; ${WARM} warm transfers)`)
console.log(
  '| target | start-up | upstream requests (posts) at start | cold transfer | warm transfer | upstream requests (posts) in all |',
)
console.log('| --- | --- | --- | --- | --- | --- |')
for (const [name, r] of [
  ['ours', ours],
  ['anvil', anvil],
])
  console.log(
    `| ${name} | ${ms(r.start)} | ${r.startRequests} | ${ms(r.cold)} | ${ms(r.warm)} | ${r.requests} (${r.posts}) |`,
  )
console.log(`| ours, local chain | – | – | ${ms(local.cold)} | ${ms(local.warm)} | – |`)
console.log(
  `ratios: cold start+first transfer ours/anvil ${((ours.start + ours.cold) / (anvil.start + anvil.cold)).toFixed(2)}, ` +
    `first transfer ours/anvil ${(ours.cold / anvil.cold).toFixed(2)}, upstream requests ours/anvil ${(ours.requests / anvil.requests).toFixed(2)}, ` +
    `warm fork/local ${(ours.warm / local.warm).toFixed(2)}, warm ours/anvil ${(ours.warm / anvil.warm).toFixed(2)}`,
)
