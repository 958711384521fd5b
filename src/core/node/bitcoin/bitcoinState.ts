/**
 * The simulated Bitcoin chain as the world state holds it: a `BitcoinChain` over the storage of
 * `BITCOIN_CHAIN_ADDRESS` (reads see the state given, dev edits included), the federation's
 * settings kept beside it, and a slot buffer that collects a change before it is committed
 * (`chainEdits.ts`). Knows nothing of the engine, so the block builder's federation may use it.
 */
import { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import { slotBtcStore } from '../../bitcoin/chain/store.js'
import type { StateReader } from '../../evm/types.js'
import { BITCOIN_CHAIN_ADDRESS, type NetworkName } from '../../network/networks.js'
import type { SlotWriter } from '../../state/slotBlobs.js'

/** Storage slots of one account read from `state`, with writes kept aside until committed. */
export class BufferedSlots implements SlotWriter {
  readonly writes = new Map<bigint, bigint>()
  constructor(
    private readonly state: StateReader,
    private readonly address = BITCOIN_CHAIN_ADDRESS,
  ) {}

  getStorage(slot: bigint): bigint {
    return this.writes.get(slot) ?? this.state.getStorage(this.address, slot)
  }

  setStorage(slot: bigint, value: bigint): void {
    this.writes.set(slot, value)
  }
}

function readOnlySlots(state: StateReader): SlotWriter {
  return {
    getStorage: (slot) => state.getStorage(BITCOIN_CHAIN_ADDRESS, slot),
    setStorage: () => {
      throw new Error('the Bitcoin chain was opened read-only')
    },
  }
}

/** A read-only view of the Bitcoin chain as of `state` (a write is a bug and throws). */
export function readBitcoinChain(network: NetworkName, state: StateReader): BitcoinChain {
  return new BitcoinChain(slotBtcStore(readOnlySlots(state)), network)
}

/** How the simulated federation behaves; kept with the Bitcoin chain, so snapshots revert it too. */
export interface FederationSettings {
  /**
   * Register peg-ins by itself, as RSKj's PowPeg nodes do (default). Off for tests that register
   * a peg-in by hand (`registerBtcTransaction` with their own proof).
   */
  autoRegisterPegins: boolean
}

export const FEDERATION_SETTINGS_KEY = 'node:federation'

export function federationSettings(state: StateReader): FederationSettings {
  const stored = slotBtcStore(readOnlySlots(state)).get(FEDERATION_SETTINGS_KEY)
  return { autoRegisterPegins: stored === undefined || ((stored[0] ?? 1) & 1) === 1 }
}
