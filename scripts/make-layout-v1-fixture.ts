/**
 * Writes test/fixtures/layout-v1: a regtest chain written by the storage layout of commit aa2d660
 * (every raw key and value of its store, `chain.json`) and the answers that layout's node gives
 * over it (`expected.json`). test/migration replays those answers against the current code: a new
 * layout must open this chain (and convert it) and answer exactly the same.
 *
 * The chain must be written by the OLD code, so this script imports `src/core` from a worktree of
 * that commit, not from this checkout:
 *
 *   git worktree add /tmp/wt-v1 aa2d660 && ln -s "$PWD/node_modules" /tmp/wt-v1/node_modules
 *   node -e "import('vite').then((v) => v.runnerImport('./scripts/make-layout-v1-fixture.ts'))"
 *   git worktree remove --force /tmp/wt-v1
 *
 * (LAYOUT_V1_CORE=<dir> names another `src/core`; LAYOUT_V1_OUT=<dir> another output directory.)
 * Everything is deterministic (manual clock, seeded randomness, dev keys): running it twice on the
 * same commit writes the same files.
 *
 * `expected.json` is a script of steps run in order on one node: requests with the exact response
 * recorded (`result` or `error`, or `same`: the index of an earlier step that asked the same and
 * got the same), and `reopen` (close the node, open a new one over the same
 * store). Steps change the chain too (mining, a revert to a snapshot kept in the fixture), so a
 * replay continues the converted chain and checks that the new blocks are the old code's blocks.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DEV_ACCOUNTS as DevAccountsType } from '../src/core/accounts/devAccounts.js'
import type { createManualClock as CreateManualClock } from '../src/core/clock/clock.js'
import type { createNode as CreateNode, DevNode } from '../src/core/createNode.js'
import type { createMemoryStore as CreateMemoryStore } from '../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../src/core/storage/types.js'

const here = dirname(fileURLToPath(import.meta.url))
const coreDir = resolve(process.env.LAYOUT_V1_CORE ?? '/tmp/wt-v1/src/core')
const outDir = resolve(process.env.LAYOUT_V1_OUT ?? join(here, '../test/fixtures/layout-v1'))

const { createNode } = (await import(/* @vite-ignore */ join(coreDir, 'createNode.ts'))) as {
  createNode: typeof CreateNode
}
const { createMemoryStore } = (await import(/* @vite-ignore */ join(coreDir, 'storage/memoryStore.ts'))) as {
  createMemoryStore: typeof CreateMemoryStore
}
const { createManualClock } = (await import(/* @vite-ignore */ join(coreDir, 'clock/clock.ts'))) as {
  createManualClock: typeof CreateManualClock
}
const { DEV_ACCOUNTS } = (await import(/* @vite-ignore */ join(coreDir, 'accounts/devAccounts.ts'))) as {
  DEV_ACCOUNTS: typeof DevAccountsType
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Response = { result?: Json; error?: { code: number; message: string; data?: Json } }
/** `same`: the response is the one of step `same` (an earlier identical request), not repeated. */
type Step =
  | { method: string; params: Json[]; result?: Json; error?: Response['error']; same?: number; note?: string }
  | { reopen: true; note?: string }

const NETWORK = 'regtest'
const CLOCK_START = 1_700_000_000_000
const token = JSON.parse(readFileSync(join(here, '../test/dapp/demoToken.json'), 'utf8')) as {
  bytecode: string
}

/** Deterministic "random" bytes (filter ids): a linear congruential generator. */
function seededRandom(seed: number) {
  let state = seed >>> 0
  return (length: number) => {
    const out = new Uint8Array(length)
    for (let i = 0; i < length; i++) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
      out[i] = state >>> 24
    }
    return out
  }
}

/** The store stays open when the node closes it: it is read (dumped) and reopened afterwards. */
function keptOpen(store: KeyValueStore): KeyValueStore {
  return { ...store, close: async () => undefined }
}

const pad32 = (hex: string) => `0x${hex.replace(/^0x/, '').padStart(64, '0')}`
const quantity = (n: bigint | number) => `0x${BigInt(n).toString(16)}`
const words = (...parts: string[]) => `0x${parts.map((p) => pad32(p).slice(2)).join('')}`
const TRANSFER = '0xa9059cbb'
const APPROVE = '0x095ea7b3'
const BALANCE_OF = '0x70a08231'
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

async function openNode(store: KeyValueStore, clock: ReturnType<typeof CreateManualClock>, seed: number) {
  const node = await createNode({
    network: NETWORK,
    storage: keptOpen(store),
    clock,
    random: seededRandom(seed),
  })
  let id = 0
  const request = async (method: string, params: Json[] = []): Promise<Response> =>
    (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as Response
  const call = async (method: string, params: Json[] = []): Promise<Json> => {
    const response = await request(method, params)
    if (response.error) throw new Error(`${method}: ${JSON.stringify(response.error)}`)
    return response.result as Json
  }
  return { node, request, call }
}

// ─────────────────────────── build the chain (old layout) ───────────────────────────

const store = createMemoryStore()
const clock = createManualClock(CLOCK_START)
const { node, call } = await openNode(store, clock, 1)
const [a0, a1, a2, a3, a4] = [0, 1, 2, 3, 4].map((i) => DEV_ACCOUNTS[i]!.address) as [
  string,
  string,
  string,
  string,
  string,
]
const m0 = DEV_ACCOUNTS[12]!.address
const outsider = '0x00000000000000000000000000000000000c0ffe'
const codeHolder = '0x000000000000000000000000000000000000beef'
const tick = () => clock.advance(7_000)

async function send(from: string, fields: Record<string, Json>): Promise<string> {
  tick()
  return (await call('eth_sendTransaction', [{ from, gas: '0x2dc6c0', ...fields }])) as string
}
async function receipt(hash: string) {
  return (await call('eth_getTransactionReceipt', [hash])) as { blockNumber: string; contractAddress: string }
}
const blockNumber = async () => BigInt((await call('eth_blockNumber')) as string)

// Value transfers between dev accounts, one block each (automine).
const transfers = [
  await send(a0, { to: a1, value: quantity(10n ** 18n) }),
  await send(a1, { to: a2, value: quantity(3n * 10n ** 17n) }),
  await send(a2, { to: outsider, value: quantity(12_345n) }),
  await send(m0, { to: a3, value: quantity(5n * 10n ** 18n) }),
]
const beforeDeploy = await blockNumber()

// The ERC-20: deployed, then a log filter on it, then transfers (logs and blooms).
const deploy = await send(a0, { data: words(quantity(10n ** 24n)).replace(/^0x/, token.bytecode) })
const tokenAddress = (await receipt(deploy)).contractAddress
const deployBlock = BigInt((await receipt(deploy)).blockNumber)
const logFilter = (await call('eth_newFilter', [{ address: tokenAddress, fromBlock: 'latest' }])) as string
const tokenTransfers = [
  await send(a0, { to: tokenAddress, data: `${TRANSFER}${words(a1, quantity(1000n)).slice(2)}` }),
  await send(a0, { to: tokenAddress, data: `${TRANSFER}${words(a2, quantity(2000n)).slice(2)}` }),
  await send(a1, { to: tokenAddress, data: `${APPROVE}${words(a3, quantity(400n)).slice(2)}` }),
  await send(a1, { to: tokenAddress, data: `${TRANSFER}${words(a4, quantity(250n)).slice(2)}` }),
]
// A poll moves the filter's cursor: what it reports after the reopen starts here.
await call('eth_getFilterChanges', [logFilter])
const beforeEmptyRun = await blockNumber()

// Empty blocks: past 256, so log sections of 16 and 256 blocks are written.
tick()
await call('anvil_mine', [quantity(300)])
const afterEmptyRun = await blockNumber()

// Dev edits, then a block over them.
tick()
await call('anvil_setBalance', [outsider, quantity(777n * 10n ** 18n)])
await call('anvil_setStorageAt', [tokenAddress, pad32('0x2'), pad32('0x1234')])
await call('anvil_setCode', [codeHolder, '0x6001600055'])
const beforeEditsMined = await blockNumber()
const afterEdits = await send(a3, { to: a4, value: quantity(1n) })
const editsBlock = BigInt((await receipt(afterEdits)).blockNumber)

// A snapshot, blocks with logs, and a revert: the filter then holds removed logs.
const reverted = (await call('evm_snapshot')) as string
await send(a0, { to: tokenAddress, data: `${TRANSFER}${words(a3, quantity(99n)).slice(2)}` })
// Polled inside the window, so the revert leaves these logs on the filter as removed.
await call('eth_getFilterChanges', [logFilter])
await send(a2, { to: a0, value: quantity(42n) })
tick()
await call('anvil_mine', [quantity(3)])
if ((await call('evm_revert', [reverted])) !== true) throw new Error('evm_revert failed')

// After the revert: more logs, a block filter, a snapshot kept in the settings, an unmined edit.
const afterRevert = await send(a2, {
  to: tokenAddress,
  data: `${TRANSFER}${words(a0, quantity(7n)).slice(2)}`,
})
const blockFilter = (await call('eth_newBlockFilter')) as string
await send(a4, { to: a0, value: quantity(5n) })
const kept = (await call('evm_snapshot')) as string
const keptHead = await blockNumber()
tick()
await call('anvil_mine', [quantity(2)])
await call('anvil_setBalance', [a4, quantity(123_456_789n)])
await call('anvil_setStorageAt', [tokenAddress, pad32('0x3'), pad32('0xabcdef')])

// A transaction left pending: automine off.
await call('evm_setAutomine', [false])
const pending = await send(a3, { to: outsider, value: quantity(31_337n) })
const head = await blockNumber()
const headHash = ((await call('eth_getBlockByNumber', ['latest', false])) as { hash: string }).hash
const oldDump = JSON.parse(
  Buffer.from(((await call('anvil_dumpState')) as string).slice(2), 'hex').toString('utf8'),
)
await node.close()

const entries = await store.range({})
const chain: Record<string, string> = {}
for (const [key, value] of entries) chain[key] = Buffer.from(value).toString('hex')

// test/migration builds the old code's anvil_dumpState from chain.json: check that it is this one.
const builtDump = {
  format: 'rsk-devnode-chain/1',
  chainId: 33,
  headNumber: quantity(head),
  headHash,
  entries: Object.entries(chain)
    .filter(([key]) => key !== 'meta:filters' && key !== 'meta:identity' && !key.startsWith('host:'))
    .map(([key, hex]) => [key, `0x${hex}`]),
}
if (JSON.stringify(builtDump) !== JSON.stringify(oldDump))
  throw new Error('the dump built from the entries differs')

// ─────────────────────────── record the answers (old code, reopened) ───────────────────────────

/** A store holding exactly the fixture's entries, as the tests build it. */
async function fixtureStore(): Promise<KeyValueStore> {
  const copy = createMemoryStore()
  await copy.batch(
    Object.entries(chain).map(([key, hex]) => ({
      type: 'put',
      key,
      value: Uint8Array.from(Buffer.from(hex, 'hex')),
    })),
  )
  return copy
}

async function record(): Promise<Step[]> {
  const replayStore = await fixtureStore()
  const replayClock = createManualClock(clock.now())
  const steps: Step[] = []
  let current: DevNode
  let request: (method: string, params?: Json[]) => Promise<Response>
  const open = async () => {
    const opened = await openNode(replayStore, replayClock, 2)
    current = opened.node
    request = opened.request
  }
  await open()
  /** Request text → the last step that asked it, with its response text. */
  const asked = new Map<string, { index: number; response: string }>()
  const ask = async (method: string, params: Json[] = [], note?: string): Promise<Json> => {
    const response = await request(method, params)
    const result = response.error ? undefined : (response.result ?? null)
    const step: Step = { method, params }
    if (note) step.note = note
    const requestText = JSON.stringify([method, params])
    const responseText = JSON.stringify(response.error ? { error: response.error } : { result })
    const earlier = asked.get(requestText)
    if (earlier?.response === responseText) step.same = earlier.index
    else if (response.error) step.error = response.error
    else step.result = result!
    if (step.same === undefined) asked.set(requestText, { index: steps.length, response: responseText })
    steps.push(step)
    return result ?? null
  }
  const reopen = async (note: string) => {
    await current.close()
    steps.push({ reopen: true, note })
    await open()
  }

  /** Everything fixed in the past: blocks, transactions, logs, state at old blocks. */
  const history = async () => {
    for (const n of [
      0n,
      1n,
      beforeDeploy,
      deployBlock,
      beforeEmptyRun,
      100n,
      255n,
      256n,
      afterEmptyRun,
      editsBlock,
    ])
      await ask('eth_getBlockByNumber', [quantity(n), n === deployBlock || n === editsBlock])
    await ask('eth_getBlockByNumber', ['earliest', false])
    const b = (await ask('eth_getBlockByNumber', [quantity(200), false])) as {
      hash: string
      transactions: string[]
    }
    await ask('eth_getBlockByHash', [b.hash, true])
    await ask('eth_getBlockTransactionCountByHash', [b.hash])
    // The REMASC transaction: the last one of every block, here of an empty block and of a full one.
    await ask('eth_getTransactionByHash', [b.transactions.at(-1)!], 'REMASC transaction of an empty block')
    await ask('eth_getTransactionReceipt', [b.transactions.at(-1)!], 'REMASC receipt of an empty block')
    await ask('eth_getTransactionByBlockNumberAndIndex', [quantity(deployBlock), '0x1'])
    for (const hash of [...transfers, deploy, ...tokenTransfers, afterEdits, afterRevert]) {
      await ask('eth_getTransactionByHash', [hash])
      await ask('eth_getTransactionReceipt', [hash])
    }
    await ask('debug_traceTransaction', [tokenTransfers[1]!, { tracer: 'callTracer' }])
    await ask('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', address: tokenAddress }])
    await ask('eth_getLogs', [
      { fromBlock: 'earliest', toBlock: 'latest', topics: [TRANSFER_TOPIC, null, pad32(a2)] },
    ])
    await ask('eth_getLogs', [
      {
        fromBlock: quantity(deployBlock + 2n),
        toBlock: quantity(afterEmptyRun + 20n),
        topics: [TRANSFER_TOPIC],
      },
    ])
    await ask('eth_getLogs', [{ fromBlock: quantity(20), toBlock: quantity(290), address: tokenAddress }])
    await ask('eth_getLogs', [{ blockHash: b.hash }])
    // State at old blocks (historical state), and at the blocks around the dev edits.
    for (const n of [
      0n,
      1n,
      2n,
      beforeDeploy,
      deployBlock,
      beforeEmptyRun,
      beforeEditsMined,
      editsBlock,
      keptHead,
    ]) {
      const tag = quantity(n)
      for (const address of [a0, a1, a2, a4, outsider]) await ask('eth_getBalance', [address, tag])
      await ask('eth_getTransactionCount', [a0, tag])
      await ask('eth_getCode', [tokenAddress, tag])
      await ask('eth_getCode', [codeHolder, tag])
      for (const slot of ['0x0', '0x2', '0x3']) await ask('eth_getStorageAt', [tokenAddress, slot, tag])
      await ask('eth_call', [{ to: tokenAddress, data: `${BALANCE_OF}${words(a1).slice(2)}` }, tag])
    }
    await ask('eth_getProof', [tokenAddress, [pad32('0x2'), pad32('0x0')], quantity(editsBlock)])
    await ask('eth_getProof', [a0, [], quantity(beforeEmptyRun)])
    await ask('eth_getProof', [outsider, [], quantity(2)])
  }

  /** What the head, the pool, the dev edits not mined yet and the filters say now. */
  const present = async () => {
    await ask('eth_blockNumber')
    await ask('eth_getBlockByNumber', ['latest', true])
    for (const address of [a0, a3, a4, outsider, tokenAddress])
      await ask('eth_getBalance', [address, 'latest'])
    for (const address of [a3, a4]) {
      await ask('eth_getTransactionCount', [address, 'latest'])
      await ask('eth_getTransactionCount', [address, 'pending'])
    }
    for (const slot of ['0x0', '0x2', '0x3']) await ask('eth_getStorageAt', [tokenAddress, slot, 'latest'])
    await ask('eth_getCode', [codeHolder, 'latest'])
    await ask('eth_getCode', [tokenAddress, 'latest'])
    await ask('eth_call', [{ to: tokenAddress, data: `${BALANCE_OF}${words(a0).slice(2)}` }, 'latest'])
    await ask('eth_getProof', [tokenAddress, [pad32('0x2'), pad32('0x3')], 'latest'])
    await ask('eth_getProof', [a4, [], 'latest'])
    await ask('txpool_content')
    await ask('eth_getTransactionByHash', [pending], 'the transaction left pending')
    await ask('eth_getTransactionReceipt', [pending])
    await ask('anvil_getAutomine')
  }

  await history()
  await present()
  await ask('eth_getFilterChanges', [logFilter], 'logs since the poll, with the reverted ones removed')
  await ask('eth_getFilterChanges', [blockFilter], 'blocks since the block filter was installed')
  await ask('eth_getFilterLogs', [logFilter])

  // Continue the chain: the pending transaction is mined, then a transfer and a token transfer.
  await ask('evm_mine')
  await ask('evm_setAutomine', [true])
  const next = (await ask('eth_sendTransaction', [
    { from: a1, to: a2, value: quantity(99n), gas: '0x5208' },
  ])) as string
  const nextToken = (await ask('eth_sendTransaction', [
    { from: a0, to: tokenAddress, data: `${TRANSFER}${words(a3, quantity(5n)).slice(2)}`, gas: '0x2dc6c0' },
  ])) as string
  await ask('anvil_mine', [quantity(20)])
  await present()
  for (const hash of [pending, next, nextToken]) await ask('eth_getTransactionReceipt', [hash])
  await ask('eth_getFilterChanges', [logFilter])
  await ask('eth_getFilterChanges', [blockFilter])

  // Nothing is lost across a close: the old answers, the new blocks, the filters.
  await reopen('after continuing the chain')
  await history()
  await present()
  for (const hash of [pending, next, nextToken]) await ask('eth_getTransactionByHash', [hash])
  await ask('eth_getFilterChanges', [logFilter])
  await ask('eth_getLogs', [{ fromBlock: quantity(keptHead), toBlock: 'latest', address: tokenAddress }])

  // The snapshot taken by the old code still reverts: its state and pool come back.
  await ask('evm_revert', [kept], 'snapshot kept in the fixture')
  await present()
  await history()
  await ask('eth_getFilterChanges', [logFilter])
  await reopen('after the revert')
  await present()
  await current!.close()
  return steps
}

const steps = await record()
// The recording must not depend on the run: a second replay of the same fixture answers the same.
if (JSON.stringify(await record()) !== JSON.stringify(steps))
  throw new Error('the recording is not deterministic')

mkdirSync(outDir, { recursive: true })
writeFileSync(join(outDir, 'chain.json'), `${JSON.stringify(chain, null, 0).replaceAll('","', '",\n"')}\n`)
writeFileSync(
  join(outDir, 'expected.json'),
  `${JSON.stringify(
    {
      description:
        'Answers of the layout-v1 node (commit aa2d660) over chain.json, in order; see scripts/make-layout-v1-fixture.ts',
      network: NETWORK,
      clockMs: clock.now(),
      randomSeed: 2,
      accounts: { a0, a1, a2, a3, a4, m0, outsider, codeHolder, token: tokenAddress },
      filters: { log: logFilter, block: blockFilter },
      snapshots: { kept },
      blocks: { head: Number(head), headHash, deployBlock: Number(deployBlock), keptHead: Number(keptHead) },
      pending,
      steps,
    },
    null,
    1,
  )}\n`,
)
console.log(
  `layout-v1 fixture: ${entries.length} keys, head ${head}, ${steps.length} steps, written to ${outDir}`,
)
