/**
 * Handler for `anvil_metadata` (`hardhat_metadata`), in Anvil's shape: client version, chain id,
 * an instance id that changes when the chain is reset, the latest block, `forkedNetwork` (the
 * upstream's chain id, fork block and its hash for a forked node, else null) and the snapshot ids with the block each one returns to.
 */
import { instanceId } from '../../../node/engine/identity.js'
import { bytesToHex } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'

export const anvil_metadata = defineMethod({
  name: 'anvil_metadata',
  params: [],
  handler: async (context) => {
    const { engine } = context
    const head = engine.head
    return {
      clientVersion: context.client.clientVersion,
      chainId: context.network.chainId,
      instanceId: await instanceId(engine),
      latestBlockNumber: Number(head.header.number),
      latestBlockHash: bytesToHex(head.hash),
      forkedNetwork: engine.fork
        ? {
            chainId: Number(engine.fork.point.chainId),
            forkBlockNumber: Number(engine.fork.point.blockNumber),
            forkBlockHash: bytesToHex(engine.fork.point.blockHash),
          }
        : null,
      snapshots: Object.fromEntries(
        engine.settings.snapshots.map((s) => [
          `0x${s.id.toString(16)}`,
          [Number(s.blockNumber), s.blockHash.startsWith('0x') ? s.blockHash : `0x${s.blockHash}`],
        ]),
      ),
    }
  },
})
