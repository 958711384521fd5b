/**
 * Handler for `btc_setMining`: how the simulated Bitcoin chain is mined besides `btc_mine`.
 * `{ followRsk: n }` mines one Bitcoin block before every n-th RSK block the node mines (1 … 1,000;
 * a regtest Bitcoin block per 20 RSK blocks is the real networks' pace), `{ followRsk: 0 }` or
 * `false` mines only on demand (the default). Kept with the chain: snapshots revert it. `null`.
 */
import { setBitcoinMining } from '../../../node/bitcoin/chainEdits.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { describeValue, object } from '../../params.js'

export const btc_setMining = defineMethod({
  name: 'btc_setMining',
  params: [object('settings')],
  handler: async (context, [settings]) => {
    const unknown = Object.keys(settings).filter((key) => key !== 'followRsk')
    if (unknown.length > 0)
      throw new InvalidParamsError(`invalid settings: unknown member ${unknown[0]} (known: followRsk)`)
    const value = settings.followRsk === false ? 0 : settings.followRsk
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1000)
      throw new InvalidParamsError(
        `invalid settings.followRsk: expected false or a whole number of RSK blocks from 0 to 1000, got ${describeValue(settings.followRsk)}`,
      )
    await setBitcoinMining(context.engine, { followRskEvery: value })
    return null
  },
})
