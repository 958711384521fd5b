/** The methods backed by the chain engine (issue "chain engine": the RPC core of a chain). */
import type { MethodDefinition } from '../defineMethod.js'
import { eth_blockNumber } from './eth/eth_blockNumber.js'
import { eth_call } from './eth/eth_call.js'
import { eth_estimateGas } from './eth/eth_estimateGas.js'
import { eth_gasPrice } from './eth/eth_gasPrice.js'
import { eth_getBalance } from './eth/eth_getBalance.js'
import { eth_getBlockByHash } from './eth/eth_getBlockByHash.js'
import { eth_getBlockByNumber } from './eth/eth_getBlockByNumber.js'
import { eth_getCode } from './eth/eth_getCode.js'
import { eth_getLogs } from './eth/eth_getLogs.js'
import { eth_getStorageAt } from './eth/eth_getStorageAt.js'
import { eth_getTransactionByHash } from './eth/eth_getTransactionByHash.js'
import { eth_getTransactionCount } from './eth/eth_getTransactionCount.js'
import { eth_getTransactionReceipt } from './eth/eth_getTransactionReceipt.js'
import { eth_sendRawTransaction } from './eth/eth_sendRawTransaction.js'

export const CHAIN_METHODS: readonly MethodDefinition[] = [
  eth_blockNumber,
  eth_getBalance,
  eth_getCode,
  eth_getStorageAt,
  eth_getTransactionCount,
  eth_sendRawTransaction,
  eth_call,
  eth_estimateGas,
  eth_gasPrice,
  eth_getBlockByNumber,
  eth_getBlockByHash,
  eth_getTransactionByHash,
  eth_getTransactionReceipt,
  eth_getLogs,
]
