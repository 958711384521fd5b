/**
 * Handler for `eth_getProof(address, storageKeys, block)`: the account proof object of the
 * specification (EIP-1186) for the state after `block`. Every node list starts at the root it
 * proves against: `accountProof` at the block's `stateRoot`, each storage proof at `storageHash`.
 */
import { stateOf } from '../../../node/engine/blockRecord.js'
import { readingStateOf, requireBlock } from '../../../node/engine/queries.js'
import { bytesToBigint } from '../../../util/hex.js'
import { block } from '../../blockParams.js'
import { defineMethod } from '../../defineMethod.js'
import { toData, toData32, toQuantity } from '../../encode.js'
import { address, hashArray } from '../../params.js'

export const eth_getProof = defineMethod({
  name: 'eth_getProof',
  params: [address('address'), hashArray('storageKeys'), block('block')],
  handler: async (context, [account, storageKeys, blockParam]) => {
    const engine = context.engine
    const found = await requireBlock(engine, blockParam)
    const { root, at } = stateOf(found)
    const proof = await readingStateOf(engine, found, () =>
      engine.state.at(root, at).getProof(account, storageKeys.map(bytesToBigint)),
    )
    return {
      address: proof.address,
      accountProof: proof.accountProof.map(toData),
      balance: toQuantity(proof.balance),
      codeHash: toData32(proof.codeHash),
      nonce: toQuantity(proof.nonce),
      storageHash: toData32(proof.storageHash),
      storageProof: proof.storageProof.map((s) => ({
        key: toQuantity(s.key),
        value: toQuantity(s.value),
        proof: s.proof.map(toData),
      })),
    }
  },
})
