import { parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'
import { btcAmount } from '../views.js'
import { DEFAULT_FEE_RATE } from '../wallet/feeRate.js'

/** The dev wallet's rate (10 sat/vB) for any target: the simulated chain has no fee market. */
export const estimatesmartfee = defineBitcoind({
  name: 'estimatesmartfee',
  args: [
    { name: 'conf_target', type: 'number' },
    { name: 'estimate_mode', type: 'string', optional: true },
  ],
  run(_context, [target, mode]) {
    const blocks = parseInteger(target, 'conf_target')
    if (blocks < 1 || blocks > 1008) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid conf_target, must be between 1 and 1008')
    }
    if (
      mode !== undefined &&
      mode !== null &&
      !['unset', 'economical', 'conservative'].includes(String(mode).toLowerCase())
    ) {
      throw new BitcoindError(
        RPC_INVALID_PARAMETER,
        'Invalid estimate_mode parameter, must be one of: "unset", "economical", "conservative"',
      )
    }
    return { feerate: btcAmount(DEFAULT_FEE_RATE * 1000n), blocks }
  },
})
