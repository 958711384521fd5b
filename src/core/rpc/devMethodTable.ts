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
  evm_setIntervalMining: 'anvil_setIntervalMining',
  evm_setNextBlockTimestamp: 'anvil_setNextBlockTimestamp',
  evm_setTime: 'anvil_setTime',
  evm_setBlockGasLimit: 'anvil_setBlockGasLimit',
}

export const DEV_METHODS: Readonly<Record<string, MethodRow>> = {
  ...CANONICAL,
  ...Object.fromEntries(
    Object.entries(DEV_ALIASES).map(([alias, target]) => {
      const row = CANONICAL[target]
      if (!row) throw new Error(`dev alias ${alias} points to unknown method ${target}`)
      return [alias, { ...row, aliasOf: target } satisfies MethodRow]
    }),
  ),
}
