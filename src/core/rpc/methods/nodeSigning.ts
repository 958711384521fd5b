/**
 * Signatures by the node's own accounts (`personal_sign`, `eth_signTypedData_v4`): the 65-byte
 * `r‖s‖v` (v 27/28) of a digest, as Hardhat, Anvil and MetaMask answer. Only where the profile
 * gives the node accounts (`rskj`): the `rpc-api` service holds no keys, so there it is refused.
 */
import { signHash } from '../../chain/secp256k1.js'
import { keystoreOf } from '../../node/keystore/engineKeystore.js'
import type { Address } from '../../util/hex.js'
import { bigintToPaddedBytes, concatBytes } from '../../util/hex.js'
import type { MethodContext } from '../context.js'
import { toData } from '../encode.js'
import { InvalidParamsError, WalletDisabledError } from '../errors/rpc.js'

export async function signWithNodeAccount(
  context: MethodContext,
  method: string,
  signer: Address,
  digest: Uint8Array,
): Promise<string> {
  if (context.profile.ethAccounts === 'empty') {
    throw new WalletDisabledError(
      `${method}: the ${context.profile.name} profile holds no keys (eth_accounts is []); sign in the client, or start the node with the rskj profile to sign with its accounts`,
    )
  }
  const privateKey = (await keystoreOf(context.engine)).unlockedKey(signer)
  if (!privateKey)
    throw new InvalidParamsError(`Account not found: ${signer} is not an unlocked account of this node`)
  const { r, s, recoveryId } = signHash(digest, privateKey)
  return toData(
    concatBytes(bigintToPaddedBytes(r, 32), bigintToPaddedBytes(s, 32), Uint8Array.of(27 + recoveryId)),
  )
}
