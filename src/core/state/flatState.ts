/** The latest state as flat maps in memory: what `load.ts` reads from the store and `reset.ts` moves. */
import type { Address } from '../util/hex.js'
import type { StateAccount } from './account.js'

export interface FlatState {
  accounts: Map<Address, StateAccount>
  storage: Map<Address, Map<bigint, bigint>>
  codes: Map<string, Uint8Array>
}
