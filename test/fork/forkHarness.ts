/** An upstream chain with an ERC-20 and a many-slot contract, and forks of it. */
import { decodeFunctionResult, encodeDeployData, encodeFunctionData } from 'viem'
import { expect } from 'vitest'
import { COW_ACCOUNTS, MNEMONIC_ACCOUNTS, MNEMONIC_BALANCE } from '../../src/core/accounts/devAccounts.js'
import { contractAddress, signTransaction } from '../../src/core/chain/transaction.js'
import { createManualClock } from '../../src/core/clock/clock.js'
import { createNode, type DevNode } from '../../src/core/createNode.js'
import type { ForkOptions } from '../../src/core/fork/openFork.js'
import type {
  UpstreamRequest,
  UpstreamResponse,
  UpstreamTransport,
} from '../../src/core/fork/upstreamClient.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import { type Address, bytesToHex, hexToBytes } from '../../src/core/util/hex.js'
import { getArtifact } from '../fixtures/contracts/index.js'

export const cow = COW_ACCOUNTS[0]!
export const holder = cow.address
export const bob = '0x00000000000000000000000000000000000000b0' as Address
export const token = getArtifact('TestToken')
export const exerciser = getArtifact('StorageExerciser')
export const SLOTS = 40

export interface RpcResponse {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export function rpcOf(request: (body: unknown) => Promise<unknown>) {
  let id = 0
  const rpc = async (method: string, params: unknown[] = []) =>
    (await request({ jsonrpc: '2.0', id: ++id, method, params })) as RpcResponse
  const call = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    const r = await rpc(method, params)
    if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`)
    return r.result as T
  }
  return { rpc, call }
}

export type Rpc = ReturnType<typeof rpcOf>

/** Signs as the cow account, reading its nonce from the chain it sends to. */
export async function sendAsCow(
  rpc: Rpc,
  chainId: number,
  fields: { to?: Address; data?: Uint8Array; value?: bigint; gasLimit?: bigint },
): Promise<string> {
  return sendSigned(rpc, chainId, cow.privateKey, holder, {
    ...fields,
    gasLimit: fields.gasLimit ?? 3_000_000n,
  })
}

/** The receipt of a sent transaction (an upstream such as Anvil may answer before it is mined). */
export async function receiptOf({ call }: Rpc, hash: string) {
  for (let attempt = 0; ; attempt++) {
    const receipt = await call<Record<string, string> | null>('eth_getTransactionReceipt', [hash])
    if (receipt || attempt >= 100) return receipt as Record<string, string>
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Deploys the token (1,000,000 units to the cow account) and the exerciser with `SLOTS` slots set. */
export async function populateUpstream(rpc: Rpc, chainId: number) {
  const deploy = async (data: `0x${string}`) => {
    const hash = await sendAsCow(rpc, chainId, { data: hexToBytes(data), gasLimit: 6_000_000n })
    return (await receiptOf(rpc, hash)).contractAddress as Address
  }
  const tokenAddress = await deploy(
    encodeDeployData({ abi: token.abi, bytecode: token.bytecode, args: ['Fork Token', 'FTK', 1_000_000n] }),
  )
  const exerciserAddress = await deploy(exerciser.bytecode)
  for (let key = 1n; key <= BigInt(SLOTS); key++) {
    const data = encodeFunctionData({ abi: exerciser.abi, functionName: 'set', args: [key, key * 7n] })
    await sendAsCow(rpc, chainId, { to: exerciserAddress, data: hexToBytes(data), gasLimit: 200_000n })
  }
  const transfer = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 5n] })
  await sendAsCow(rpc, chainId, { to: tokenAddress, data: hexToBytes(transfer), gasLimit: 200_000n })
  return { tokenAddress, exerciserAddress }
}

export async function tokenBalance({ call }: Rpc, tokenAddress: Address, owner: Address, block = 'latest') {
  const data = encodeFunctionData({ abi: token.abi, functionName: 'balanceOf', args: [owner] })
  const result = await call<`0x${string}`>('eth_call', [{ to: tokenAddress, data }, block])
  return decodeFunctionResult({ abi: token.abi, functionName: 'balanceOf', data: result }) as bigint
}

/** A transport straight into a node's `request`, counting what it carries. */
export function countingTransport(upstream: () => DevNode | undefined) {
  const counts = { batches: 0, requests: 0, methods: new Map<string, number>() }
  const transport: UpstreamTransport = async (batch: UpstreamRequest[]) => {
    counts.batches++
    counts.requests += batch.length
    for (const r of batch) counts.methods.set(r.method, (counts.methods.get(r.method) ?? 0) + 1)
    const node = upstream()
    if (!node) throw new TypeError('fetch failed')
    return (await node.request(batch)) as UpstreamResponse[]
  }
  return { transport, counts }
}

/** A regtest node in this process (memory store unless given, manual clock) and an `Rpc` to it. */
export async function regtestNode(options: { storage?: KeyValueStore; fork?: ForkOptions } = {}) {
  const node = await createNode({
    network: 'regtest',
    storage: options.storage ?? createMemoryStore(),
    clock: createManualClock(),
    fork: options.fork,
  })
  return { node, rpc: rpcOf((body) => node.request(body)) }
}

/** A regtest node forked from the in-process node `upstream` gives, through a counting transport. */
export async function regtestFork(
  upstream: () => DevNode | undefined,
  fork: Omit<ForkOptions, 'transport'>,
  storage?: KeyValueStore,
) {
  const { transport, counts } = countingTransport(upstream)
  return { ...(await regtestNode({ storage, fork: { ...fork, transport } })), counts }
}

/** The store with `close` doing nothing: a memory store that survives its node, as a disk would. */
export function unclosable(store: KeyValueStore): KeyValueStore {
  return Object.assign(Object.create(store) as KeyValueStore, { close: async () => {} })
}

/** Dev account #0 of the `test test … junk` mnemonic: its key is public, used on every testnet. */
export const dev0 = MNEMONIC_ACCOUNTS[0]!
/** The nonce dev account #0 reaches upstream before the fork block (plain transfers only). */
export const DEV0_UPSTREAM_NONCE = 9n

/** Signs with `privateKey` at its current nonce on the chain `rpc` talks to, and sends it. */
export async function sendSigned(
  { call }: Rpc,
  chainId: number,
  privateKey: string,
  from: Address,
  fields: { to?: Address; data?: Uint8Array; value?: bigint; gasLimit?: bigint; nonce?: bigint },
): Promise<string> {
  const nonce = fields.nonce ?? BigInt(await call<string>('eth_getTransactionCount', [from, 'pending']))
  const gasPrice = BigInt(await call<string>('eth_gasPrice'))
  const tx = signTransaction(
    {
      nonce,
      gasPrice,
      gasLimit: fields.gasLimit ?? 100_000n,
      to: fields.to,
      value: fields.value ?? 0n,
      data: fields.data ?? new Uint8Array(0),
    },
    hexToBytes(privateKey),
    chainId,
  )
  return call<string>('eth_sendRawTransaction', [bytesToHex(tx.raw)])
}

/**
 * Upstream: dev account #0 sends `DEV0_UPSTREAM_NONCE` plain transfers (no contract, ever), each
 * with its own nonce and each waited for mined. An upstream that mines after answering the send
 * (Anvil) would otherwise leave the last transfer out of the block the caller forks at, or give
 * the next send a stale pending nonce and so an identical transaction it accepts as already known.
 */
export async function useDev0Upstream(rpc: Rpc, chainId: number): Promise<void> {
  const first = BigInt(await rpc.call<string>('eth_getTransactionCount', [dev0.address, 'latest']))
  for (let i = 0n; i < DEV0_UPSTREAM_NONCE; i++) {
    const hash = await sendSigned(rpc, chainId, dev0.privateKey, dev0.address, {
      to: bob,
      value: 1n,
      gasLimit: 21_000n,
      nonce: first + i,
    })
    const receipt = await receiptOf(rpc, hash)
    if (receipt?.status !== '0x1')
      throw new Error(`upstream transfer ${first + i} of dev account #0 was not mined`)
  }
}

/** A tiny contract's creation code: deploys one STOP byte. */
const CREATE_ONE_BYTE = hexToBytes('0x6001600c60003960016000f300')

/**
 * On a fork: dev account #0 is funded as a dev account but keeps the upstream's nonce and code; a
 * raw creation signed with that nonce is mined and lands where the upstream would put it.
 */
export async function expectDev0KeepsUpstreamNonce(rpc: Rpc, chainId: number): Promise<void> {
  const nonceHex = `0x${DEV0_UPSTREAM_NONCE.toString(16)}`
  expect(await rpc.call('eth_getTransactionCount', [dev0.address, 'latest'])).toBe(nonceHex)
  expect(await rpc.call('eth_getCode', [dev0.address, 'latest'])).toBe('0x')
  expect(BigInt(await rpc.call<string>('eth_getBalance', [dev0.address, 'latest']))).toBe(MNEMONIC_BALANCE)
  const hash = await sendSigned(rpc, chainId, dev0.privateKey, dev0.address, {
    data: CREATE_ONE_BYTE,
    nonce: DEV0_UPSTREAM_NONCE,
    gasLimit: 200_000n,
  })
  const receipt = await receiptOf(rpc, hash)
  expect(receipt.status).toBe('0x1')
  expect(receipt.contractAddress).toBe(contractAddress(dev0.address, DEV0_UPSTREAM_NONCE))
  expect(await rpc.call('eth_getCode', [receipt.contractAddress, 'latest'])).toBe('0x00')
}
