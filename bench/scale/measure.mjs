// The measures of one chain at its head, through any client: the queries that read old history,
// the log queries over the whole chain, and W4 / W5 at the head (last: they add blocks).
import { COUNTED_TOPIC, NOTHING_TOPIC, RECIPIENT } from '../lib/chain.mjs'
import { round, summarize } from '../lib/stats.mjs'
import { prepareChain, w4ValueTransfers, w5TokenTransfers } from '../lib/workloads.mjs'
import { logsFor, planOf } from './plan.mjs'

const hex = (n) => `0x${n.toString(16)}`
const now = () => performance.now()

/** A small seeded generator: the same "random" old blocks in every store and run. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The time of one request. A client that times its requests where they are made (the extension's
 * page, `lastMs`) is believed over the wall time here, which then includes the harness's hop.
 */
let timedClient
async function timed(fn) {
  const t0 = now()
  const value = await fn()
  return { ms: timedClient?.lastMs ?? now() - t0, value }
}

/** The first call (nothing of the range in memory yet) and the median of the next `repeat`. */
async function firstAndWarm(repeat, fn) {
  const first = await timed(fn)
  const warm = []
  for (let i = 0; i < repeat; i++) warm.push((await timed(fn)).ms)
  return { firstMs: round(first.ms), ...summarize(warm), result: first.value }
}

/**
 * Old blocks: below the newest 1,000 (which the node may hold in memory) or, on a shorter chain,
 * in its older half; never the genesis.
 */
function oldBlocks(count, size, seed, accept = () => true) {
  const next = random(seed)
  const oldest = 1
  const newest = Math.max(oldest, size - Math.min(1000, Math.floor(size / 2)))
  const picked = []
  for (let tries = 0; picked.length < count && tries < count * 1000; tries++) {
    const n = oldest + Math.floor(next() * (newest - oldest + 1))
    if (accept(n)) picked.push(n)
  }
  return picked
}

/** How many of the plan's logs a chain planned for `size` blocks holds up to block `built`. */
function plannedLogs(size, built) {
  const plan = planOf(size)
  let count = 0
  for (let n = 1; n <= built; n++) if (plan(n) === 'log') count++
  return count
}

/**
 * The read measures of a chain planned for `size` blocks. A chain whose build stopped short of its
 * size (`--measure-only` on a partial build) is measured as far as the build went (`builtTo`, else
 * the head): the logs expected and the old blocks picked are those of its first blocks.
 */
export async function measureReads(client, { size: planned, contracts, builtTo }, { samples = 20 } = {}) {
  timedClient = client
  const head = Number(await client.request({ method: 'eth_blockNumber' }))
  const size = Math.min(planned, builtTo ?? head)
  const expectedLogs = size === planned ? logsFor(planned) : plannedLogs(planned, size)
  const whole = { fromBlock: '0x0', toBlock: hex(head) }
  const noMatch = await firstAndWarm(
    5,
    async () =>
      (await client.request({ method: 'eth_getLogs', params: [{ ...whole, topics: [NOTHING_TOPIC] }] }))
        .length,
  )
  if (noMatch.result !== 0) throw new Error(`the no-match query found ${noMatch.result} logs`)
  // The address query counts every Counted log of the emitter: the plan's spread logs plus any a
  // measurement added at the head (none: W4/W5 run after).
  const byAddress = await firstAndWarm(
    5,
    async () =>
      (
        await client.request({
          method: 'eth_getLogs',
          params: [{ ...whole, address: contracts.emitter, topics: [COUNTED_TOPIC] }],
        })
      ).length,
  )
  if (byAddress.result !== expectedLogs)
    throw new Error(`the address query found ${byAddress.result} logs, expected ${expectedLogs}`)

  const blockTimes = []
  for (const n of oldBlocks(samples, size, 1)) {
    const { ms, value } = await timed(() =>
      client.request({ method: 'eth_getBlockByNumber', params: [hex(n), false] }),
    )
    if (Number(value?.number) !== n) throw new Error(`eth_getBlockByNumber(${n}) answered ${value?.number}`)
    blockTimes.push(ms)
  }
  const plan = planOf(planned)
  const receiptTimes = []
  for (const n of oldBlocks(samples, size, 2, (b) => plan(b) === 'transfer')) {
    const block = await client.request({ method: 'eth_getBlockByNumber', params: [hex(n), false] })
    const hash = block.transactions[0]
    const { ms, value } = await timed(() =>
      client.request({ method: 'eth_getTransactionReceipt', params: [hash] }),
    )
    if (value?.transactionHash !== hash) throw new Error(`no receipt for ${hash} of block ${n}`)
    receiptTimes.push(ms)
  }
  const balanceTimes = []
  for (const n of oldBlocks(samples, size, 3)) {
    const { ms, value } = await timed(() =>
      client.request({ method: 'eth_getBalance', params: [RECIPIENT, hex(n)] }),
    )
    if (typeof value !== 'string') throw new Error(`eth_getBalance at ${n} answered ${value}`)
    balanceTimes.push(ms)
  }
  const strip = ({ result, ...rest }) => rest
  return {
    head,
    logsNoMatch: strip(noMatch),
    logsByAddress: { ...strip(byAddress), logs: byAddress.result },
    oldBlock: summarize(blockTimes),
    oldReceipt: summarize(receiptTimes),
    oldBalance: summarize(balanceTimes),
  }
}

/**
 * W4 and W5 at the head, as the main suite runs them (pre-signed, automine, receipts), in `rounds`
 * rounds of equal parts. The machine is shared: the best round of each is the one least disturbed
 * by others' work, and is what the ratios compare; every round's rate is kept.
 */
export async function measureWrites(client, { contracts }, { transfers, tokenTransfers, rounds = 3 }) {
  const out = { W4: { rounds: [] }, W5: { rounds: [] } }
  for (let round = 0; round < rounds; round++) {
    const chain = await prepareChain(client)
    const w4 = await w4ValueTransfers(client, { transfers: Math.ceil(transfers / rounds) }, chain)
    const w5 = await w5TokenTransfers(
      client,
      { tokenTransfers: Math.ceil(tokenTransfers / rounds) },
      chain,
      contracts.token,
    )
    for (const [name, w] of [
      ['W4', w4],
      ['W5', w5],
    ]) {
      if (w.failed > 0) throw new Error(`${name}: ${w.failed} transactions failed`)
      out[name].rounds.push(w)
    }
  }
  for (const name of ['W4', 'W5']) {
    const best = out[name].rounds.reduce((a, b) => (b.txPerSec > a.txPerSec ? b : a))
    out[name] = {
      ...best,
      count: out[name].rounds.reduce((sum, r) => sum + r.count, 0),
      roundsTxPerSec: out[name].rounds.map((r) => r.txPerSec),
    }
  }
  return out
}
