/**
 * Arguments the `btc_*` dev methods share: Bitcoin addresses of the node's network, satoshi
 * amounts, and the dev accounts whose keys sign on both chains. Each failure names the argument.
 */

import { DEV_ACCOUNTS, type DevAccount } from '../../accounts/devAccounts.js'
import { addressToScript, BtcAddressError } from '../../bitcoin/address.js'
import { BTC_PARAMS, type BtcParams } from '../../bitcoin/params.js'
import type { NetworkConfig } from '../../network/networks.js'
import type { Address } from '../../util/hex.js'
import { InvalidParamsError } from '../errors/rpc.js'
import { describeValue } from '../params.js'

/** 21 million BTC: no amount above it can exist on the simulated chain. */
export const MAX_SATOSHIS = 21_000_000n * 100_000_000n

export function btcParamsOf(network: Pick<NetworkConfig, 'name'>): BtcParams {
  return BTC_PARAMS[network.name]
}

/** The output script of a Bitcoin address of this network, or -32602 naming the argument. */
export function btcAddressScript(
  network: Pick<NetworkConfig, 'name'>,
  value: string,
  argument: string,
): Uint8Array {
  try {
    return addressToScript(value, btcParamsOf(network))
  } catch (error) {
    const reason = error instanceof BtcAddressError ? error.message : 'not a Bitcoin address'
    throw new InvalidParamsError(
      `invalid ${argument}: ${describeValue(value)} is not a ${network.name} Bitcoin address (${reason})`,
    )
  }
}

/** A satoshi amount from a QUANTITY, a decimal string or a safe integer, above 0 and ≤ 21M BTC. */
export function satoshis(value: unknown, argument: string): bigint {
  let amount: bigint | undefined
  if (typeof value === 'number' && Number.isSafeInteger(value)) amount = BigInt(value)
  else if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,30})$/.test(value))
    amount = BigInt(value)
  if (amount === undefined)
    throw new InvalidParamsError(
      `invalid ${argument}: expected satoshis as a hex QUANTITY, a decimal string or an integer, got ${describeValue(value)}`,
    )
  if (amount <= 0n || amount > MAX_SATOSHIS)
    throw new InvalidParamsError(
      `invalid ${argument}: ${amount} satoshis is not between 1 and ${MAX_SATOSHIS}`,
    )
  return amount
}

/** A dev account by RSK address: its key also controls a Bitcoin address. */
export function devAccount(address: Address, argument: string): DevAccount {
  const account = DEV_ACCOUNTS.find((a) => a.address === address)
  if (!account)
    throw new InvalidParamsError(
      `invalid ${argument}: ${address} is not one of the node's dev accounts, whose keys sign on both chains`,
    )
  return account
}
