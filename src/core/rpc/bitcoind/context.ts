/**
 * What a bitcoind method sees: the simulated Bitcoin chain to read (the latest state) or to change
 * (one atomic state edit under the engine's mutex), and the hook the node runs after Bitcoin blocks
 * were mined (one RSK block with automine on, so the federation feeds the Bridge's light client).
 */
import type { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import type { Engine } from '../../node/engine/engine.js'
import type { ArgSpec } from './args.js'

export interface BitcoindAccess {
  engine: Engine
  /**
   * Run after `generatetoaddress` mined. Default: what the `btc_*` dev methods do (one RSK block
   * when automine is on, so the federation feeds the Bridge's light client).
   */
  afterBitcoinBlocks?: () => Promise<void>
}

export interface BitcoindContext {
  afterBitcoinBlocks(): Promise<void>
  /** The chain as of the latest state (read-only). */
  read(): BitcoinChain
  /** Runs `change` on the chain and commits what it wrote as one state edit. */
  edit<T>(change: (chain: BitcoinChain) => T): Promise<T>
}

export interface BitcoindMethod {
  name: string
  args: readonly ArgSpec[]
  /** Parameters are positional, counted and type-checked; omitted optional ones are null or absent. */
  run(context: BitcoindContext, params: readonly unknown[]): unknown
}

export function defineBitcoind(method: BitcoindMethod): BitcoindMethod {
  return method
}
