/**
 * `createProvider(node)`: an EIP-1193 provider over an in-process node, for Node.js scripts,
 * tests and pages that embed the node without the extension. Libraries take it as is:
 * `new BrowserProvider(provider)` (ethers), `custom(provider)` (viem), `new Web3(provider)`.
 * It holds no state of its own (no caching: every call goes to the node) and adds no wallet.
 */
import type { DevNode, NodeEventMap } from '../core/createNode.js'
import type { JsonRpcResponse } from '../core/rpc/envelope.js'
import { ProviderRpcError } from './providerRpcError.js'

export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object
}

export interface ProviderConnectInfo {
  readonly chainId: string
}

export interface ProviderMessage {
  readonly type: string
  readonly data: unknown
}

/** EIP-1193 events this provider emits. */
export interface ProviderEventMap {
  connect: ProviderConnectInfo
  disconnect: ProviderRpcError
  message: ProviderMessage
  chainChanged: string
  accountsChanged: string[]
}

export type ProviderEventName = keyof ProviderEventMap
type Listener<E extends ProviderEventName> = (payload: ProviderEventMap[E]) => void

export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>
  on<E extends ProviderEventName>(event: E, listener: Listener<E>): Eip1193Provider
  removeListener<E extends ProviderEventName>(event: E, listener: Listener<E>): Eip1193Provider
  /** True until the node is closed. */
  isConnected(): boolean
}

export type CreateProviderReturnType = Eip1193Provider

export function createProvider(node: DevNode): CreateProviderReturnType {
  const listeners = new Map<ProviderEventName, Set<(payload: never) => void>>()
  let nextId = 1
  let connected = true
  const chainId = `0x${node.network.chainId.toString(16)}`

  function emit<E extends ProviderEventName>(event: E, payload: ProviderEventMap[E]): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as Listener<E>)(payload)
      } catch {
        // One listener's failure must not stop the others (EventEmitter semantics minus the crash).
      }
    }
  }

  node.on('message', (message: NodeEventMap['message']) => emit('message', message))
  node.on('close', () => {
    if (!connected) return
    connected = false
    emit('disconnect', new ProviderRpcError(4900, 'The Provider is disconnected from all chains.'))
  })

  const provider: Eip1193Provider = {
    // A native async function: web3.js tells EIP-1193 providers apart by `AsyncFunction`.
    async request(args: RequestArguments): Promise<unknown> {
      if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        throw new ProviderRpcError(-32600, 'Expected a single, non-array, object argument.')
      }
      const { method, params } = args
      if (typeof method !== 'string' || method.length === 0) {
        throw new ProviderRpcError(-32600, "'args.method' must be a non-empty string.")
      }
      if (params !== undefined && (typeof params !== 'object' || params === null)) {
        throw new ProviderRpcError(-32600, "'args.params' must be an object or array if provided.")
      }
      const response = (await node.request({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] })) as
        | JsonRpcResponse
        | undefined
      if (!response) throw new ProviderRpcError(-32603, 'Internal error: the node gave no response')
      if ('error' in response)
        throw new ProviderRpcError(response.error.code, response.error.message, response.error.data)
      return response.result
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: never) => void)
      listeners.set(event, set)
      // An in-process node is connected from the start, so there is no moment to announce it to
      // everyone at once: each `connect` listener hears it once, right after subscribing.
      if (event === 'connect' && connected) {
        queueMicrotask(() => {
          if (connected && set.has(listener as (payload: never) => void)) {
            ;(listener as Listener<'connect'>)({ chainId })
          }
        })
      }
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void)
      return provider
    },
    isConnected: () => connected,
  }
  return provider
}
