/** External merged mining: the `mnr_*` module and Ethereum-style `eth_getWork` / `eth_submitWork`. */
import type { MethodDefinition } from '../defineMethod.js'
import { eth_getWork } from './eth/eth_getWork.js'
import { eth_submitWork } from './eth/eth_submitWork.js'
import { mnr_getWork } from './mnr/mnr_getWork.js'
import { mnr_submitBitcoinBlock } from './mnr/mnr_submitBitcoinBlock.js'
import { mnr_submitBitcoinBlockPartialMerkle } from './mnr/mnr_submitBitcoinBlockPartialMerkle.js'
import { mnr_submitBitcoinBlockTransactions } from './mnr/mnr_submitBitcoinBlockTransactions.js'

export const MINING_METHODS: readonly MethodDefinition[] = [
  mnr_getWork,
  mnr_submitBitcoinBlock,
  mnr_submitBitcoinBlockTransactions,
  mnr_submitBitcoinBlockPartialMerkle,
  eth_getWork,
  eth_submitWork,
]
