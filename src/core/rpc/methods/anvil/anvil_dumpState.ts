/**
 * Handler for `anvil_dumpState`: the whole chain (every block, the state at head, pooled
 * transactions, settings) as a `0x` hex string of UTF-8 JSON, as Anvil answers a hex blob.
 * Feed it to `anvil_loadState` on a node of the same chain id.
 */
import { dumpChain } from '../../../node/engine/chainDump.js'
import { bytesToHex } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'

export const anvil_dumpState = defineMethod({
  name: 'anvil_dumpState',
  params: [],
  handler: async (context) => {
    const dump = await dumpChain(context.engine)
    return bytesToHex(new TextEncoder().encode(JSON.stringify(dump)))
  },
})
