// The workloads W1–W6, identical for every target: each takes a client with
// `request({ method, params })` and returns plain numbers. Every loop is bounded in count and time.
import {
  balanceOfData,
  COUNTED_TOPIC,
  emitCountedData,
  emitterDeployData,
  NOTHING_TOPIC,
  RECIPIENT,
  sender,
  signLegacy,
  tokenDeployData,
  tokenTransferData,
} from './chain.mjs'
import { round, summarize } from './stats.mjs'

export const FULL_COUNTS = { calls: 2000, transfers: 2000, tokenTransfers: 1000, eventBlocks: 2000 }
export const IN_FLIGHT = 64

export function countsFor(scale) {
  const scaled = (n) => Math.max(10, Math.round(n * scale))
  return {
    calls: scaled(FULL_COUNTS.calls),
    transfers: scaled(FULL_COUNTS.transfers),
    tokenTransfers: scaled(FULL_COUNTS.tokenTransfers),
    eventBlocks: scaled(FULL_COUNTS.eventBlocks),
    logQueries: scale < 1 ? 5 : 20,
  }
}

/**
 * Time caps per phase: a slow target reports a truncated sample instead of stalling the run. Six
 * read phases, two log-query phases and three transaction phases: at most ~250 s per target.
 */
export const TIME_CAPS_MS = { calls: 15_000, transfers: 40_000, tokenTransfers: 30_000, eventSetup: 60_000 }
const WORST_CASE_MS =
  8 * TIME_CAPS_MS.calls + TIME_CAPS_MS.transfers + TIME_CAPS_MS.tokenTransfers + TIME_CAPS_MS.eventSetup

/** Shrinks every cap in proportion when the orchestrator grants less than the worst case. */
export function fitCapsToBudget(budgetMs) {
  const factor = Math.min(1, budgetMs / WORST_CASE_MS)
  for (const key of Object.keys(TIME_CAPS_MS)) TIME_CAPS_MS[key] = Math.round(TIME_CAPS_MS[key] * factor)
  return factor
}

const now = () => performance.now()

async function sequential(count, capMs, fn) {
  const latencies = []
  const started = now()
  for (let i = 0; i < count; i++) {
    if (now() - started > capMs) break
    const t0 = now()
    await fn(i)
    latencies.push(now() - t0)
  }
  const elapsedMs = now() - started
  return { latencies, elapsedMs, truncated: latencies.length < count }
}

async function concurrent(count, inFlight, capMs, fn) {
  let next = 0
  let done = 0
  const started = now()
  async function lane() {
    while (next < count && now() - started <= capMs) {
      next++
      await fn()
      done++
    }
  }
  await Promise.all(Array.from({ length: inFlight }, lane))
  const elapsedMs = now() - started
  return { count: done, callsPerSec: round((done / elapsedMs) * 1000), truncated: done < count }
}

async function readCallWorkload(counts, call) {
  // A short warm-up, so the first calls' JIT and cache misses do not land in the sample.
  for (let i = 0; i < Math.min(50, counts.calls / 10); i++) await call()
  const seq = await sequential(counts.calls, TIME_CAPS_MS.calls, call)
  const conc = await concurrent(counts.calls, IN_FLIGHT, TIME_CAPS_MS.calls, call)
  return { sequential: { ...summarize(seq.latencies), truncated: seq.truncated }, concurrent: conc }
}

/**
 * How transactions reach a target. The default is the workload as specified: pre-signed legacy
 * EIP-155 transactions through eth_sendRawTransaction and receipts by hash. A target may override
 * a piece when its own path is broken (see its `notes`).
 */
export function defaultTxPath() {
  return {
    prepare: (fields) => signLegacy(fields),
    submit: (client, raw) => client.request({ method: 'eth_sendRawTransaction', params: [raw] }),
    receipt: (client, hash) => client.request({ method: 'eth_getTransactionReceipt', params: [hash] }),
  }
}

let txPath = defaultTxPath()
export function useTxPath(path) {
  txPath = { ...defaultTxPath(), ...path }
}

export const RECEIPT_POLL_MS = 2

export const waitForReceipt = async (client, hash, timeoutMs = 10_000) => {
  const started = now()
  for (;;) {
    const receipt = await txPath.receipt(client, hash)
    if (receipt) return receipt
    if (now() - started > timeoutMs) throw new Error(`no receipt for ${hash} after ${timeoutMs} ms`)
    // Nodes that mine before answering (Hardhat, Ganache, ours) have the receipt at the first
    // look. Anvil mines after answering; polling it faster than every 2 ms starves its miner
    // (measured: receipt latency grows from ~3 ms to 10–35 ms over 2,000 transactions).
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
  }
}

/** Chain facts every transaction workload needs, read once from the target. */
export async function prepareChain(client) {
  const chainId = Number(await client.request({ method: 'eth_chainId' }))
  const gasPrice = BigInt(await client.request({ method: 'eth_gasPrice' }))
  const nonce = Number(
    await client.request({ method: 'eth_getTransactionCount', params: [sender.address, 'latest'] }),
  )
  // Twice the quoted price stays above a base fee that drifts between blocks on EIP-1559 peers.
  return { chainId, gasPrice: gasPrice === 0n ? 1n : gasPrice * 2n, nonce }
}

async function estimate(client, tx) {
  const gas = BigInt(
    await client.request({ method: 'eth_estimateGas', params: [{ from: sender.address, ...tx }] }),
  )
  return (gas * 13n) / 10n
}

async function sendAndWait(client, raw) {
  const hash = await txPath.submit(client, raw)
  return waitForReceipt(client, hash)
}

/** Deploys the ERC-20 and the event emitter (setup, not timed). */
export async function deployContracts(client, chain) {
  const deployed = {}
  for (const [name, data] of [
    ['token', tokenDeployData()],
    ['emitter', emitterDeployData()],
  ]) {
    const gas = await estimate(client, { data })
    const raw = await txPath.prepare({ ...chain, nonce: chain.nonce++, gas, data })
    const receipt = await sendAndWait(client, raw)
    if (receipt.status === '0x0' || !receipt.contractAddress) throw new Error(`deploy of ${name} failed`)
    deployed[name] = receipt.contractAddress
  }
  return deployed
}

export function w1BlockNumber(client, counts) {
  return readCallWorkload(counts, () => client.request({ method: 'eth_blockNumber' }))
}

export function w2GetBalance(client, counts) {
  return readCallWorkload(counts, () =>
    client.request({ method: 'eth_getBalance', params: [sender.address, 'latest'] }),
  )
}

export async function w3CallBalanceOf(client, counts, token) {
  const call = { to: token, data: balanceOfData(sender.address) }
  const result = await client.request({ method: 'eth_call', params: [call, 'latest'] })
  if (BigInt(result) === 0n) throw new Error('balanceOf returned 0: the token was not deployed as expected')
  return readCallWorkload(counts, () => client.request({ method: 'eth_call', params: [call, 'latest'] }))
}

/**
 * Called once a transaction or log workload has finished its untimed preparation (signing, filling
 * blocks) and is about to start its timed loop: the profiler starts here so signing stays out.
 */
let timedPhaseStarts = async () => {}
export function onTimedPhase(hook) {
  timedPhaseStarts = hook
}

/**
 * A flat copy of a string. viem builds hex by appending one byte's digits at a time, so each signed
 * transaction is a rope of ~100 pieces until first read: 2,000 of them held ~7 MiB of the harness's
 * own heap while a workload ran, counted in every target's peak memory.
 */
const flat = (value) => (typeof value === 'string' ? Buffer.from(value, 'latin1').toString('latin1') : value)

async function signAll(count, build) {
  const started = now()
  const raws = []
  for (let i = 0; i < count; i++) raws.push(flat(await build(i)))
  return { raws, signMs: round(now() - started) }
}

/** Sends pre-signed transactions one after another, each waited on until its receipt exists. */
async function sendSequentially(client, raws, capMs) {
  let failed = 0
  let lastReceipt
  // A client that sits behind a costly hop of its own (the extension's page, a CDP round trip a
  // request) runs the same send-then-receipt sequence on its side of the hop and times it there.
  const seq = client.sendAndWaitAll
    ? await client.sendAndWaitAll(raws, capMs)
    : await sequential(raws.length, capMs, async (i) => {
        lastReceipt = await sendAndWait(client, raws[i])
        if (lastReceipt.status === '0x0') failed++
      })
  if (seq.failed !== undefined) failed = seq.failed
  return {
    count: seq.latencies.length,
    txPerSec: round((seq.latencies.length / seq.elapsedMs) * 1000),
    ...summarize(seq.latencies),
    failed,
    truncated: seq.truncated,
  }
}

export async function w4ValueTransfers(client, counts, chain) {
  const { raws, signMs } = await signAll(counts.transfers, () =>
    txPath.prepare({ ...chain, nonce: chain.nonce++, gas: 21_000n, to: RECIPIENT, value: 1n }),
  )
  await timedPhaseStarts()
  const result = await sendSequentially(client, raws, TIME_CAPS_MS.transfers)
  chain.nonce -= raws.length - result.count
  return { ...result, signMs }
}

export async function w5TokenTransfers(client, counts, chain, token) {
  const data = tokenTransferData(RECIPIENT, 1n)
  const gas = await estimate(client, { to: token, data })
  const { raws, signMs } = await signAll(counts.tokenTransfers, () =>
    txPath.prepare({ ...chain, nonce: chain.nonce++, gas, to: token, data }),
  )
  await timedPhaseStarts()
  const result = await sendSequentially(client, raws, TIME_CAPS_MS.tokenTransfers)
  chain.nonce -= raws.length - result.count
  return { ...result, signMs }
}

/**
 * Fills one block per transaction with a `Counted` log, then queries the whole range: once with
 * address + topic (every block matches) and once with a topic nothing emitted.
 */
export async function w6GetLogs(client, counts, chain, emitter) {
  const gas = await estimate(client, { to: emitter, data: emitCountedData(0) })
  const { raws } = await signAll(counts.eventBlocks, (i) =>
    txPath.prepare({ ...chain, nonce: chain.nonce++, gas, to: emitter, data: emitCountedData(i) }),
  )
  const before = BigInt(await client.request({ method: 'eth_blockNumber' }))
  const setupStarted = now()
  const hashes = []
  for (const raw of raws) {
    if (now() - setupStarted > TIME_CAPS_MS.eventSetup) break
    const hash = await txPath.submit(client, raw)
    // Waiting keeps one transaction per block on peers that mine asynchronously (Anvil).
    await waitForReceipt(client, hash)
    hashes.push(hash)
  }
  chain.nonce -= raws.length - hashes.length
  const setupMs = now() - setupStarted
  // Under automine each transaction is its own block, so the new blocks are exactly the range.
  const after = BigInt(await client.request({ method: 'eth_blockNumber' }))
  const fromBlock = `0x${(before + 1n).toString(16)}`
  const toBlock = `0x${after.toString(16)}`
  const blocks = Number(after - before)
  const matching = { fromBlock, toBlock, address: emitter, topics: [COUNTED_TOPIC] }
  const nothing = { fromBlock, toBlock, topics: [NOTHING_TOPIC] }
  await timedPhaseStarts()
  let logsMatched = 0
  const match = await sequential(counts.logQueries, TIME_CAPS_MS.calls, async () => {
    logsMatched = (await client.request({ method: 'eth_getLogs', params: [matching] })).length
  })
  let logsForNothing = 0
  const none = await sequential(counts.logQueries * 2, TIME_CAPS_MS.calls, async () => {
    logsForNothing = (await client.request({ method: 'eth_getLogs', params: [nothing] })).length
  })
  return {
    blocks,
    txs: hashes.length,
    setupTxPerSec: round((hashes.length / setupMs) * 1000),
    logsMatched,
    logsForNothing,
    match: summarize(match.latencies),
    none: summarize(none.latencies),
  }
}
