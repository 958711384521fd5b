/**
 * The dev-node methods (issue 8): Anvil's names, with Hardhat / Ganache aliases declared in
 * devMethodTable.ts; signing by the node's accounts and Hardhat's own `hardhat_setPrevRandao`.
 */
import type { MethodDefinition } from '../defineMethod.js'
import { anvil_autoImpersonateAccount } from './anvil/anvil_autoImpersonateAccount.js'
import { anvil_dropTransaction } from './anvil/anvil_dropTransaction.js'
import { anvil_dumpState } from './anvil/anvil_dumpState.js'
import { anvil_getAutomine } from './anvil/anvil_getAutomine.js'
import { anvil_impersonateAccount } from './anvil/anvil_impersonateAccount.js'
import { anvil_loadState } from './anvil/anvil_loadState.js'
import { anvil_metadata } from './anvil/anvil_metadata.js'
import { anvil_mine } from './anvil/anvil_mine.js'
import { anvil_nodeInfo } from './anvil/anvil_nodeInfo.js'
import { anvil_reset } from './anvil/anvil_reset.js'
import { anvil_setAutomine } from './anvil/anvil_setAutomine.js'
import { anvil_setBalance } from './anvil/anvil_setBalance.js'
import { anvil_setBlockGasLimit } from './anvil/anvil_setBlockGasLimit.js'
import { anvil_setCode } from './anvil/anvil_setCode.js'
import { anvil_setCoinbase } from './anvil/anvil_setCoinbase.js'
import { anvil_setIntervalMining } from './anvil/anvil_setIntervalMining.js'
import { anvil_setMinGasPrice } from './anvil/anvil_setMinGasPrice.js'
import { anvil_setNextBlockTimestamp } from './anvil/anvil_setNextBlockTimestamp.js'
import { anvil_setNonce } from './anvil/anvil_setNonce.js'
import { anvil_setStorageAt } from './anvil/anvil_setStorageAt.js'
import { anvil_setTime } from './anvil/anvil_setTime.js'
import { anvil_stopImpersonatingAccount } from './anvil/anvil_stopImpersonatingAccount.js'
import { eth_signTypedData_v4 } from './eth/eth_signTypedData_v4.js'
import { eth_subscribe } from './eth/eth_subscribe.js'
import { eth_unsubscribe } from './eth/eth_unsubscribe.js'
import { evm_setIntervalMining } from './evm/evm_setIntervalMining.js'
import { hardhat_setPrevRandao } from './hardhat/hardhat_setPrevRandao.js'
import { personal_sign } from './personal/personal_sign.js'

export const DEV_METHODS_IMPLEMENTED: readonly MethodDefinition[] = [
  eth_subscribe,
  eth_unsubscribe,
  anvil_autoImpersonateAccount,
  anvil_dropTransaction,
  anvil_dumpState,
  anvil_getAutomine,
  anvil_impersonateAccount,
  anvil_loadState,
  anvil_metadata,
  anvil_mine,
  anvil_nodeInfo,
  anvil_reset,
  anvil_setAutomine,
  anvil_setBalance,
  anvil_setBlockGasLimit,
  anvil_setCode,
  anvil_setCoinbase,
  anvil_setIntervalMining,
  anvil_setMinGasPrice,
  anvil_setNextBlockTimestamp,
  anvil_setNonce,
  anvil_setStorageAt,
  anvil_setTime,
  anvil_stopImpersonatingAccount,
  hardhat_setPrevRandao,
  personal_sign,
  eth_signTypedData_v4,
  evm_setIntervalMining,
]
