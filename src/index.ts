/**
 * rsk-devnode as a library: a simulated Rootstock node for Node.js and for pages that embed it
 * without the extension.
 *
 * ```ts
 * import { createNode, createProvider, createMemoryStore } from 'rsk-devnode'
 * const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
 * const provider = createProvider(node) // EIP-1193: ethers, viem, web3.js take it as is
 * ```
 */

export type { Clock } from './core/clock/clock.js'
export { createManualClock, systemClock } from './core/clock/clock.js'
// The node
export {
  type CreateNodeParameters,
  type CreateNodeReturnType,
  createNode,
  type DevNode,
  type NodeEventListener,
  type NodeEventMap,
  type NodeEventName,
} from './core/createNode.js'
// Networks and profiles
export {
  NETWORK_BY_CHAIN_ID,
  NETWORKS,
  type NetworkConfig,
  type NetworkName,
} from './core/network/networks.js'
export { DEFAULT_PROFILE, PROFILES, type Profile, type ProfileName } from './core/network/profiles.js'
export { CLIENT_NAME, CLIENT_VERSION } from './core/rpc/clientVersion.js'
export type { ClientInfo, Platform } from './core/rpc/context.js'
export type { RequestRecord } from './core/rpc/dispatch.js'
export { MAX_BATCH_SIZE } from './core/rpc/dispatch.js'
// JSON-RPC wire types and errors, for transports built on `node.request`
export type {
  DispatchResult,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
} from './core/rpc/envelope.js'
export { RpcError, type RpcErrorObject } from './core/rpc/errors/base.js'
export {
  ChainDisconnectedError,
  DisconnectedError,
  UnauthorizedError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './core/rpc/errors/provider.js'
export { ExecutionRevertedError } from './core/rpc/errors/revert.js'
export {
  FilterNotFoundError,
  InternalError,
  InvalidParamsError,
  InvalidRequestError,
  LogsLimitError,
  MethodNotAvailableError,
  MethodNotFoundError,
  MiningSubmitError,
  ParseError,
  RpcLimitError,
  ServerError,
  TransactionNotMinedError,
  TransactionRejectedError,
  WalletDisabledError,
} from './core/rpc/errors/rpc.js'
export type { MethodEntry, MethodRegistry, MethodStatus } from './core/rpc/registry.js'
export { type CreateIndexedDbStoreParameters, createIndexedDbStore } from './core/storage/indexedDbStore.js'
export { createMemoryStore } from './core/storage/memoryStore.js'
// Storage
export type { KeyValueStore, KvOperation, KvRange } from './core/storage/types.js'
// The EIP-1193 adapter
export {
  type CreateProviderReturnType,
  createProvider,
  type Eip1193Provider,
  type ProviderConnectInfo,
  type ProviderEventMap,
  type ProviderEventName,
  type ProviderMessage,
  type RequestArguments,
} from './provider/createProvider.js'
export { ProviderRpcError } from './provider/providerRpcError.js'
