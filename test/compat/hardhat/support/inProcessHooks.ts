/**
 * The `network.onRequest` handler behind the in-process plugin. Hardhat's plugins run outside
 * its built-in request handlers, so the two things those do for an HTTP node and a suite relies
 * on are done here the same way: an `eth_sendTransaction` without `gas` gets the node's
 * `eth_estimateGas`, and one without `from` gets the node's first account.
 */
import type { NetworkHooks } from 'hardhat/types/hooks'
import type { JsonRpcRequest, JsonRpcResponse } from 'hardhat/types/providers'
import { inProcessNode } from './devnode.js'

type Node = Awaited<ReturnType<typeof inProcessNode>>
type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

async function ask(node: Node, method: string, params: unknown[]): Promise<Answer> {
  return (await node.request({ jsonrpc: '2.0', id: 0, method, params })) as Answer
}

/**
 * The request to send, or the answer when the estimate failed: as Hardhat's automatic gas
 * handler does, the estimate's error (a revert with its data) is the answer to the send.
 */
async function completeTransaction(node: Node, request: JsonRpcRequest): Promise<JsonRpcRequest | Answer> {
  if (request.method !== 'eth_sendTransaction' || !Array.isArray(request.params)) return request
  const tx = { ...(request.params[0] as Record<string, unknown>) }
  if (tx.from === undefined) tx.from = ((await ask(node, 'eth_accounts', [])).result as string[])[0]
  if (tx.gas === undefined) {
    const estimate = await ask(node, 'eth_estimateGas', [tx])
    if (estimate.error) return estimate
    tx.gas = estimate.result
  }
  return { ...request, params: [tx, ...request.params.slice(1)] }
}

export default async (): Promise<Partial<NetworkHooks>> => ({
  async onRequest(context, connection, request, next) {
    if (connection.networkName !== 'inprocess') return next(context, connection, request)
    const node = await inProcessNode()
    const completed = await completeTransaction(node, request)
    if (!('method' in completed)) return { jsonrpc: '2.0', id: request.id, ...completed } as JsonRpcResponse
    return (await node.request(completed)) as JsonRpcResponse
  },
})
