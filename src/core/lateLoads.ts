/**
 * What a node loads after it is ready: the elliptic curves (`crypto/curves.ts`), the WebAssembly
 * SHA-256 (`crypto/fastSha256.ts`) and the WebAssembly keccak (`crypto/hash.ts`). None is needed
 * to open the chain, and together they were a fifth of the time from `import` to the first answer.
 *
 * A request waits for them unless it is one that a dApp or tool sends first on connecting and that
 * can neither sign, recover a sender, read the state, run the EVM nor mine. Waiting also makes an
 * in-process caller (which otherwise only ever awaits resolved promises) yield to the task that
 * finishes the WebAssembly compiles, so blocks are never mined on the portable SHA-256 or keccak
 * for good.
 *
 * Beside `createNode` (the door), the one file that starts it: it decides by JSON-RPC method name.
 */
import { loadCurves } from './crypto/curves.js'
import { loadFastSha256 } from './crypto/fastSha256.js'
import { initFastKeccak } from './crypto/hash.js'

const ANSWERED_BEFORE_LATE_LOADS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_chainId',
  'net_version',
  'net_listening',
  'net_peerCount',
  'web3_clientVersion',
  'eth_syncing',
  'eth_protocolVersion',
  'rpc_modules',
])

export interface LateLoads {
  /**
   * What `method` must wait for, or undefined once everything is loaded or it needs none of it.
   * A method that needs them starts the loads if they have not started.
   */
  waitBefore(method: string): Promise<unknown> | undefined
  /** Starts the loads; later calls do nothing. */
  start(): void
}

/**
 * The loads, not started: the node starts them one host task after it is ready (`createNode`),
 * so that the first answers leave before the loads' synchronous part (hash-wasm decodes each
 * embedded binary before compiling it, ~2 ms in the extension's worker) runs. `opening` is what
 * the node still reads after it is ready (the engine's latest state, `Engine.stateReady`): the
 * same requests wait for it.
 */
export function createLateLoads(opening: Promise<unknown> = Promise.resolve()): LateLoads {
  let done = false
  let loading: Promise<void> | undefined
  const start = () => {
    loading ??= Promise.all([opening, loadCurves(), loadFastSha256(), initFastKeccak()]).then(() => {
      done = true
    })
    return loading
  }
  return {
    waitBefore: (method) => (done || ANSWERED_BEFORE_LATE_LOADS.has(method) ? undefined : start()),
    start: () => void start(),
  }
}
