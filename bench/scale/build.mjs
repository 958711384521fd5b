// Builds a scale chain through any client's JSON-RPC: empty blocks with `anvil_mine` in chunks,
// planned transactions pre-signed and sent through `eth_sendRawTransaction` (automine puts each in
// a block of its own). Every block goes through the engine's one mining path (sealed, merged-mined,
// REMASC last); nothing is written around it. Resumes from the chain's head, so a kept chain that
// is short of its size (or a half-built one) is completed rather than rebuilt.
import { emitCountedData, RECIPIENT, sender, signLegacy, tokenTransferData } from '../lib/chain.mjs'
import { deployContracts, prepareChain, waitForReceipt } from '../lib/workloads.mjs'
import { FIRST_PLANNED_BLOCK, nextPlanned, planOf } from './plan.mjs'

/** Empty blocks per anvil_mine call: the node commits them 512 to a batch and yields between batches. */
const MINE_CALL = 4096
/** Steps (anvil_mine calls and planned transactions) a batching client runs in one call. */
const STEPS_PER_CALL = 400
const hex = (n) => `0x${n.toString(16)}`

async function headOf(client) {
  return Number(await client.request({ method: 'eth_blockNumber' }))
}

/**
 * Builds (or completes) the chain up to `size` blocks. `contracts` are those of an earlier build
 * of the same chain; a new chain deploys them in blocks 1 and 2. Returns the contracts and the
 * build's time. `onProgress(head)` is called every ~2% of the chain. With `stopAfterMs` the build
 * stops once that long has passed (at the next planned transaction) and reports `stoppedAt`, the
 * head it reached: the chain is measured as far as it went, and a later build completes it.
 */
export async function buildChain(
  client,
  size,
  { contracts, onDeployed = () => {}, onProgress = () => {}, stopAfterMs = Number.POSITIVE_INFINITY } = {},
) {
  const started = performance.now()
  const chain = await prepareChain(client)
  let head = await headOf(client)
  if (head === 0) {
    contracts = await deployContracts(client, chain)
    onDeployed(contracts)
  } else if (!contracts) throw new Error(`the chain has ${head} blocks but no record of its contracts`)
  head = await headOf(client)
  if (head < FIRST_PLANNED_BLOCK - 1) throw new Error(`deploying took blocks up to ${head}`)
  const plan = planOf(size)
  const tokenGas = BigInt(
    await client.request({
      method: 'eth_estimateGas',
      params: [{ from: sender.address, to: contracts.token, data: tokenTransferData(RECIPIENT, 1n) }],
    }),
  )
  const txFor = (kind) => {
    if (kind === 'transfer') return { gas: 21_000n, to: RECIPIENT, value: 1n }
    if (kind === 'token')
      return { gas: tokenGas * 2n, to: contracts.token, data: tokenTransferData(RECIPIENT, 1n) }
    return { gas: 60_000n, to: contracts.emitter, data: emitCountedData(head) }
  }
  const step = Math.max(1000, Math.floor(size / 50))
  let reported = head
  // A client with `runSteps` (the extension's page) takes a run of steps in one call: the same
  // requests in the same order, without a round trip from here for each (a CDP hop each).
  const batched = typeof client.runSteps === 'function'
  const steps = []
  const flush = async () => {
    if (steps.length === 0) return
    const outcomes = await client.runSteps(steps.splice(0))
    for (const o of outcomes)
      if (o.landedIn !== o.block || o.status !== '0x1')
        throw new Error(`planned ${plan(o.block)} of block ${o.block} landed in ${o.landedIn} (${o.status})`)
  }
  while (head < size) {
    if (performance.now() - started > stopAfterMs) {
      await flush()
      return { contracts, buildMs: Math.round(performance.now() - started), stoppedAt: await headOf(client) }
    }
    const next = nextPlanned(plan, head + 1, size) ?? size + 1
    // Empty interval blocks up to the one before the next planned transaction.
    while (head < next - 1) {
      const count = Math.min(MINE_CALL, next - 1 - head)
      if (batched) steps.push({ mine: hex(count) })
      else await client.request({ method: 'anvil_mine', params: [hex(count)] })
      head += count
    }
    if (next <= size) {
      const raw = await signLegacy({ ...chain, nonce: chain.nonce++, ...txFor(plan(next)) })
      if (batched) steps.push({ raw, block: next })
      else {
        const hash = await client.request({ method: 'eth_sendRawTransaction', params: [raw] })
        const receipt = await waitForReceipt(client, hash)
        if (Number(receipt.blockNumber) !== next || receipt.status !== '0x1')
          throw new Error(
            `planned ${plan(next)} of block ${next} landed in ${receipt.blockNumber} (${receipt.status})`,
          )
      }
      head = next
    }
    if (steps.length >= STEPS_PER_CALL) await flush()
    if (head - reported >= step) {
      await flush()
      reported = head
      onProgress(head)
    }
  }
  await flush()
  const actual = await headOf(client)
  if (actual < size) throw new Error(`built ${actual} blocks, wanted ${size}`)
  return { contracts, buildMs: Math.round(performance.now() - started) }
}
