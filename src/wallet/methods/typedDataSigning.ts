/**
 * The one code path of eth_signTypedData (v1), _v3 and _v4: read the payload, check the account
 * and (v3/v4) the domain's chain id as MetaMask does, show it decoded for approval, sign the digest.
 */
import type { Hex } from '../../core/util/hex.js'
import { describeTypedData, describeTypedDataV1 } from '../describe.js'
import {
  hashTypedDataV1,
  hashTypedMessage,
  integerOf,
  parseTypedDataV1,
  parseTypedMessage,
  type TypedDataVersion,
} from '../eip712.js'
import { InvalidParamsError } from '../errors.js'
import { signDigestRsv } from '../signer.js'
import type { WalletKit } from './kit.js'

const isAddress = (value: unknown) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

export async function signTypedData(
  kit: WalletKit,
  method: string,
  version: TypedDataVersion,
  params: unknown[],
): Promise<Hex> {
  // v1 takes [typedData, address]; v3/v4 [address, typedData]. MetaMask accepts either order of v1.
  let [address, payload] = version === 'V1' ? [params[1], params[0]] : [params[0], params[1]]
  if (version === 'V1' && isAddress(payload) && !isAddress(address)) [address, payload] = [payload, address]
  if (!isAddress(address)) throw new InvalidParamsError(`${method}: expected an account address`)
  const account = await kit.authorizedAccount(address)
  if (version === 'V1') {
    const data = parseTypedDataV1(payload)
    const digest = hashTypedDataV1(data)
    await kit.approve(method, params, describeTypedDataV1(account.address, data))
    return signDigestRsv(digest, account.privateKey)
  }
  const data = parseTypedMessage(payload)
  const digest = hashTypedMessage(data, version)
  const domainChain = data.domain.chainId
  if (domainChain !== undefined && domainChain !== null && domainChain !== '') {
    const active = (await kit.chain()).chainId
    let requested: bigint
    try {
      requested = integerOf(domainChain, 'chainId')
    } catch {
      throw new InvalidParamsError(`${method}: the domain's chainId is not a number`)
    }
    if (requested !== BigInt(active))
      throw new InvalidParamsError(
        `Provided chainId "${requested}" must match the active chainId "${active}"`,
      )
  }
  await kit.approve(method, params, describeTypedData(method, account.address, data))
  return signDigestRsv(digest, account.privateKey)
}
