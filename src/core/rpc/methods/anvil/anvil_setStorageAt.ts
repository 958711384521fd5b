/**
 * Handler for `anvil_setStorageAt` (`hardhat_setStorageAt`): writes one storage slot in the latest
 * state. The value is a 32-byte word as both tools take it; answers `true` as both do.
 */
import { editAccount } from '../../../node/engine/control.js'
import { bytesToBigint } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { address, hash, quantity } from '../../params.js'

export const anvil_setStorageAt = defineMethod({
  name: 'anvil_setStorageAt',
  params: [address('address'), quantity('slot'), hash('value', 'storage value')],
  handler: async (context, [account, slot, value]) => {
    await editAccount(context.engine, account, { storage: [[slot, bytesToBigint(value)]] })
    return true
  },
})
