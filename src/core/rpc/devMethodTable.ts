/**
 * Methods beyond the specification that dApp tooling expects of a dev node (issue 8): RSKj's
 * `rpc_modules`, subscriptions, and the Anvil dev methods with their Hardhat / Ganache spellings
 * declared once here as aliases. Canonical names are Anvil's; an alias shares its definition.
 */
import { type MethodRow, rows } from './methodTable.js'
import {
  type AnyParamSpec,
  address,
  anyJson,
  boolean,
  data,
  hash,
  integerLike,
  object,
  optional,
  quantity,
  string,
} from './params.js'

const none: readonly AnyParamSpec[] = []

const CANONICAL: Record<string, MethodRow> = rows('dev', {
  rpc_modules: none,
  sco_clearPeerScoring: [string('id')],
  eth_subscribe: [string('subscriptionType'), optional(object('options'))],
  eth_unsubscribe: [string('subscriptionId')],
  anvil_setBalance: [address('address'), quantity('balance')],
  anvil_setCode: [address('address'), data('code')],
  anvil_setNonce: [address('address'), quantity('nonce')],
  anvil_setStorageAt: [address('address'), quantity('slot'), hash('value', 'storage value')],
  anvil_impersonateAccount: [address('address')],
  anvil_stopImpersonatingAccount: [address('address')],
  anvil_autoImpersonateAccount: [boolean('enabled')],
  anvil_mine: [optional(integerLike('blocks')), optional(integerLike('intervalSeconds'))],
  anvil_setAutomine: [boolean('enabled')],
  anvil_getAutomine: none,
  anvil_setIntervalMining: [integerLike('seconds')],
  evm_setIntervalMining: [anyJson('interval')],
  anvil_setNextBlockTimestamp: [integerLike('timestamp')],
  anvil_setTime: [integerLike('timestamp')],
  anvil_setBlockGasLimit: [quantity('gasLimit')],
  anvil_setCoinbase: [address('address')],
  anvil_setMinGasPrice: [quantity('minGasPrice')],
  anvil_dropTransaction: [hash('transactionHash', 'transaction hash')],
  anvil_dumpState: none,
  anvil_loadState: [anyJson('state')],
  anvil_metadata: none,
  anvil_nodeInfo: none,
  anvil_reset: [optional(object('options'))],
  hardhat_setPrevRandao: [hash('prevRandao', 'prevRandao')],
  // Signing by the node's own accounts, as Hardhat and Anvil do (not RSKj methods).
  personal_sign: [data('message'), address('address')],
  eth_signTypedData_v4: [address('address'), anyJson('typedData')],
  // The simulated Bitcoin chain and the two-way peg (docs/bridge.md).
  btc_getInfo: none,
  btc_getBlocks: [optional(object('options'))],
  btc_getBlock: [anyJson('block')],
  btc_getTransaction: [string('txid')],
  btc_getMempool: none,
  btc_getBalance: [string('address')],
  btc_getAddresses: none,
  btc_getPegs: none,
  btc_fund: [string('address'), optional(anyJson('value'))],
  btc_sendRawTransaction: [string('transaction')],
  btc_sendTransaction: [object('transaction')],
  btc_mine: [optional(integerLike('count')), optional(string('address'))],
  btc_pegIn: [object('pegIn')],
  btc_pegOut: [object('pegOut')],
  btc_setFederation: [object('settings')],
  btc_setMining: [object('settings')],
})

/** alias → canonical name. */
export const DEV_ALIASES: Readonly<Record<string, string>> = {
  hardhat_setBalance: 'anvil_setBalance',
  hardhat_setCode: 'anvil_setCode',
  hardhat_setNonce: 'anvil_setNonce',
  hardhat_setStorageAt: 'anvil_setStorageAt',
  hardhat_impersonateAccount: 'anvil_impersonateAccount',
  hardhat_stopImpersonatingAccount: 'anvil_stopImpersonatingAccount',
  hardhat_mine: 'anvil_mine',
  hardhat_getAutomine: 'anvil_getAutomine',
  hardhat_setCoinbase: 'anvil_setCoinbase',
  hardhat_setMinGasPrice: 'anvil_setMinGasPrice',
  hardhat_dropTransaction: 'anvil_dropTransaction',
  hardhat_metadata: 'anvil_metadata',
  hardhat_reset: 'anvil_reset',
  evm_setAutomine: 'anvil_setAutomine',
  evm_setNextBlockTimestamp: 'anvil_setNextBlockTimestamp',
  evm_setTime: 'anvil_setTime',
  evm_setBlockGasLimit: 'anvil_setBlockGasLimit',
}

/**
 * Hardhat answers `true` where Anvil answers `null`; these Hardhat spellings do as Hardhat does
 * (the Anvil names keep Anvil's answers). `hardhat_dropTransaction` answers whether a transaction
 * was dropped (Anvil: its hash or `null`); `hardhat_getAutomine` and `hardhat_metadata` answer the
 * same under both names.
 */
export const HARDHAT_ANSWERS_TRUE: ReadonlySet<string> = new Set([
  'hardhat_setBalance',
  'hardhat_setCode',
  'hardhat_setNonce',
  'hardhat_setStorageAt',
  'hardhat_impersonateAccount',
  'hardhat_stopImpersonatingAccount',
  'hardhat_mine',
  'hardhat_setCoinbase',
  'hardhat_setMinGasPrice',
  'hardhat_reset',
])

export const DEV_METHODS: Readonly<Record<string, MethodRow>> = {
  ...CANONICAL,
  ...Object.fromEntries(
    Object.entries(DEV_ALIASES).map(([alias, target]) => {
      const row = CANONICAL[target]
      if (!row) throw new Error(`dev alias ${alias} points to unknown method ${target}`)
      const answer = HARDHAT_ANSWERS_TRUE.has(alias)
        ? { answers: 'true' as const }
        : alias === 'hardhat_dropTransaction'
          ? { answers: 'whetherFound' as const }
          : {}
      return [alias, { ...row, aliasOf: target, ...answer } satisfies MethodRow]
    }),
  ),
}
