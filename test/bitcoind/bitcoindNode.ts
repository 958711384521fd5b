/** A regtest node in memory, driven through its bitcoind-compatible RPC (`bitcoinRequest`). */
import { createNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'

export interface BitcoindError {
  code: number
  message: string
}

export async function createBitcoindNode() {
  const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
  const internalErrors: unknown[] = []
  node.on('internalError', (error) => internalErrors.push(error))
  const rpc = { request: (json: unknown) => node.bitcoinRequest(json) }
  let id = 0
  /** The answer of one legacy (1.0) call. */
  const send = async (method: string, ...params: unknown[]) =>
    (await rpc.request({ id: ++id, method, params })) as {
      result: unknown
      error: BitcoindError | null
      id: number
    }
  /** The result of a call that must succeed. */
  const call = async <T = unknown>(method: string, ...params: unknown[]): Promise<T> => {
    const answer = await send(method, ...params)
    if (answer.error) throw new Error(`${method} failed: ${answer.error.code} ${answer.error.message}`)
    return answer.result as T
  }
  /** The error of a call that must fail. */
  const fail = async (method: string, ...params: unknown[]): Promise<BitcoindError> => {
    const answer = await send(method, ...params)
    if (!answer.error) throw new Error(`${method} succeeded: ${JSON.stringify(answer.result)}`)
    return answer.error
  }
  return { node, rpc, call, fail, internalErrors }
}
