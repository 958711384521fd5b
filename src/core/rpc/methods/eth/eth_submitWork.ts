/**
 * Handler for `eth_submitWork(nonce, powHash, mixDigest)`: the 8-byte nonce goes into the Bitcoin
 * header of the template named by `powHash` (low 32 bits in the nonce, high bits in the BIP320
 * version bits). True when the block meets the target and was imported; false for an unknown or
 * stale template or too little work. `mixDigest` has no meaning for merged mining and is ignored.
 */
import { externalMiningOf } from '../../../node/engine/externalMining.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { data, hash } from '../../params.js'
import { withMiningErrors } from '../miningErrors.js'

export const eth_submitWork = defineMethod({
  name: 'eth_submitWork',
  params: [data('nonce'), hash('headerHash'), hash('mixDigest')],
  handler: (context, [nonce, powHash]) =>
    withMiningErrors(() => {
      if (nonce.length !== 8)
        throw new InvalidParamsError(`invalid nonce: expected 8 bytes, got ${nonce.length}`)
      return externalMiningOf(context.engine).submitWork(nonce, powHash)
    }),
})
