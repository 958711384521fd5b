import { given, parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError } from '../errors.js'
import { btcAmount } from '../views.js'
import { walletCoins } from '../wallet/walletCoins.js'

/** Mature coins with at least `minconf` confirmations (0: the mempool's count too). */
export const getbalance = defineBitcoind({
  name: 'getbalance',
  args: [
    { name: 'dummy', type: 'string', optional: true },
    { name: 'minconf', type: 'number', optional: true },
    { name: 'include_watchonly', type: 'boolean', optional: true },
    { name: 'avoid_reuse', type: 'boolean', optional: true },
  ],
  run(context, [dummy, minconfParam]) {
    if (given(dummy) && dummy !== '*') {
      throw new BitcoindError(-32, 'dummy first argument must be excluded or set to "*".')
    }
    const minconf = given(minconfParam) ? parseInteger(minconfParam, 'minconf') : 0
    const coins = walletCoins(context.read()).filter(
      (coin) => !coin.immature && coin.confirmations >= minconf,
    )
    return btcAmount(coins.reduce((sum, coin) => sum + coin.utxo.value, 0n))
  },
})
