import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { given, parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'
import { scriptOfAddress } from './common.js'

/** More blocks than this in one call is refused: each is a state edit the node keeps. */
export const MAX_BLOCKS_PER_CALL = 1000

/**
 * Mines `nblocks` blocks (the first takes the mempool) paying `address`, then lets the node react
 * (with RSK automine, one RSK block, so the federation feeds the Bridge's light client).
 */
export const generatetoaddress = defineBitcoind({
  name: 'generatetoaddress',
  args: [
    { name: 'nblocks', type: 'number' },
    { name: 'address', type: 'string' },
    { name: 'maxtries', type: 'number', optional: true },
  ],
  async run(context, [nblocks, address, maxtries]) {
    const count = parseInteger(nblocks, 'nblocks')
    if (given(maxtries)) parseInteger(maxtries, 'maxtries')
    if (count < 0 || count > MAX_BLOCKS_PER_CALL) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, `nblocks must be between 0 and ${MAX_BLOCKS_PER_CALL}`)
    }
    const script = scriptOfAddress(context.read(), address, 'Error: Invalid address')
    const mined = await context.edit((chain) => chain.mine(count, script))
    if (mined.length > 0) await context.afterBitcoinBlocks()
    return mined.map((block) => bytesToUnprefixedHex(block.hash))
  },
})
