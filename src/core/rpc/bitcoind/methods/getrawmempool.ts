import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { defineBitcoind } from '../context.js'
import { btcAmount } from '../views.js'
import { type MempoolItem, mempoolItems } from './mempoolEntries.js'

const hex = bytesToUnprefixedHex

function entry(item: MempoolItem, items: MempoolItem[], height: number): Record<string, unknown> {
  const depends = item.tx.inputs
    .filter((input) => items.some((other) => equalBytes(other.txid, input.previousTxid)))
    .map((input) => hex(input.previousTxid))
  const spentby = items
    .filter((other) => other.tx.inputs.some((input) => equalBytes(input.previousTxid, item.txid)))
    .map((other) => hex(other.txid))
  const fee = btcAmount(item.fee)
  return {
    vsize: item.vsize,
    weight: item.weight,
    time: 0,
    height,
    descendantcount: 1,
    descendantsize: item.vsize,
    ancestorcount: 1,
    ancestorsize: item.vsize,
    wtxid: hex(item.wtxid),
    fees: { base: fee, modified: fee, ancestor: fee, descendant: fee },
    depends: [...new Set(depends)],
    spentby,
    'bip125-replaceable': item.tx.inputs.some((input) => input.sequence >>> 0 < 0xfffffffe),
    unbroadcast: false,
  }
}

export const getrawmempool = defineBitcoind({
  name: 'getrawmempool',
  args: [
    { name: 'verbose', type: 'boolean', optional: true },
    { name: 'mempool_sequence', type: 'boolean', optional: true },
  ],
  run(context, [verbose, sequence]) {
    const chain = context.read()
    if (verbose !== true) {
      const txids = chain.mempool().map(hex)
      return sequence === true ? { txids, mempool_sequence: 0 } : txids
    }
    const items = mempoolItems(chain)
    return Object.fromEntries(items.map((item) => [hex(item.txid), entry(item, items, chain.bestHeight())]))
  },
})
