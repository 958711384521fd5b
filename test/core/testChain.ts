/** A node on an in-memory store with helpers to call methods and send signed transactions. */
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { signTransaction } from '../../src/core/chain/transaction.js'
import { createManualClock } from '../../src/core/clock/clock.js'
import { createNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { type Address, bytesToHex, hexToBytes } from '../../src/core/util/hex.js'

const cow = COW_ACCOUNTS[0]!

export interface RpcResponse {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export async function createTestChain(network: 'testnet' | 'regtest' = 'regtest') {
  const node = await createNode({ network, storage: createMemoryStore(), clock: createManualClock() })
  let id = 0
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as RpcResponse
    return response
  }
  const call = async (method: string, params: unknown[] = []) => {
    const r = await rpc(method, params)
    if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`)
    return r.result as never
  }
  let nonce = 0n
  const send = async (fields: { to?: Address; value?: bigint; data?: Uint8Array; gasLimit?: bigint }) => {
    const tx = signTransaction(
      {
        nonce: nonce++,
        gasPrice: node.network.minimumGasPrice,
        gasLimit: fields.gasLimit ?? 3_000_000n,
        to: fields.to,
        value: fields.value ?? 0n,
        data: fields.data ?? new Uint8Array(0),
      },
      hexToBytes(cow.privateKey),
      node.network.chainId,
    )
    return call('eth_sendRawTransaction', [bytesToHex(tx.raw)]) as Promise<string>
  }
  return { node, rpc, call, send }
}
