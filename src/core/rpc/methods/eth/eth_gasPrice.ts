/**
 * Handler for `eth_gasPrice`: RSKj's answer when the fee market is not saturated,
 * `floor(best block minimumGasPrice × 1.1)` (rpc.gasPriceMultiplier); `0x0` on regtest.
 */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'

export const eth_gasPrice = defineMethod({
  name: 'eth_gasPrice',
  params: [],
  handler: (context) => toQuantity(((context.engine.head.header.minimumGasPrice ?? 0n) * 11n) / 10n),
})
