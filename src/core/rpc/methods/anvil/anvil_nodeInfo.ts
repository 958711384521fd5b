/**
 * Handler for `anvil_nodeInfo`, in Anvil's shape adapted to Rootstock: the latest block, the
 * network, the mining mode, the pool's order and the block environment (RSK has no base fee:
 * `minimumGasPrice` is the fee floor). `forkConfig` names the upstream of a forked node (its
 * address with the key redacted, the fork block and its hash), and is empty otherwise.
 * `remascTransaction: "omitted"` appears only on a node opened with `omitRemascTransaction`.
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
      // Seconds, as Anvil reports them; a Hardhat range also gives its upper end.
      mining:
        mining.type === 'interval'
          ? {
              mode: 'interval',
              seconds: mining.minMs / 1000,
              ...(mining.maxMs !== mining.minMs && { maxSeconds: mining.maxMs / 1000 }),
            }
          : { mode: mining.type },
      transactionOrder: 'fees',
      // Only when the node was opened to leave REMASC out: on Rootstock every block ends with it.
      ...(engine.omitRemascTransaction ? { remascTransaction: 'omitted' } : {}),
      environment: {
        chainId: toQuantity(network.chainId),
        gasLimit: toQuantity(overrides.gasLimit ?? head.gasLimit),
        minimumGasPrice: toQuantity(overrides.minimumGasPrice ?? network.minimumGasPrice),
        coinbase: overrides.coinbase ?? network.minerCoinbase,
      },
      forkConfig: engine.fork
        ? {
            forkUrl: engine.fork.point.upstream,
            forkBlockNumber: Number(engine.fork.point.blockNumber),
            forkBlockHash: bytesToHex(engine.fork.point.blockHash),
            forkChainId: Number(engine.fork.point.chainId),
          }
        : {},
    }
  },
})
