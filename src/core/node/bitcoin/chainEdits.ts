/**
 * Changes to the simulated Bitcoin chain made outside a block (mining Bitcoin blocks, sending
 * Bitcoin transactions, federation settings from dev methods): one state edit of
 * `BITCOIN_CHAIN_ADDRESS` under the engine's mutex, committed and persisted in one atomic batch
 * like `anvil_setStorageAt`, so snapshots revert it and restarts keep it.
 */
import { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import { slotBtcStore } from '../../bitcoin/chain/store.js'
import type { Engine } from '../engine/engine.js'
import {
  BITCOIN_MINING_KEY,
  type BitcoinMiningSettings,
  BufferedSlots,
  bitcoinSlotsDiff,
  encodeBitcoinMiningSettings,
  FEDERATION_SETTINGS_KEY,
  type FederationSettings,
} from './bitcoinState.js'

/**
 * Runs `change` on the Bitcoin chain of the latest state under the engine's mutex and commits
 * what it wrote as one state edit. A change that throws writes nothing.
 */
export function editBitcoinChain<T>(engine: Engine, change: (chain: BitcoinChain) => T): Promise<T> {
  return engine.mutex.run(async () => {
    const slots = new BufferedSlots(engine.state)
    const result = change(new BitcoinChain(slotBtcStore(slots), engine.network.name))
    if (slots.writes.size > 0) await commitSlots(engine, slots)
    return result
  })
}

export function setFederationSettings(engine: Engine, settings: FederationSettings): Promise<void> {
  return engine.mutex.run(async () => {
    const slots = new BufferedSlots(engine.state)
    slotBtcStore(slots).put(FEDERATION_SETTINGS_KEY, Uint8Array.of(settings.autoRegisterPegins ? 1 : 0))
    await commitSlots(engine, slots)
  })
}

function commitSlots(engine: Engine, slots: BufferedSlots): Promise<void> {
  return engine.commitEdit(bitcoinSlotsDiff(engine.state, slots.writes))
}

/** `btc_setMining`: how the Bitcoin chain is mined besides the dev methods (kept with the chain). */
export function setBitcoinMining(engine: Engine, settings: BitcoinMiningSettings): Promise<void> {
  return engine.mutex.run(async () => {
    const slots = new BufferedSlots(engine.state)
    slotBtcStore(slots).put(BITCOIN_MINING_KEY, encodeBitcoinMiningSettings(settings))
    await commitSlots(engine, slots)
  })
}
