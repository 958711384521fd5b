/** JSON-RPC 2.0 envelope types, as the node puts them on the wire (member order: jsonrpc, id, result|error). */
import type { RpcErrorObject } from './errors/base.js'

export type JsonRpcId = string | number | null

export interface JsonRpcRequest {
  jsonrpc?: '2.0'
  id?: JsonRpcId
  method: string
  params?: readonly unknown[]
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0'
  id: JsonRpcId
  result: unknown
}

export interface JsonRpcFailure {
  jsonrpc: '2.0'
  id: JsonRpcId
  error: RpcErrorObject
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure

/** What one `request` returns: a response, an array for a batch, nothing for notifications. */
export type DispatchResult = JsonRpcResponse | JsonRpcResponse[] | undefined

export function success(id: JsonRpcId, result: unknown): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result }
}

export function failure(id: JsonRpcId, error: RpcErrorObject): JsonRpcFailure {
  return { jsonrpc: '2.0', id, error }
}

export function isFailure(response: JsonRpcResponse): response is JsonRpcFailure {
  return 'error' in response
}
