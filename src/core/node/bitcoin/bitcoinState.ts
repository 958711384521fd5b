/**
 * The simulated Bitcoin chain as the world state holds it: a `BitcoinChain` over the storage of
 * `BITCOIN_CHAIN_ADDRESS` (reads see the state given, dev edits included), the federation's
 * settings kept beside it, and a slot buffer that collects a change before it is committed
 * (`chainEdits.ts`). Knows nothing of the engine, so the block builder's federation may use it.
 */
import { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import { slotBtcStore } from '../../bitcoin/chain/store.js'
import { KECCAK256_EMPTY } from '../../crypto/hash.js'
import type { StateDiff, StateReader } from '../../evm/types.js'
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

/** How the simulated Bitcoin chain is mined besides the dev methods. */
export interface BitcoinMiningSettings {
  /** Mine one Bitcoin block before every `followRskEvery`-th RSK block the node mines; 0: only on demand. */
  followRskEvery: number
}

export const BITCOIN_MINING_KEY = 'node:mining'

export function bitcoinMiningSettings(state: StateReader): BitcoinMiningSettings {
  const stored = slotBtcStore(readOnlySlots(state)).get(BITCOIN_MINING_KEY)
  if (!stored || stored.length < 4) return { followRskEvery: 0 }
  return { followRskEvery: new DataView(stored.buffer, stored.byteOffset).getUint32(0) }
}

export function encodeBitcoinMiningSettings(settings: BitcoinMiningSettings): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, settings.followRskEvery)
  return out
}

/**
 * When the chain follows the RSK chain and block `nextBlockNumber` is due a Bitcoin block: the
 * storage writes that mine it (the engine commits them as an edit just before the block, so the
 * block's replays start from them). Undefined when no Bitcoin block is due.
 */
export function followRskWrites(
  network: NetworkName,
  state: StateReader,
  nextBlockNumber: bigint,
): Map<bigint, bigint> | undefined {
  const { followRskEvery } = bitcoinMiningSettings(state)
  if (followRskEvery === 0 || nextBlockNumber % BigInt(followRskEvery) !== 0n) return undefined
  const slots = new BufferedSlots(state)
  new BitcoinChain(slotBtcStore(slots), network).mine(1)
  return slots.writes
}

/** The state diff that writes `writes` into the Bitcoin chain's account, keeping the account. */
export function bitcoinSlotsDiff(state: StateReader, writes: Map<bigint, bigint>): StateDiff {
  const current = state.getAccount(BITCOIN_CHAIN_ADDRESS)
  return new Map([
    [
      BITCOIN_CHAIN_ADDRESS,
      {
        account: {
          nonce: current?.nonce ?? 0n,
          balance: current?.balance ?? 0n,
          codeHash: current?.codeHash ?? KECCAK256_EMPTY,
        },
        storage: writes,
      },
    ],
  ])
}
