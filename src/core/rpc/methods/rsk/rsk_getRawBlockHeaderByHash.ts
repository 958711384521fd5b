/** Handler for `rsk_getRawBlockHeaderByHash`: RSKj `header.getEncoded()` (uncompressed, no merged-mining proof or coinbase), or `null`. */
import { encodeRawHeader } from '../../../chain/header.js'
import { defineMethod } from '../../defineMethod.js'
import { toData } from '../../encode.js'
import { hash } from '../../params.js'

export const rsk_getRawBlockHeaderByHash = defineMethod({
  name: 'rsk_getRawBlockHeaderByHash',
  params: [hash('blockHash', 'block hash')],
  handler: async (context, [blockHash]) => {
    const block = await context.engine.reader.blockByHash(blockHash)
    return block ? toData(encodeRawHeader(block.header)) : null
  },
})
