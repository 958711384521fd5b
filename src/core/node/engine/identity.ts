/**
 * The instance id of a chain (anvil_metadata `instanceId`): 32 random bytes created on first
 * use and stored under `keys.identity`. A reset deletes every record, so the next chain gets a
 * new id; tools compare it to tell that the node they talk to was reset.
 */
import { bytesToHex, type Hex } from '../../util/hex.js'
import type { Engine } from './engine.js'
import { keys } from './keys.js'

export async function instanceId(engine: Engine): Promise<Hex> {
  const stored = await engine.kv.get(keys.identity)
  if (stored?.length === 32) return bytesToHex(stored)
  const id = engine.random(32)
  await engine.kv.put(keys.identity, id)
  return bytesToHex(id)
}
