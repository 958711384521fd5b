/**
 * The `btc_*` dev methods: the simulated Bitcoin chain beside each network's RSK chain and the
 * two-way peg through it (docs/bridge.md). Not RSKj's and not Anvil's: our own namespace.
 */
import type { MethodDefinition } from '../defineMethod.js'
import { btc_fund } from './btc/btc_fund.js'
import { btc_getAddresses } from './btc/btc_getAddresses.js'
import { btc_getBalance } from './btc/btc_getBalance.js'
import { btc_getBlock } from './btc/btc_getBlock.js'
import { btc_getBlocks } from './btc/btc_getBlocks.js'
import { btc_getInfo } from './btc/btc_getInfo.js'
import { btc_getMempool } from './btc/btc_getMempool.js'
import { btc_getPegs } from './btc/btc_getPegs.js'
import { btc_getTransaction } from './btc/btc_getTransaction.js'
import { btc_mine } from './btc/btc_mine.js'
import { btc_pegIn } from './btc/btc_pegIn.js'
import { btc_pegOut } from './btc/btc_pegOut.js'
import { btc_sendRawTransaction } from './btc/btc_sendRawTransaction.js'
import { btc_sendTransaction } from './btc/btc_sendTransaction.js'
import { btc_setFederation } from './btc/btc_setFederation.js'
import { btc_setMining } from './btc/btc_setMining.js'

export const BTC_METHODS: readonly MethodDefinition[] = [
  btc_getInfo,
  btc_getBlocks,
  btc_getBlock,
  btc_getTransaction,
  btc_getMempool,
  btc_getBalance,
  btc_getAddresses,
  btc_getPegs,
  btc_fund,
  btc_sendRawTransaction,
  btc_sendTransaction,
  btc_mine,
  btc_pegIn,
  btc_pegOut,
  btc_setFederation,
  btc_setMining,
]
