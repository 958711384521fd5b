import { defineBitcoind } from '../context.js'
import { btcAmount } from '../views.js'
import { mempoolItems } from './mempoolEntries.js'

export const getmempoolinfo = defineBitcoind({
  name: 'getmempoolinfo',
  args: [],
  run(context) {
    const items = mempoolItems(context.read())
    const bytes = items.reduce((sum, item) => sum + item.vsize, 0)
    return {
      loaded: true,
      size: items.length,
      bytes,
      usage: bytes,
      total_fee: btcAmount(items.reduce((sum, item) => sum + item.fee, 0n)),
      maxmempool: 300_000_000,
      mempoolminfee: 0.00001,
      minrelaytxfee: 0.00001,
      incrementalrelayfee: 0.00001,
      unbroadcastcount: 0,
      fullrbf: false,
    }
  },
})
