#!/usr/bin/env node
// Value transfers per second through our HTTP server next to Anvil over HTTP, in the same run:
// N pre-signed legacy transfers sent one after another (eth_sendRawTransaction, then the receipt,
// both under automine), alternating rounds between the two servers. Loopback only, bounded by N.
//   node bench/server/transfers.mjs [--count=500] [--rounds=2]
// Needs `npm run build:server` and Anvil from npm in .peers/anvil (bench/run.mjs installs it).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Wallet } from 'ethers'
import { freePort } from '../lib/freePort.mjs'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..')
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback
const count = Number(option('count', '500'))
const rounds = Number(option('rounds', '2'))
const ANVIL = join(ROOT, '.peers/anvil/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil')
const BUNDLE = join(ROOT, 'dist/server/rsk-devnode-server.js')
// Funded on both chains: the first account of the dev mnemonic.
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const TO = '0x00000000000000000000000000000000000000b0'

for (const [path, hint] of [
  [BUNDLE, 'npm run build:server'],
  [ANVIL, 'node bench/run.mjs --targets=anvil (installs it into .peers/)'],
]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: ${hint}`)
    process.exit(1)
  }
}

let id = 0
async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

async function waitForAnswer(url, child) {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      return await rpc(url, 'eth_chainId')
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}

async function startOurs() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rsk-devnode-transfers-'))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/rsk-devnode.mjs'), 'serve', '--port', String(port), '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const key = await new Promise((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /Its API key: ([0-9a-f]+)/.exec(output)
      if (match) resolve(match[1])
    })
    child.once('exit', () => reject(new Error(`our server exited: ${output}`)))
  })
  const url = `http://127.0.0.1:${port}/regtest/${key}`
  await waitForAnswer(url, child)
  return {
    name: 'ours (HTTP, LevelDB)',
    url,
    child,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function startAnvil() {
  const port = await freePort()
  const child = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(port), '--silent'], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}/`
  await waitForAnswer(url, child)
  return { name: 'anvil (HTTP, memory)', url, child, cleanup: () => {} }
}

async function presign(url, n) {
  const wallet = new Wallet(KEY)
  const chainId = Number(await rpc(url, 'eth_chainId'))
  const nonce = Number(await rpc(url, 'eth_getTransactionCount', [wallet.address, 'latest']))
  const gasPrice = BigInt(await rpc(url, 'eth_gasPrice')) * 2n + 1n
  const signed = []
  for (let i = 0; i < n; i++) {
    signed.push(
      await wallet.signTransaction({
        type: 0,
        chainId,
        nonce: nonce + i,
        gasPrice,
        gasLimit: 21_000n,
        to: TO,
        value: 1n,
      }),
    )
  }
  return signed
}

async function measure(target) {
  const signed = await presign(target.url, count)
  const started = performance.now()
  for (const raw of signed) {
    const hash = await rpc(target.url, 'eth_sendRawTransaction', [raw])
    // Anvil may answer the send before its automined block is queryable: poll for the receipt.
    let receipt = await rpc(target.url, 'eth_getTransactionReceipt', [hash])
    while (receipt === null) receipt = await rpc(target.url, 'eth_getTransactionReceipt', [hash])
    if (receipt?.status !== '0x1') throw new Error(`${target.name}: no successful receipt for ${hash}`)
  }
  return count / ((performance.now() - started) / 1000)
}

const targets = [await startOurs(), await startAnvil()]
try {
  const rates = Object.fromEntries(targets.map((target) => [target.name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
      const rate = await measure(target)
      rates[target.name].push(Math.round(rate))
      console.error(`round ${round + 1} ${target.name}: ${rate.toFixed(0)} transfers/s`)
    }
  }
  const best = (name) => Math.max(...rates[name])
  const [ours, anvil] = targets.map((target) => target.name)
  console.log(
    JSON.stringify(
      {
        benchmark: 'value transfers over HTTP',
        count,
        rounds,
        rates,
        ratioBest: Number((best(ours) / best(anvil)).toFixed(3)),
      },
      null,
      2,
    ),
  )
} finally {
  for (const target of targets) {
    target.child.kill('SIGTERM')
    await new Promise((resolve) =>
      target.child.exitCode !== null ? resolve() : target.child.once('exit', resolve),
    )
    target.cleanup()
  }
}
