/**
 * `wallet_watchAsset` (EIP-747): `{ type, options }` as an object (MetaMask's form; a one-element
 * array is read too). ERC-20: `address`, and `symbol` (≤ 11 characters) and `decimals` (0–36),
 * either of which is read from the token when left out. ERC-721 and ERC-1155: `address` and
 * `tokenId`, owned by the account (ERC-1155: a balance above zero), as MetaMask checks. After
 * approval the asset is kept for the origin's account (or the selected one) and listed with its
 * balance in the popup and the panel; answers `true`.
 */
import type { WatchedAsset } from '../../shared/protocol.js'
import { balanceOfAsset, readCall, SELECTORS, stringOf, uintOf, watchAsset } from '../assets.js'
import { describeSimple } from '../describe.js'
import { InvalidParamsError, shownValue } from '../errors.js'
import type { WalletMethod } from './kit.js'

const TYPES = new Set(['ERC20', 'ERC721', 'ERC1155'])

export const wallet_watchAsset: WalletMethod = async (kit, params, raw) => {
  const request = (Array.isArray(raw) ? raw[0] : raw) as Record<string, unknown> | undefined
  if (!request || typeof request !== 'object' || Array.isArray(request))
    throw new InvalidParamsError('wallet_watchAsset: expected { type, options }')
  const { type, options } = request
  if (typeof type !== 'string' || !TYPES.has(type))
    throw new InvalidParamsError(
      `Asset of type '${shownValue(type, 66)}' not supported (ERC20, ERC721, ERC1155)`,
    )
  if (!options || typeof options !== 'object' || Array.isArray(options))
    throw new InvalidParamsError('wallet_watchAsset: options with the asset address are required')
  const o = options as Record<string, unknown>
  if (typeof o.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(o.address))
    throw new InvalidParamsError(`Invalid address "${shownValue(o.address, 66)}".`)
  const address = o.address.toLowerCase()
  if (o.image !== undefined && typeof o.image !== 'string')
    throw new InvalidParamsError('Invalid image: not a string.')
  const network = await kit.network()
  const granted = await kit.permissions.accounts(kit.ctx.origin)
  const account = (granted[0] ?? (await kit.keyring.selected())).toLowerCase()
  const asset: WatchedAsset = {
    type: type as WatchedAsset['type'],
    address,
    network,
    account,
    origin: kit.ctx.origin,
    time: kit.now(),
  }
  if (typeof o.image === 'string') asset.image = o.image.slice(0, 2048)

  if (type === 'ERC20') {
    let symbol = o.symbol
    if (symbol === undefined || symbol === null || symbol === '') {
      symbol = stringOf(await readCall(kit.callNode, address, SELECTORS.symbol)) ?? undefined
      if (symbol === undefined) throw new InvalidParamsError('Must specify address, symbol, and decimals.')
    }
    if (typeof symbol !== 'string') throw new InvalidParamsError('Invalid symbol: not a string.')
    if (symbol.length > 11)
      throw new InvalidParamsError(`Invalid symbol "${symbol}": longer than 11 characters.`)
    let decimals: number | undefined
    if (o.decimals === undefined || o.decimals === null || o.decimals === '') {
      const read = uintOf(await readCall(kit.callNode, address, SELECTORS.decimals))
      if (read === null) throw new InvalidParamsError('Must specify address, symbol, and decimals.')
      decimals = Number(read)
    } else if (
      typeof o.decimals === 'number' ||
      (typeof o.decimals === 'string' && /^\d+$/.test(o.decimals))
    ) {
      decimals = Number(o.decimals)
    }
    if (decimals === undefined || !Number.isInteger(decimals) || decimals < 0 || decimals > 36)
      throw new InvalidParamsError(
        `Invalid decimals "${shownValue(o.decimals, 66)}": must be an integer 0 <= 36.`,
      )
    asset.symbol = symbol
    asset.decimals = decimals
  } else {
    const tokenId = o.tokenId
    if (
      !(typeof tokenId === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(tokenId)) &&
      !(typeof tokenId === 'number' && Number.isSafeInteger(tokenId) && tokenId >= 0)
    )
      throw new InvalidParamsError('Invalid tokenId: must be a string of a non-negative integer.')
    const id = BigInt(tokenId)
    if (id >= 2n ** 256n)
      throw new InvalidParamsError('Invalid tokenId: must be a string of a non-negative integer.')
    asset.tokenId = id.toString()
    if (typeof o.symbol === 'string') asset.symbol = o.symbol.slice(0, 32)
    const balance = await balanceOfAsset(kit.callNode, asset)
    if (!balance)
      throw new InvalidParamsError(
        type === 'ERC721'
          ? `Suggested NFT is not owned by the selected account ${account}.`
          : `Suggested NFT of type ERC1155 has no balance for the selected account ${account}.`,
      )
  }
  await kit.approve(
    'wallet_watchAsset',
    params,
    describeSimple(`Watch ${asset.symbol ?? type} (${type})`, [
      { label: 'Contract', value: address },
      { label: 'Account', value: account },
      ...(asset.symbol ? [{ label: 'Symbol', value: asset.symbol }] : []),
      ...(asset.decimals !== undefined ? [{ label: 'Decimals', value: String(asset.decimals) }] : []),
      ...(asset.tokenId !== undefined ? [{ label: 'Token id', value: asset.tokenId }] : []),
    ]),
  )
  await watchAsset(kit.store, asset)
  kit.onStateChanged?.()
  return true
}
