/**
 * Changes to the simulated Bitcoin chain made outside a block (mining Bitcoin blocks, sending
 * Bitcoin transactions, federation settings from dev methods): one state edit of
 * `BITCOIN_CHAIN_ADDRESS` under the engine's mutex, committed and persisted in one atomic batch
 * like `anvil_setStorageAt`, so snapshots revert it and restarts keep it.
 */
import { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import { slotBtcStore } from '../../bitcoin/chain/store.js'
import { KECCAK256_EMPTY } from '../../crypto/hash.js'
import type { StateDiff } from '../../evm/types.js'
import { BITCOIN_CHAIN_ADDRESS } from '../../network/networks.js'
import type { Engine } from '../engine/engine.js'
import { BufferedSlots, FEDERATION_SETTINGS_KEY, type FederationSettings } from './bitcoinState.js'

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

async function commitSlots(engine: Engine, slots: BufferedSlots): Promise<void> {
  const current = engine.state.getAccount(BITCOIN_CHAIN_ADDRESS)
  const diff: StateDiff = new Map([
    [
      BITCOIN_CHAIN_ADDRESS,
      {
        account: {
          nonce: current?.nonce ?? 0n,
          balance: current?.balance ?? 0n,
          codeHash: current?.codeHash ?? KECCAK256_EMPTY,
        },
        storage: slots.writes,
      },
    ],
  ])
  try {
    engine.state.applyDiff(diff)
    const { writes } = await engine.state.commit()
    await engine.kv.batch(writes)
    engine.state.nodes.saved()
  } catch (error) {
    // The batch is all or nothing: bring memory back to what is stored.
    await engine.reloadState()
    throw error
  }
}
