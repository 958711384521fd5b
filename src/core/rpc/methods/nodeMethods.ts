/**
 * Node methods: block, transaction and uncle lookups by index, the node's accounts and keystore
 * (`eth_accounts`, `eth_sign`, `eth_sendTransaction`, `personal_*`), the pool views (`txpool_*`,
 * `eth_pendingTransactions`), the simulated single node's peers and counters (`sco_*`, hash
 * rates, `eth_bridgeState`) and RSKj's raw-data methods (`rsk_getRaw*`, receipt trie nodes).
 */
import type { MethodDefinition } from '../defineMethod.js'
import { debug_wireProtocolQueueSize } from './debug/debug_wireProtocolQueueSize.js'
import { eth_bridgeState } from './eth/eth_bridgeState.js'
import { eth_coinbase } from './eth/eth_coinbase.js'
import { eth_getBlockTransactionCountByHash } from './eth/eth_getBlockTransactionCountByHash.js'
import { eth_getBlockTransactionCountByNumber } from './eth/eth_getBlockTransactionCountByNumber.js'
import { eth_getTransactionByBlockHashAndIndex } from './eth/eth_getTransactionByBlockHashAndIndex.js'
import { eth_getTransactionByBlockNumberAndIndex } from './eth/eth_getTransactionByBlockNumberAndIndex.js'
import { eth_getUncleByBlockHashAndIndex } from './eth/eth_getUncleByBlockHashAndIndex.js'
import { eth_getUncleByBlockNumberAndIndex } from './eth/eth_getUncleByBlockNumberAndIndex.js'
import { eth_getUncleCountByBlockHash } from './eth/eth_getUncleCountByBlockHash.js'
import { eth_getUncleCountByBlockNumber } from './eth/eth_getUncleCountByBlockNumber.js'
import { eth_hashrate } from './eth/eth_hashrate.js'
import { eth_mining } from './eth/eth_mining.js'
import { eth_netHashrate } from './eth/eth_netHashrate.js'
import { eth_pendingTransactions } from './eth/eth_pendingTransactions.js'
import { eth_sendTransaction } from './eth/eth_sendTransaction.js'
import { eth_sign } from './eth/eth_sign.js'
import { eth_submitHashrate } from './eth/eth_submitHashrate.js'
import { personal_dumpRawKey } from './personal/personal_dumpRawKey.js'
import { personal_importRawKey } from './personal/personal_importRawKey.js'
import { personal_listAccounts } from './personal/personal_listAccounts.js'
import { personal_lockAccount } from './personal/personal_lockAccount.js'
import { personal_newAccount } from './personal/personal_newAccount.js'
import { personal_newAccountWithSeed } from './personal/personal_newAccountWithSeed.js'
import { personal_sendTransaction } from './personal/personal_sendTransaction.js'
import { personal_unlockAccount } from './personal/personal_unlockAccount.js'
import { rsk_getRawBlockHeaderByHash } from './rsk/rsk_getRawBlockHeaderByHash.js'
import { rsk_getRawBlockHeaderByNumber } from './rsk/rsk_getRawBlockHeaderByNumber.js'
import { rsk_getRawTransactionReceiptByHash } from './rsk/rsk_getRawTransactionReceiptByHash.js'
import { rsk_getTransactionReceiptNodesByHash } from './rsk/rsk_getTransactionReceiptNodesByHash.js'
import { sco_banAddress } from './sco/sco_banAddress.js'
import { sco_bannedAddresses } from './sco/sco_bannedAddresses.js'
import { sco_clearPeerScoring } from './sco/sco_clearPeerScoring.js'
import { sco_peerList } from './sco/sco_peerList.js'
import { sco_reputationSummary } from './sco/sco_reputationSummary.js'
import { sco_unbanAddress } from './sco/sco_unbanAddress.js'
import { txpool_content } from './txpool/txpool_content.js'
import { txpool_inspect } from './txpool/txpool_inspect.js'
import { txpool_status } from './txpool/txpool_status.js'

export const NODE_METHODS: readonly MethodDefinition[] = [
  eth_getBlockTransactionCountByHash,
  eth_getBlockTransactionCountByNumber,
  eth_getTransactionByBlockHashAndIndex,
  eth_getTransactionByBlockNumberAndIndex,
  eth_getUncleCountByBlockHash,
  eth_getUncleCountByBlockNumber,
  eth_getUncleByBlockHashAndIndex,
  eth_getUncleByBlockNumberAndIndex,
  eth_coinbase,
  eth_mining,
  eth_hashrate,
  eth_netHashrate,
  eth_submitHashrate,
  eth_bridgeState,
  eth_sign,
  eth_sendTransaction,
  eth_pendingTransactions,
  debug_wireProtocolQueueSize,
  personal_newAccount,
  personal_newAccountWithSeed,
  personal_importRawKey,
  personal_listAccounts,
  personal_unlockAccount,
  personal_lockAccount,
  personal_dumpRawKey,
  personal_sendTransaction,
  txpool_content,
  txpool_inspect,
  txpool_status,
  sco_banAddress,
  sco_unbanAddress,
  sco_peerList,
  sco_bannedAddresses,
  sco_reputationSummary,
  sco_clearPeerScoring,
  rsk_getRawTransactionReceiptByHash,
  rsk_getTransactionReceiptNodesByHash,
  rsk_getRawBlockHeaderByHash,
  rsk_getRawBlockHeaderByNumber,
]
