/** An upstream chain with an ERC-20 and a many-slot contract, and forks of it. */
import { decodeFunctionResult, encodeDeployData, encodeFunctionData } from 'viem'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { signTransaction } from '../../src/core/chain/transaction.js'
import type { DevNode } from '../../src/core/createNode.js'
import type {
  UpstreamRequest,
  UpstreamResponse,
  UpstreamTransport,
} from '../../src/core/fork/upstreamClient.js'
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
  { call }: Rpc,
  chainId: number,
  fields: { to?: Address; data?: Uint8Array; value?: bigint; gasLimit?: bigint },
): Promise<string> {
  const nonce = BigInt(await call<string>('eth_getTransactionCount', [holder, 'latest']))
  const gasPrice = BigInt(await call<string>('eth_gasPrice'))
  const tx = signTransaction(
    {
      nonce,
      gasPrice,
      gasLimit: fields.gasLimit ?? 3_000_000n,
      to: fields.to,
      value: fields.value ?? 0n,
      data: fields.data ?? new Uint8Array(0),
    },
    hexToBytes(cow.privateKey),
    chainId,
  )
  return call<string>('eth_sendRawTransaction', [bytesToHex(tx.raw)])
}

export async function receiptOf({ call }: Rpc, hash: string) {
  return call<Record<string, string>>('eth_getTransactionReceipt', [hash])
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
