/**
 * Every method named in the service specification (all four tables of its Endpoints section,
 * `ledger_` written as Rootstock's `rsk_`), with its declared parameters. Whether a method is
 * implemented is not written here: it is implemented when `registry.ts` maps it to a definition.
 */
import { block, blockExt } from './blockParams.js'
import { callRequest, logFilter } from './objectParams.js'
import {
  type AnyParamSpec,
  address,
  boolean,
  data,
  filterId,
  hash,
  hashArray,
  integerLike,
  object,
  optional,
  quantity,
  string,
} from './params.js'

/** Which part of the specification (or of the ecosystem) a method comes from. */
export type MethodGroup =
  | 'spec-core'
  | 'spec-further'
  | 'spec-listed'
  | 'spec-unsupported'
  | 'spec-deprecated'
  | 'dev'

export interface MethodRow {
  group: MethodGroup
  params: readonly AnyParamSpec[]
  /** Set for methods the node refuses for good; otherwise the method is pending until implemented. */
  refused?: 'unsupported' | 'deprecated'
  /** The canonical method this name is another spelling of (dev aliases). */
  aliasOf?: string
  /**
   * How an alias answers instead of its canonical method (Hardhat's spellings): `true` once the
   * work is done, or `whetherFound`: `false` where the canonical answers `null`, else `true`.
   */
  answers?: 'true' | 'whetherFound'
}

const blockHash = () => hash('blockHash', 'block hash')
const txHash = () => hash('transactionHash', 'transaction hash')
const none: readonly AnyParamSpec[] = []

export function rows(
  group: MethodGroup,
  entries: Record<string, readonly AnyParamSpec[]>,
): Record<string, MethodRow> {
  return Object.fromEntries(Object.entries(entries).map(([name, params]) => [name, { group, params }]))
}

function refusedRows(group: MethodGroup, refused: 'unsupported' | 'deprecated', names: string[]) {
  return Object.fromEntries(names.map((name) => [name, { group, params: none, refused } satisfies MethodRow]))
}

export const SPEC_METHODS: Readonly<Record<string, MethodRow>> = {
  ...rows('spec-core', {
    eth_accounts: none,
    eth_blockNumber: none,
    eth_call: [callRequest('transaction'), optional(blockExt('block')), optional(object('stateOverride'))],
    eth_chainId: none,
    eth_estimateGas: [callRequest('transaction'), optional(blockExt('block'))],
    eth_gasPrice: none,
    eth_getBalance: [address('address'), optional(blockExt('block'))],
    eth_getBlockByHash: [blockHash(), optional(boolean('fullTransactions'))],
    eth_getBlockByNumber: [block('block'), optional(boolean('fullTransactions'))],
    eth_getCode: [address('address'), blockExt('block')],
    eth_getLogs: [logFilter('filter')],
    eth_getStorageAt: [address('address'), quantity('position'), blockExt('block')],
    eth_getTransactionByHash: [txHash()],
    eth_getTransactionCount: [address('address'), optional(blockExt('block'))],
    eth_getTransactionReceipt: [txHash()],
    eth_getBlockTransactionCountByHash: [blockHash()],
    eth_getBlockTransactionCountByNumber: [block('block')],
    eth_getTransactionByBlockHashAndIndex: [blockHash(), quantity('index')],
    eth_getTransactionByBlockNumberAndIndex: [block('block'), quantity('index')],
    eth_getUncleCountByBlockHash: [blockHash()],
    eth_getUncleCountByBlockNumber: [block('block')],
    eth_protocolVersion: none,
    eth_sendRawTransaction: [data('signedTransaction')],
    net_version: none,
    web3_clientVersion: none,
    web3_sha3: [data('data')],
  }),
  ...rows('spec-further', {
    net_listening: none,
    net_peerCount: none,
    net_peerList: none,
    eth_syncing: none,
    eth_coinbase: none,
    eth_mining: none,
    eth_hashrate: none,
    eth_sign: [address('address'), data('message')],
    eth_sendTransaction: [callRequest('transaction')],
    eth_pendingTransactions: none,
    eth_getUncleByBlockHashAndIndex: [blockHash(), quantity('index')],
    eth_getUncleByBlockNumberAndIndex: [block('block'), quantity('index')],
    eth_newFilter: [logFilter('filter')],
    eth_newBlockFilter: none,
    eth_newPendingTransactionFilter: none,
    eth_uninstallFilter: [filterId('filterId')],
    eth_getFilterChanges: [filterId('filterId')],
    eth_getFilterLogs: [filterId('filterId')],
    eth_getWork: none,
    eth_submitWork: [data('nonce'), hash('headerHash'), hash('mixDigest')],
    eth_submitHashrate: [hash('hashrate'), hash('clientId')],
    eth_getProof: [address('address'), hashArray('storageKeys'), block('block')],
  }),
  ...rows('spec-listed', {
    eth_bridgeState: none,
    eth_netHashrate: none,
    debug_traceTransaction: [txHash(), optional(object('options'))],
    debug_traceBlockByHash: [blockHash(), optional(object('options'))],
    debug_wireProtocolQueueSize: none,
    evm_increaseTime: [integerLike('seconds')],
    evm_mine: [optional(integerLike('timestamp'))],
    evm_reset: none,
    evm_revert: [quantity('snapshotId')],
    evm_snapshot: none,
    evm_startMining: none,
    evm_stopMining: none,
    // mnr_* take plain hex without 0x (reference §2.5), so they are strings here.
    mnr_submitBitcoinBlock: [string('bitcoinBlockHex')],
    mnr_submitBitcoinBlockTransactions: [
      string('blockHashHex'),
      string('blockHeaderHex'),
      string('coinbaseHex'),
      string('txnHashesHex'),
    ],
    mnr_submitBitcoinBlockPartialMerkle: [
      string('blockHashHex'),
      string('blockHeaderHex'),
      string('coinbaseHex'),
      string('merkleHashesHex'),
      string('blockTxnCountHex'),
    ],
    mnr_getWork: none,
    personal_dumpRawKey: [address('address')],
    personal_importRawKey: [string('privateKey'), string('passphrase')],
    personal_listAccounts: none,
    personal_lockAccount: [address('address')],
    personal_newAccountWithSeed: [string('seed')],
    personal_newAccount: [string('passphrase')],
    personal_sendTransaction: [callRequest('transaction'), string('passphrase')],
    personal_unlockAccount: [address('address'), string('passphrase'), optional(string('durationMs'))],
    rsk_getRawTransactionReceiptByHash: [txHash()],
    rsk_getTransactionReceiptNodesByHash: [blockHash(), txHash()],
    rsk_getRawBlockHeaderByHash: [blockHash()],
    rsk_getRawBlockHeaderByNumber: [block('block')],
    rsk_protocolVersion: none,
    trace_transaction: [txHash()],
    trace_block: [blockExt('block')],
    trace_filter: [object('filter')],
    txpool_content: none,
    txpool_inspect: none,
    txpool_status: none,
    sco_banAddress: [string('address')],
    sco_unbanAddress: [string('address')],
    sco_peerList: none,
    sco_bannedAddresses: none,
    sco_reputationSummary: none,
  }),
  ...refusedRows('spec-unsupported', 'unsupported', [
    'eth_getCompilers',
    'eth_compileLLL',
    'eth_compileSolidity',
    'eth_compileSerpent',
  ]),
  ...refusedRows('spec-deprecated', 'deprecated', ['db_putString', 'db_getString', 'db_putHex', 'db_getHex']),
  ...refusedRows('spec-unsupported', 'unsupported', [
    'shh_post',
    'shh_version',
    'shh_newIdentity',
    'shh_hasIdentity',
    'shh_newGroup',
    'shh_addToGroup',
    'shh_newFilter',
    'shh_uninstallFilter',
    'shh_getFilterChanges',
    'shh_getMessages',
  ]),
}
