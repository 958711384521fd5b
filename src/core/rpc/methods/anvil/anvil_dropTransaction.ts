/**
 * Handler for `anvil_dropTransaction` (`hardhat_dropTransaction`): removes a transaction from the
 * pool. Answers its hash when it was pooled and `null` otherwise, as Anvil does.
 */
import { keys } from '../../../node/engine/keys.js'
import { bytesToHex, bytesToUnprefixedHex } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { hash } from '../../params.js'

export const anvil_dropTransaction = defineMethod({
  name: 'anvil_dropTransaction',
  params: [hash('transactionHash', 'transaction hash')],
  handler: (context, [txHash]) => {
    const { engine } = context
    return engine.mutex.run(async () => {
      const dropped = engine.pool.drop(bytesToHex(txHash))
      if (!dropped) return null
      await engine.kv.delete(keys.pooled(bytesToUnprefixedHex(txHash)))
      return bytesToHex(txHash)
    })
  },
})
