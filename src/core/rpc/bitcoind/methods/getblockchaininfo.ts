import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { defineBitcoind } from '../context.js'
import { chainWorkHex, difficulty, medianTime } from '../views.js'
import { chainName } from './common.js'

export const getblockchaininfo = defineBitcoind({
  name: 'getblockchaininfo',
  args: [],
  run(context) {
    const chain = context.read()
    const height = chain.bestHeight()
    const tip = chain.blockByHeight(height)
    const header = tip?.block.header
    return {
      chain: chainName(chain),
      blocks: height,
      headers: height,
      bestblockhash: bytesToUnprefixedHex(chain.bestHash()),
      difficulty: header ? difficulty(header.bits) : 0,
      time: header?.time ?? 0,
      mediantime: medianTime(chain, height),
      verificationprogress: 1,
      initialblockdownload: false,
      chainwork: header ? chainWorkHex(height, header.bits) : '0'.repeat(64),
      size_on_disk: 0,
      pruned: false,
      warnings: '',
    }
  },
})
