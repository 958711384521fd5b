/**
 * A chain written by the previous storage layout (layout v1, test/fixtures/layout-v1) loses
 * nothing the server acknowledged under `kill -9`, while its conversion is under way: the built
 * server (dist/server; `npm test` builds first) runs in a child process over a data directory
 * whose regtest LevelDB store holds the fixture's raw entries, answers as the old code did, mines,
 * is killed with SIGKILL right after its answers, and starts again on the same directory. The
 * conversion's deletes (`lb:` blooms, `meta:head`, 256 a batch) ride on the blocks' batches: the
 * store is opened between two kills to see each acknowledged batch carried its share, and that a
 * conversion cut by a kill resumes with the next block.
 */
import { rm } from 'node:fs/promises'
import { Wallet } from 'ethers'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { LEGACY_DELETES_PER_BATCH } from '../../src/core/node/engine/legacyLayout.js'
import { chainDirectory } from '../../src/server/node/nodeHost.js'
import { openLevelStore } from '../../src/server/storage/levelStore.js'
import {
  expected,
  expectedResponse,
  fixtureEntries,
  fixturePuts,
  type Step,
} from '../migration/layoutV1Fixture.js'
import { assertServerBuilt, type ChildServer, childServer } from './childServer.js'
import { makeDataDir, rpc } from './helpers.js'

const HEAD = expected.blocks.head
const LEGACY_BLOOMS = fixtureEntries.filter(([key]) => key.startsWith('lb:')).length
const hex = (n: number) => `0x${n.toString(16)}`
const keyOf = (address: string) =>
  COW_ACCOUNTS.find((account) => account.address.toLowerCase() === address)!.privateKey
const RECIPIENT = '0x00000000000000000000000000000000000000c1'

/**
 * The recorded answers about the chain as the fixture left it that no new block can change: every
 * read of an old block, transaction, receipt, trace, proof and old state (steps before the first
 * one about the head), and eth_getLogs up to `latest` (the blocks mined here have no logs).
 */
const oldSteps = expected.steps
  .slice(
    0,
    expected.steps.findIndex((step) => 'method' in step && step.method === 'eth_blockNumber'),
  )
  .filter((step): step is Extract<Step, { method: string }> => 'method' in step)

/** The answers about the head, the pool and the mining mode as the fixture left them. */
const headSteps = expected.steps
  .slice(
    expected.steps.findIndex((step) => 'method' in step && step.method === 'eth_blockNumber'),
    expected.steps.findIndex((step) => 'method' in step && step.method === 'eth_getFilterChanges'),
  )
  .filter((step): step is Extract<Step, { method: string }> => 'method' in step)

let dataDir: string
let server: ChildServer

/** The JSON-RPC response as a client sees it: `{ result }` or `{ error }`. */
async function answer(method: string, params: unknown[]) {
  const reply = await rpc(`${server.base}/regtest/${server.key}`, method, params)
  return reply.json.error ? { error: reply.json.error } : { result: reply.json.result ?? null }
}

async function expectSteps(steps: ReadonlyArray<Extract<Step, { method: string }>>) {
  for (const step of steps)
    expect(await answer(step.method, step.params), `${step.method} ${JSON.stringify(step.params)}`).toEqual(
      expectedResponse(step),
    )
}

/** What the conversion left in the chain's LevelDB store (the server must be down: its lock). */
async function storeState() {
  const store = await openLevelStore({ path: chainDirectory(dataDir, 'regtest') })
  try {
    return {
      blooms: (await store.range({ gte: 'lb:', lt: 'lb;' })).length,
      head: await store.get('meta:head'),
      stateRoot: await store.get('sr'),
      blocks: (await store.range({ gte: 'b:', lt: 'b;' })).length,
    }
  } finally {
    await store.close()
  }
}

/** Everything acknowledged so far: block number → hash, and transaction → block number. */
const blocks = new Map<number, string>()
const transactions = new Map<string, number>()
let head = HEAD
let transferred = 0n

async function signedTransfer(from: string, value: bigint): Promise<string> {
  const wallet = new Wallet(keyOf(from))
  const [nonce, gasPrice] = await Promise.all([
    server.call<string>('eth_getTransactionCount', [from, 'pending']),
    server.call<string>('eth_gasPrice'),
  ])
  return wallet.signTransaction({
    type: 0,
    chainId: 33,
    nonce: Number(nonce),
    gasPrice: BigInt(gasPrice),
    gasLimit: 21_000,
    to: RECIPIENT,
    value,
  })
}

/** After a restart: every acknowledged block and transaction, with the same hashes. */
async function expectAcknowledged() {
  expect(Number(await server.call<string>('eth_blockNumber'))).toBe(head)
  for (const [number, hash] of blocks) {
    const block = await server.call<{ hash: string }>('eth_getBlockByNumber', [hex(number), false])
    expect(block?.hash, `block ${number}`).toBe(hash)
  }
  for (const [hash, number] of transactions) {
    const receipt = await server.call<{ blockNumber: string; blockHash: string; status: string }>(
      'eth_getTransactionReceipt',
      [hash],
    )
    expect(receipt, `receipt of ${hash}`).toMatchObject({ blockNumber: hex(number), status: '0x1' })
    expect(receipt.blockHash).toBe(blocks.get(number) ?? receipt.blockHash)
  }
  expect(BigInt(await server.call<string>('eth_getBalance', [RECIPIENT, 'latest']))).toBe(transferred)
}

/** The data directory of a server that ran the old code: its regtest chain holds the fixture. */
async function startingFromFixture() {
  assertServerBuilt()
  dataDir = await makeDataDir()
  const store = await openLevelStore({ path: chainDirectory(dataDir, 'regtest') })
  await store.batch(fixturePuts())
  await store.close()
  server = childServer(dataDir)
}

async function removeDataDir() {
  await server?.kill()
  await rm(dataDir, { recursive: true, force: true })
}

describe('a layout-v1 chain on the server: nothing acknowledged is lost to kill -9 while it converts', () => {
  beforeAll(startingFromFixture)
  afterAll(removeDataDir)

  test('the fixture fills more than one conversion batch', () => {
    expect(LEGACY_BLOOMS).toBe(HEAD + 1)
    expect(LEGACY_BLOOMS).toBeGreaterThan(LEGACY_DELETES_PER_BATCH)
    expect(LEGACY_BLOOMS).toBeLessThan(2 * LEGACY_DELETES_PER_BATCH)
  })

  test('first start: the old answers; the pending transaction mined; killed', async () => {
    await server.start()
    await expectSteps(oldSteps)
    // Head, latest state incl. the unmined edits (`sr`), the pending transaction, manual mining.
    await expectSteps(headSteps)
    expect(await server.call('evm_mine')).toBeNull()
    const block = await server.call<{ hash: string; transactions: string[] }>('eth_getBlockByNumber', [
      hex(HEAD + 1),
      false,
    ])
    expect(block.transactions).toContain(expected.pending)
    blocks.set(HEAD + 1, block.hash)
    transactions.set(expected.pending, HEAD + 1)
    head = HEAD + 1
    await server.kill()
    // The block's batch carried the first share of the conversion, and replaced the state root record.
    expect(await storeState()).toEqual({
      blooms: LEGACY_BLOOMS - LEGACY_DELETES_PER_BATCH,
      head: undefined,
      stateRoot: undefined,
      blocks: HEAD + 2,
    })
  })

  test('second start: all of it there, the old answers the same; two transfers mined; killed', async () => {
    await server.start()
    await expectAcknowledged()
    await expectSteps(oldSteps)
    const from = expected.accounts.a0
    const raw = await server.call<string>('eth_sendRawTransaction', [await signedTransfer(from, 1000n)])
    const sent = await server.call<string>('eth_sendTransaction', [
      { from: expected.accounts.a1, to: RECIPIENT, value: hex(2000) },
    ])
    expect(await server.call('evm_mine')).toBeNull()
    const block = await server.call<{ hash: string; transactions: string[] }>('eth_getBlockByNumber', [
      hex(HEAD + 2),
      false,
    ])
    expect(block.transactions).toEqual(expect.arrayContaining([raw, sent]))
    blocks.set(HEAD + 2, block.hash)
    transactions.set(raw, HEAD + 2)
    transactions.set(sent, HEAD + 2)
    head = HEAD + 2
    transferred += 3000n
    await server.kill()
    // The rest of the conversion rode on that block.
    expect(await storeState()).toMatchObject({ blooms: 0, head: undefined, blocks: HEAD + 3 })
  })

  test('third start: automine on, a transfer mined by its answer; killed at once', async () => {
    await server.start()
    await expectAcknowledged()
    expect(await server.call('evm_setAutomine', [true])).toBeNull()
    const hash = await server.call<string>('eth_sendRawTransaction', [
      await signedTransfer(expected.accounts.a4, 4000n),
    ])
    // Killed right after the answer: the block that mined it was acknowledged by that answer.
    await server.kill()
    transactions.set(hash, HEAD + 3)
    head = HEAD + 3
    transferred += 4000n
    expect(await storeState()).toMatchObject({ blooms: 0, head: undefined, blocks: HEAD + 4 })
  })

  test('fourth start: everything acknowledged, the mining mode, the old answers; more blocks', async () => {
    await server.start()
    await expectAcknowledged()
    expect(await server.call('anvil_getAutomine')).toBe(true)
    await expectSteps(oldSteps)
    expect(await server.call('anvil_mine', [hex(3)])).toBeNull()
    const latest = await server.call<{ number: string; hash: string }>('eth_getBlockByNumber', [
      'latest',
      false,
    ])
    expect(latest.number).toBe(hex(HEAD + 6))
    blocks.set(HEAD + 6, latest.hash)
    head = HEAD + 6
    await server.kill()
    await server.start()
    await expectAcknowledged()
    await server.kill()
    expect(await storeState()).toEqual({
      blooms: 0,
      head: undefined,
      stateRoot: undefined,
      blocks: HEAD + 7,
    })
  })
})

describe('a layout-v1 chain on the server: killed in the middle of a long anvil_mine while it converts', () => {
  beforeAll(startingFromFixture)
  afterAll(removeDataDir)

  test('every block a client saw survives, the old answers stay, and the conversion resumes', async () => {
    await server.start()
    // Not awaited: one block for the pending transaction, then runs of empty blocks, each run a
    // batch; the server answers other requests between them.
    const mining = server.call('anvil_mine', [hex(4 * 512)]).catch(() => undefined)
    let seen: { number: string; hash: string }
    for (;;) {
      seen = await server.call<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false])
      if (Number(seen.number) > HEAD) break
    }
    await server.kill()
    await mining
    // A batch is applied whole or not at all: the store holds a chain up to some block at or past
    // the one seen, and a conversion that went one or two batches far.
    const cut = await storeState()
    expect(cut.blocks - 1).toBeGreaterThanOrEqual(Number(seen.number))
    expect([LEGACY_BLOOMS - LEGACY_DELETES_PER_BATCH, 0]).toContain(cut.blooms)
    expect(cut.head).toBeUndefined()

    await server.start()
    expect(Number(await server.call<string>('eth_blockNumber'))).toBe(cut.blocks - 1)
    expect((await server.call<{ hash: string }>('eth_getBlockByNumber', [seen.number, false])).hash).toBe(
      seen.hash,
    )
    expect(await server.call('eth_getTransactionReceipt', [expected.pending])).toMatchObject({
      blockNumber: hex(HEAD + 1),
      status: '0x1',
    })
    await expectSteps(oldSteps)
    // The next blocks carry what is left of the conversion.
    await server.call('evm_mine')
    await server.call('evm_mine')
    await server.kill()
    expect(await storeState()).toEqual({
      blooms: 0,
      head: undefined,
      stateRoot: undefined,
      blocks: cut.blocks + 2,
    })
  })
})
