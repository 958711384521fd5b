/** The genesis state: funded accounts, optionally with code and storage (RSKj's `alloc`). */
import { KECCAK256_EMPTY } from '../crypto/hash.js'
import type { AccountDiff, StateDiff } from '../evm/types.js'
import type { KeyValueStore } from '../storage/types.js'
import { initFastKeccak, keccak256 } from '../trie/keccak.js'
import type { Address } from '../util/hex.js'
import { type StateCommitResult, WorldState } from './worldState.js'

export interface GenesisAllocation {
  balance: bigint
  nonce?: bigint
  code?: Uint8Array
  storage?: ReadonlyMap<bigint, bigint>
}

export type GenesisAllocations = ReadonlyMap<Address, GenesisAllocation>

export interface CreateGenesisStateParameters {
  /** The store the state will live in (for later loads); the writes are still returned, not written. */
  kv?: KeyValueStore
}

export type CreateGenesisStateReturnType = StateCommitResult & { state: WorldState }

/** Builds and commits the genesis state; the caller writes `writes` with the genesis block. */
export async function createGenesisState(
  allocations: GenesisAllocations,
  { kv }: CreateGenesisStateParameters = {},
): Promise<CreateGenesisStateReturnType> {
  await initFastKeccak()
  const state = new WorldState({ kv })
  const diff: StateDiff = new Map()
  for (const [address, allocation] of allocations) {
    const code = allocation.code && allocation.code.length > 0 ? allocation.code : undefined
    const change: AccountDiff = {
      account: {
        nonce: allocation.nonce ?? 0n,
        balance: allocation.balance,
        codeHash: code ? keccak256(code) : KECCAK256_EMPTY,
      },
      storage: new Map(allocation.storage ?? []),
    }
    if (code) change.code = code
    diff.set(address.toLowerCase() as Address, change)
  }
  state.applyDiff(diff)
  const { stateRoot, stateAt, writes } = await state.commit({ forBlock: true })
  return { state, stateRoot, stateAt, writes }
}
