/**
 * A forked node's history (in process, through a counting transport): blocks, transactions,
 * receipts and logs at or below the fork block are the upstream's, log queries across the fork
 * block merge both chains in order, BLOCKHASH sees the upstream's hashes, state reads below the
 * fork block are the upstream's at that block, and all of it is kept through a restart.
 */
import { encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import type { DevNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import { type Address, hexToBytes } from '../../src/core/util/hex.js'
import {
  bob,
  holder,
  populateUpstream,
  type Rpc,
  regtestFork,
  regtestNode,
  sendAsCow,
  token,
  tokenBalance,
  unclosable,
} from './forkHarness.js'

const CHAIN_ID = 33
const URL_WITH_KEY = 'https://upstream.example/regtest/s3cr3t-api-key'
/** Returns BLOCKHASH(calldata word): PUSH1 0 CALLDATALOAD BLOCKHASH PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN. */
const BLOCKHASH_READER = '0x6000354060005260206000f3'
const READER_ADDRESS = '0x00000000000000000000000000000000000b10c4'
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

let upstream: DevNode
let up: Rpc
let tokenAddress: Address
let forkBlock: bigint
/** The upstream's transactions at or below the fork block. */
let upstreamTxs: string[]

const hex = (n: bigint) => `0x${n.toString(16)}`
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`

beforeAll(async () => {
  ;({ node: upstream, rpc: up } = await regtestNode())
  ;({ tokenAddress } = await populateUpstream(up, CHAIN_ID))
  forkBlock = BigInt(await up.call<string>('eth_blockNumber'))
  upstreamTxs = []
  for (let n = 1n; n <= forkBlock; n++) {
    const block = await up.call<{ transactions: string[] }>('eth_getBlockByNumber', [hex(n), false])
    upstreamTxs.push(...block.transactions)
  }
  // Mined past the fork block: the fork must not see these.
  const later = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 1000n] })
  await sendAsCow(up, CHAIN_ID, { to: tokenAddress, data: hexToBytes(later), gasLimit: 200_000n })
})

async function openFork(
  storage: KeyValueStore = createMemoryStore(),
  available: () => DevNode | undefined = () => upstream,
) {
  // A stopped upstream is reported at once (no retries), not after the default backoff.
  const retries = available() ? 4 : 0
  return regtestFork(available, { url: URL_WITH_KEY, blockNumber: forkBlock, retries }, storage)
}

async function transferOnFork(rpc: Rpc, amount: bigint) {
  const data = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, amount] })
  return sendAsCow(rpc, CHAIN_ID, { to: tokenAddress, data: hexToBytes(data), gasLimit: 200_000n })
}

const tokenLogs = (from: string, to: string) => ({ address: tokenAddress, fromBlock: from, toBlock: to })

/** Every read the restart test repeats: the same answers before and after, upstream or not. */
function touchedReads(): Array<[string, unknown[]]> {
  const at = hex(forkBlock)
  const below = hex(forkBlock - 2n)
  return [
    ['eth_getBlockByNumber', [at, true]],
    ['eth_getBlockByNumber', ['0x1', false]],
    ['eth_getBlockByNumber', [below, true]],
    ['eth_getTransactionByHash', [upstreamTxs[0]]],
    ['eth_getTransactionReceipt', [upstreamTxs[0]]],
    ['eth_getTransactionReceipt', [upstreamTxs.at(-1)]],
    ['eth_getLogs', [tokenLogs('0x0', 'latest')]],
    ['eth_getBalance', [holder, below]],
    ['eth_call', [{ to: READER_ADDRESS, data: word(forkBlock - 3n) }, 'latest']],
  ]
}

describe('the history of a forked node', () => {
  test('blocks up to the fork block are the upstream blocks, and block fork+1 continues them', async () => {
    const { rpc } = await openFork()
    for (let n = 0n; n <= forkBlock; n++) {
      const theirs = await up.call<{ hash: string }>('eth_getBlockByNumber', [hex(n), true])
      expect(await rpc.call('eth_getBlockByNumber', [hex(n), true])).toEqual(theirs)
      expect(await rpc.call('eth_getBlockByHash', [theirs.hash, false])).toEqual(
        await up.call('eth_getBlockByHash', [theirs.hash, false]),
      )
    }
    const forkBlockOfUpstream = await up.call<{ hash: string; transactions: string[] }>(
      'eth_getBlockByNumber',
      [hex(forkBlock), false],
    )
    // The fork block itself, with its transactions, also as `latest` before anything is mined.
    expect(forkBlockOfUpstream.transactions.length).toBeGreaterThan(0)
    expect(await rpc.call('eth_getBlockByNumber', ['latest', false])).toEqual(forkBlockOfUpstream)
    await rpc.call('evm_mine')
    const next = await rpc.call<{ number: string; parentHash: string }>('eth_getBlockByNumber', [
      'latest',
      false,
    ])
    expect(BigInt(next.number)).toBe(forkBlock + 1n)
    expect(next.parentHash).toBe(forkBlockOfUpstream.hash)
    // Past the fork block, the upstream's later blocks are not this chain's.
    expect(
      await rpc.call('eth_getBlockByHash', [
        (await up.call<{ hash: string }>('eth_getBlockByNumber', ['latest', false])).hash,
        false,
      ]),
    ).toBeNull()
  })

  test('transactions and receipts of the upstream, by hash and by block', async () => {
    const { rpc } = await openFork()
    for (const hash of upstreamTxs) {
      expect(await rpc.call('eth_getTransactionByHash', [hash])).toEqual(
        await up.call('eth_getTransactionByHash', [hash]),
      )
      expect(await rpc.call('eth_getTransactionReceipt', [hash])).toEqual(
        await up.call('eth_getTransactionReceipt', [hash]),
      )
    }
    const at = hex(forkBlock)
    const { hash } = await up.call<{ hash: string }>('eth_getBlockByNumber', [at, false])
    for (const [method, params] of [
      ['eth_getBlockTransactionCountByNumber', [at]],
      ['eth_getBlockTransactionCountByHash', [hash]],
      ['eth_getTransactionByBlockNumberAndIndex', [at, '0x0']],
      ['eth_getTransactionByBlockHashAndIndex', [hash, '0x1']],
      ['eth_getTransactionByBlockNumberAndIndex', [at, '0x9']],
      ['eth_getUncleCountByBlockNumber', [at]],
      ['eth_getUncleCountByBlockHash', [hash]],
      ['eth_getUncleByBlockNumberAndIndex', [at, '0x0']],
    ] as const)
      expect(await rpc.call(method, [...params])).toEqual(await up.call(method, [...params]))
    // A transaction mined upstream after the fork block is not this chain's.
    const later = await up.call<{ transactions: string[] }>('eth_getBlockByNumber', ['latest', false])
    expect(await rpc.call('eth_getTransactionByHash', [later.transactions[0]])).toBeNull()
    expect(await rpc.call('eth_getTransactionReceipt', [later.transactions[0]])).toBeNull()
  })

  test('eth_getLogs and log filters across the fork block: the upstream logs, then the local ones', async () => {
    const { rpc } = await openFork()
    const upstreamLogs = await up.call<unknown[]>('eth_getLogs', [tokenLogs('0x0', hex(forkBlock))])
    // The mint at deployment and the transfer, both before the fork block.
    expect(upstreamLogs).toHaveLength(2)
    const filter = await rpc.call<string>('eth_newFilter', [
      { fromBlock: '0x0', toBlock: 'latest', address: tokenAddress, topics: [TRANSFER_TOPIC] },
    ])
    await transferOnFork(rpc, 3n)
    await transferOnFork(rpc, 4n)
    const local = await rpc.call<Array<{ blockNumber: string }>>('eth_getLogs', [
      tokenLogs(hex(forkBlock + 1n), 'latest'),
    ])
    expect(local.map((l) => BigInt(l.blockNumber))).toEqual([forkBlock + 1n, forkBlock + 2n])
    expect(await rpc.call('eth_getLogs', [tokenLogs('0x0', 'latest')])).toEqual([...upstreamLogs, ...local])
    expect(await rpc.call('eth_getFilterLogs', [filter])).toEqual([...upstreamLogs, ...local])
    // A poll reports what was mined since the filter was made: the local transfers only.
    expect(await rpc.call('eth_getFilterChanges', [filter])).toEqual(local)
    // A range wholly below the fork block, and one block by its hash.
    const last = upstreamLogs.at(-1) as { blockNumber: string; blockHash: string }
    expect(await rpc.call('eth_getLogs', [tokenLogs('0x1', last.blockNumber)])).toEqual(upstreamLogs)
    expect(await rpc.call('eth_getLogs', [{ blockHash: last.blockHash }])).toEqual(
      await up.call('eth_getLogs', [{ blockHash: last.blockHash }]),
    )
  })

  test('BLOCKHASH of blocks at and below the fork block is the upstream hash', async () => {
    const { rpc } = await openFork()
    await rpc.call('anvil_setCode', [READER_ADDRESS, BLOCKHASH_READER])
    await rpc.call('evm_mine')
    for (const n of [forkBlock, forkBlock - 1n, forkBlock - 3n]) {
      const { hash } = await up.call<{ hash: string }>('eth_getBlockByNumber', [hex(n), false])
      expect(await rpc.call('eth_call', [{ to: READER_ADDRESS, data: word(n) }, 'latest'])).toBe(hash)
      expect(await rpc.call('eth_call', [{ to: READER_ADDRESS, data: word(n) }, 'pending'])).toBe(hash)
    }
  })

  test('state reads below the fork block are the upstream state at that block', async () => {
    const { rpc } = await openFork()
    for (const n of [1n, forkBlock - 2n, forkBlock - 1n]) {
      for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode'])
        for (const address of [holder, tokenAddress])
          expect(await rpc.call(method, [address, hex(n)])).toBe(await up.call(method, [address, hex(n)]))
      expect(await rpc.call('eth_getStorageAt', [tokenAddress, '0x2', hex(n)])).toBe(
        await up.call('eth_getStorageAt', [tokenAddress, '0x2', hex(n)]),
      )
    }
    expect(await tokenBalance(rpc, tokenAddress, bob, hex(forkBlock - 1n))).toBe(0n)
    expect(await tokenBalance(rpc, tokenAddress, bob, hex(forkBlock))).toBe(5n)
    const { hash } = await up.call<{ hash: string }>('eth_getBlockByNumber', [hex(forkBlock - 1n), false])
    expect(await rpc.call('eth_getBalance', [holder, { blockHash: hash }])).toBe(
      await up.call('eth_getBalance', [holder, hex(forkBlock - 1n)]),
    )
    // A call that reverts upstream reverts here, with the upstream's revert bytes.
    const tooMuch = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [holder, 1n] })
    const reverted = await rpc.rpc('eth_call', [
      { from: bob, to: tokenAddress, data: tooMuch },
      hex(forkBlock - 1n),
    ])
    const theirs = await up.rpc('eth_call', [
      { from: bob, to: tokenAddress, data: tooMuch },
      hex(forkBlock - 1n),
    ])
    expect(reverted.error).toEqual(theirs.error)
  })

  test('a restart with the upstream stopped answers what was touched; nothing is fetched twice', async () => {
    const storage = createMemoryStore()
    const first = await openFork(storage)
    await first.rpc.call('anvil_setCode', [READER_ADDRESS, BLOCKHASH_READER])
    await transferOnFork(first.rpc, 6n)
    const answers = []
    const answer = async (rpc: Rpc, method: string, params: unknown[]) => {
      const { result, error } = await rpc.rpc(method, params)
      return { result, error }
    }
    for (const [method, params] of touchedReads()) answers.push(await answer(first.rpc, method, params))
    for (const answer of answers) expect(answer.error).toBeUndefined()

    const offline = await openFork(unclosable(storage), () => undefined)
    for (const [i, [method, params]] of touchedReads().entries())
      expect(await answer(offline.rpc, method, params), method).toEqual(answers[i])
    const untouched = await offline.rpc.rpc('eth_getBlockByNumber', ['0x2', false])
    expect(untouched.error?.code).toBe(-32000)
    expect(untouched.error?.message).toBe(
      'fork upstream https://upstream.example/regtest/*** could not provide eth_getBlockByNumber("0x2", true): fetch failed',
    )
    const untouchedLogs = await offline.rpc.rpc('eth_getLogs', [tokenLogs('0x1', '0x3')])
    expect(untouchedLogs.error?.message).toMatch(
      /^fork upstream https:\/\/upstream\.example\/regtest\/\*\*\* could not provide eth_getLogs/,
    )

    const online = await openFork(unclosable(storage))
    for (const [i, [method, params]] of touchedReads().entries())
      expect(await answer(online.rpc, method, params), method).toEqual(answers[i])
    expect(online.counts.requests).toBe(0)
  })
})
