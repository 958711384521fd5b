/**
 * After Bitcoin blocks are mined by a dev method: with automine on, one RSK block is mined too, so
 * the federation's transactions in it feed the Bridge's light client (and register peg-ins) at once,
 * as a developer expects of an automining node. Without automine they go in the next block mined.
 */
import type { Engine } from '../../node/engine/engine.js'

export async function afterBitcoinBlocks(engine: Engine): Promise<void> {
  if (engine.settings.mining.type === 'auto') await engine.mine(1)
}
