/**
 * Handler for `eth_signTypedData_v4(address, typedData)`: the EIP-712 signature of the typed data
 * (a JSON string or an object) by one of the node's unlocked accounts, as Hardhat and Anvil sign
 * for theirs: permits, votes by signature, meta-transactions. Refused in the `rpc-api` profile,
 * which holds no keys. Malformed typed data is -32602 naming the field.
 */
import { hashTypedData, InvalidTypedDataError, parseTypedData } from '../../../crypto/typedData.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { address, anyJson } from '../../params.js'
import { signWithNodeAccount } from '../nodeSigning.js'

export const eth_signTypedData_v4 = defineMethod({
  name: 'eth_signTypedData_v4',
  params: [address('address'), anyJson('typedData')],
  handler: (context, [signer, typedData]) => {
    let digest: Uint8Array
    try {
      digest = hashTypedData(parseTypedData(typedData))
    } catch (error) {
      if (error instanceof InvalidTypedDataError)
        throw new InvalidParamsError(`invalid argument 1: ${error.message}`)
      throw error
    }
    return signWithNodeAccount(context, 'eth_signTypedData_v4', signer, digest)
  },
})
