/**
 * Handler for `anvil_nodeInfo`, in Anvil's shape adapted to Rootstock: the latest block, the
 * network, the mining mode, the pool's order and the block environment (RSK has no base fee:
 * `minimumGasPrice` is the fee floor). `forkConfig` is empty: this node never forks.
 */
import { blockOverrides } from '../../../node/engine/blockOverrides.js'
import { bytesToHex } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'

export const anvil_nodeInfo = defineMethod({
  name: 'anvil_nodeInfo',
  params: [],
  handler: (context) => {
    const { engine, network } = context
    const head = engine.head.header
    const overrides = blockOverrides(engine)
    const mining = engine.settings.mining
    return {
      currentBlockNumber: toQuantity(head.number),
      currentBlockTimestamp: Number(head.timestamp),
      currentBlockHash: bytesToHex(engine.head.hash),
      network: network.name,
      profile: context.profile.name,
      mining:
        mining.type === 'interval' ? { mode: 'interval', seconds: mining.seconds } : { mode: mining.type },
      transactionOrder: 'fees',
      environment: {
        chainId: toQuantity(network.chainId),
        gasLimit: toQuantity(overrides.gasLimit ?? head.gasLimit),
        minimumGasPrice: toQuantity(overrides.minimumGasPrice ?? network.minimumGasPrice),
        coinbase: overrides.coinbase ?? network.minerCoinbase,
      },
      forkConfig: {},
    }
  },
})
