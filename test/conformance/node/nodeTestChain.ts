/**
 * A node for the conformance suite: in-memory store, manual clock (so block hashes are the same
 * on every run), a chosen profile, and `wire(method, params)` that returns the exact response
 * JSON text (field order included) with id 1.
 */
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { signTransaction, type TransactionFields } from '../../../src/core/chain/transaction.js'
import { createManualClock } from '../../../src/core/clock/clock.js'
import { createNode } from '../../../src/core/createNode.js'
import type { ProfileName } from '../../../src/core/network/profiles.js'
import { createMemoryStore } from '../../../src/core/storage/memoryStore.js'
import { bytesToHex, hexToBytes } from '../../../src/core/util/hex.js'

export const COW = COW_ACCOUNTS[0]!
export const COW1 = COW_ACCOUNTS[1]!

export interface WireResponse {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export async function createConformanceNode(
  profile: ProfileName = 'rskj',
  network: 'regtest' | 'testnet' = 'regtest',
) {
  const clock = createManualClock()
  const node = await createNode({ network, storage: createMemoryStore(), clock, profile })
  const request = async (method: string, params: unknown[] = []) =>
    (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as WireResponse
  const wire = async (method: string, params: unknown[] = []) => JSON.stringify(await request(method, params))
  const result = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await request(method, params)
    if (response.error) throw new Error(`${method}: ${response.error.code} ${response.error.message}`)
    return response.result as T
  }
  /** Signs with a dev key and sends raw; default gas price is the network minimum. */
  const sendRaw = async (
    fields: Partial<TransactionFields> & { nonce: bigint },
    privateKey = COW.privateKey,
  ) => {
    const tx = signTransaction(
      {
        gasPrice: node.network.minimumGasPrice,
        gasLimit: 100_000n,
        value: 0n,
        data: new Uint8Array(0),
        ...fields,
      },
      hexToBytes(privateKey),
      node.network.chainId,
    )
    return result<string>('eth_sendRawTransaction', [bytesToHex(tx.raw)])
  }
  return { node, clock, request, wire, result, sendRaw }
}
