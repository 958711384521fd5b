/**
 * One keystore per chain engine, opened on first use from the engine's store and clock, so the
 * RPC methods reach it through `context.engine` without a new field in the engine. A chain reset
 * wipes the store; the keystore writes its records back, since accounts outlive a chain reset
 * (as they do in Hardhat and Anvil).
 */
import { DEV_ACCOUNTS } from '../../accounts/devAccounts.js'
import { hexToBytes } from '../../util/hex.js'
import type { Engine } from '../engine/engine.js'
import { NodeKeystore } from './nodeKeystore.js'

const keystores = new WeakMap<Engine, Promise<NodeKeystore>>()

export function keystoreOf(engine: Engine): Promise<NodeKeystore> {
  let keystore = keystores.get(engine)
  if (!keystore) {
    keystore = NodeKeystore.open({
      kv: engine.kv,
      clock: engine.clock,
      builtIn: DEV_ACCOUNTS.map((a) => ({ address: a.address, privateKey: hexToBytes(a.privateKey) })),
    })
    keystores.set(engine, keystore)
    const opened = keystore
    engine.on((event) => {
      if (event.type === 'reset') void opened.then((k) => k.persistAll())
    })
  }
  return keystore
}
