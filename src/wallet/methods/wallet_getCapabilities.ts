/**
 * `wallet_getCapabilities` [address, chainIds?] (EIP-5792): what each chain can do for a batch.
 * Rootstock's truth: no atomic batches (`atomic.status: 'unsupported'`), no paymasters; the
 * account must be granted to the origin (4100), as in MetaMask.
 */
import { CHAINS, chainIdHex } from '../chains.js'
import { InvalidParamsError } from '../errors.js'
import type { WalletMethod } from './kit.js'

export const wallet_getCapabilities: WalletMethod = async (kit, params) => {
  await kit.authorizedAccount(params[0])
  const wanted = params[1]
  if (wanted !== undefined && wanted !== null && !Array.isArray(wanted))
    throw new InvalidParamsError('wallet_getCapabilities: chain ids must be an array of hex strings')
  const ids = (wanted as unknown[] | undefined | null) ?? CHAINS.map((c) => chainIdHex(c.network))
  const result: Record<string, { atomic: { status: 'unsupported' } }> = {}
  for (const id of ids) {
    if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(id))
      throw new InvalidParamsError('wallet_getCapabilities: chain ids must be an array of hex strings')
    const chain = CHAINS.find((c) => BigInt(c.chainId) === BigInt(id))
    if (chain) result[chainIdHex(chain.network)] = { atomic: { status: 'unsupported' } }
  }
  return result
}
