/**
 * A node for the dev-method conformance tests: in-memory store, manual clock and counting
 * "random" bytes, so hashes and ids are the same on every run and inline snapshots hold.
 */
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { signTransaction } from '../../../src/core/chain/transaction.js'
import { createManualClock } from '../../../src/core/clock/clock.js'
import { createNode } from '../../../src/core/createNode.js'
import type { ProfileName } from '../../../src/core/network/profiles.js'
import { createMemoryStore } from '../../../src/core/storage/memoryStore.js'
import type { KeyValueStore } from '../../../src/core/storage/types.js'
import { type Address, bytesToHex, hexToBytes } from '../../../src/core/util/hex.js'

export interface RpcResponse {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export function countingRandom(): (length: number) => Uint8Array {
  let counter = 0
  return (length) => {
    counter++
    const out = new Uint8Array(length)
    for (let i = 0; i < length; i++) out[i] = (counter * 31 + i) & 0xff
    return out
  }
}

export interface DevChainOptions {
  profile?: ProfileName
  network?: 'regtest' | 'testnet'
  accounts?: () => Promise<readonly Address[]>
  storage?: KeyValueStore
  omitRemascTransaction?: boolean
}

export async function createDevChain({
  profile,
  network = 'regtest',
  accounts,
  storage = createMemoryStore(),
  omitRemascTransaction,
}: DevChainOptions = {}) {
  const clock = createManualClock()
  const node = await createNode({
    network,
    storage,
    clock,
    random: countingRandom(),
    ...(profile ? { profile } : {}),
    ...(accounts ? { accounts } : {}),
    ...(omitRemascTransaction ? { omitRemascTransaction } : {}),
  })
  const messages: Array<{ type: string; data: unknown }> = []
  node.on('message', (m) => messages.push(m))
  let id = 0
  const rpc = async (method: string, params: unknown[] = []) =>
    (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as RpcResponse
  const call = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    const r = await rpc(method, params)
    if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`)
    return r.result as T
  }
  const nonces = new Map<number, bigint>()
  /** Signs with cow account `from` (default 0) and sends raw; resolves to the hash. */
  const send = async (fields: {
    to?: Address
    value?: bigint
    data?: Uint8Array
    gasLimit?: bigint
    gasPrice?: bigint
    from?: number
  }) => {
    const from = fields.from ?? 0
    const nonce = nonces.get(from) ?? 0n
    nonces.set(from, nonce + 1n)
    const tx = signTransaction(
      {
        nonce,
        gasPrice: fields.gasPrice ?? node.network.minimumGasPrice,
        gasLimit: fields.gasLimit ?? 3_000_000n,
        to: fields.to,
        value: fields.value ?? 0n,
        data: fields.data ?? new Uint8Array(0),
      },
      hexToBytes(COW_ACCOUNTS[from]!.privateKey),
      node.network.chainId,
    )
    return call<string>('eth_sendRawTransaction', [bytesToHex(tx.raw)])
  }
  return { node, clock, rpc, call, send, messages }
}

/** The exact wire JSON, key order included (inline snapshots of objects would sort the keys). */
export function json(value: unknown): string {
  return JSON.stringify(value, null, 2)
}
