/** Filters and the `evm_*` module: methods over the engine's filters, snapshots and mining control. */
import type { MethodDefinition } from '../defineMethod.js'
import { eth_getFilterChanges } from './eth/eth_getFilterChanges.js'
import { eth_getFilterLogs } from './eth/eth_getFilterLogs.js'
import { eth_newBlockFilter } from './eth/eth_newBlockFilter.js'
import { eth_newFilter } from './eth/eth_newFilter.js'
import { eth_newPendingTransactionFilter } from './eth/eth_newPendingTransactionFilter.js'
import { eth_uninstallFilter } from './eth/eth_uninstallFilter.js'
import { evm_increaseTime } from './evm/evm_increaseTime.js'
import { evm_mine } from './evm/evm_mine.js'
import { evm_reset } from './evm/evm_reset.js'
import { evm_revert } from './evm/evm_revert.js'
import { evm_snapshot } from './evm/evm_snapshot.js'
import { evm_startMining } from './evm/evm_startMining.js'
import { evm_stopMining } from './evm/evm_stopMining.js'

export const CONTROL_METHODS: readonly MethodDefinition[] = [
  eth_newFilter,
  eth_newBlockFilter,
  eth_newPendingTransactionFilter,
  eth_uninstallFilter,
  eth_getFilterChanges,
  eth_getFilterLogs,
  evm_snapshot,
  evm_revert,
  evm_mine,
  evm_increaseTime,
  evm_reset,
  evm_startMining,
  evm_stopMining,
]
