/**
 * A small stand-in for the real node, for testing the server's own layers (HTTP, apps, quotas,
 * metrics, persistence) apart from the chain engine. It answers a few methods with RSKj's error
 * shapes and keeps a "block number" in its storage, so restarts on the same data directory can
 * be observed.
 */
import type { NetworkName } from '../../src/core/network/networks.js'
import type { KeyValueStore } from '../../src/core/storage/types.js'
import type { NodeFactory, RpcNode } from '../../src/server/node/nodeHost.js'

const CHAIN_IDS: Record<NetworkName, number> = { mainnet: 30, testnet: 31, regtest: 33 }

type Json = Record<string, unknown>

function error(id: unknown, code: number, message: string): Json {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

async function answer(
  network: NetworkName,
  storage: KeyValueStore,
  request: unknown,
): Promise<Json | undefined> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return error(null, -32600, 'invalid request')
  }
  const { id = null, method, params = [] } = request as Json
  if (typeof method !== 'string') return error(id, -32600, 'invalid request')
  const result = async (): Promise<unknown> => {
    switch (method) {
      case 'eth_chainId':
        return `0x${CHAIN_IDS[network].toString(16)}`
      case 'eth_blockNumber': {
        const stored = await storage.get('head')
        return `0x${(stored ? new DataView(stored.buffer, stored.byteOffset).getUint32(0) : 0).toString(16)}`
      }
      case 'evm_mine': {
        const stored = await storage.get('head')
        const next = (stored ? new DataView(stored.buffer, stored.byteOffset).getUint32(0) : 0) + 1
        const head = new Uint8Array(4)
        new DataView(head.buffer).setUint32(0, next)
        await storage.batch([{ type: 'put', key: 'head', value: head }])
        return '0x0'
      }
      case 'web3_sha3':
        if (!Array.isArray(params) || typeof params[0] !== 'string')
          throw { code: -32602, message: 'invalid argument 0' }
        return `0x${'00'.repeat(32)}`
      default:
        throw { code: -32601, message: 'method not found' }
    }
  }
  try {
    const value = await result()
    if (id === null || id === undefined) return undefined
    return { jsonrpc: '2.0', id, result: value }
  } catch (thrown) {
    const { code, message } = thrown as { code: number; message: string }
    return error(id, code, message)
  }
}

export function fakeNode(network: NetworkName, storage: KeyValueStore): RpcNode & { requests: number } {
  const node = {
    requests: 0,
    async request(payload: unknown) {
      node.requests++
      if (typeof payload === 'string') return error(null, -32700, 'JSON parse error')
      if (Array.isArray(payload)) {
        if (payload.length === 0) return error(null, -32600, 'invalid request')
        const answers = await Promise.all(payload.map((item) => answer(network, storage, item)))
        return answers.filter((item) => item !== undefined)
      }
      return answer(network, storage, payload)
    },
    close() {},
  }
  return node
}

export const fakeNodeFactory: NodeFactory = ({ network, storage }) => fakeNode(network, storage)
