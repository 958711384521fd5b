/** Small chain-state calls tooling polls: tips, difficulty, peers, mining. */
import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { defineBitcoind } from '../context.js'
import { difficulty } from '../views.js'
import { chainName } from './common.js'

const REGTEST_DIFFICULTY = difficulty(0x207fffff)

export const getchaintips = defineBitcoind({
  name: 'getchaintips',
  args: [],
  run(context) {
    const chain = context.read()
    return [
      {
        height: chain.bestHeight(),
        hash: bytesToUnprefixedHex(chain.bestHash()),
        branchlen: 0,
        status: 'active',
      },
    ]
  },
})

export const getdifficulty = defineBitcoind({
  name: 'getdifficulty',
  args: [],
  run: () => REGTEST_DIFFICULTY,
})

export const getconnectioncount = defineBitcoind({ name: 'getconnectioncount', args: [], run: () => 0 })

export const getmininginfo = defineBitcoind({
  name: 'getmininginfo',
  args: [],
  run(context) {
    const chain = context.read()
    return {
      blocks: chain.bestHeight(),
      difficulty: REGTEST_DIFFICULTY,
      networkhashps: 0,
      pooledtx: chain.mempool().length,
      chain: chainName(chain),
      warnings: '',
    }
  },
})
