/**
 * Handler for `rsk_getRawBlockHeaderByNumber`: the raw header (see rsk_getRawBlockHeaderByHash)
 * of a block number or tag; `null` above the head. `pending` has no sealed header here (the
 * engine's pending block is a preview, not a header): `null`.
 */
import { encodeRawHeader } from '../../../chain/header.js'
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { blockAt } from '../nodeLookups.js'

export const rsk_getRawBlockHeaderByNumber = defineMethod({
  name: 'rsk_getRawBlockHeaderByNumber',
  params: [block('block')],
  handler: async (context, [ref]) => {
    const found = await blockAt(context.engine, ref)
    // An upstream block's raw header is not kept (only its JSON): answered as unknown.
    return found?.kind === 'mined' && found.block.kind === 'local'
      ? toData(encodeRawHeader(found.block.block.header))
      : null
  },
})
