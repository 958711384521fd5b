import { addressToScript, BtcAddressError } from '../../../bitcoin/address.js'
import { defineBitcoind } from '../context.js'
import { scriptFacts } from './addressInfo.js'

/** Never an RPC error: an invalid address is `isvalid: false` with the reason. */
export const validateaddress = defineBitcoind({
  name: 'validateaddress',
  args: [{ name: 'address', type: 'string' }],
  run(context, [address]) {
    let script: Uint8Array
    try {
      script = addressToScript(String(address), context.read().params)
    } catch (error) {
      if (!(error instanceof BtcAddressError)) throw error
      return { isvalid: false, error_locations: [], error: error.message }
    }
    return { isvalid: true, address, ...scriptFacts(script) }
  },
})
