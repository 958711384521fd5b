/** Lookups the bitcoind methods share, each failing with Bitcoin Core's code and text. */
import { addressToScript, BtcAddressError } from '../../../bitcoin/address.js'
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import type { StoredBtcBlock } from '../../../bitcoin/chain/types.js'
import { parseHash } from '../args.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY } from '../errors.js'

/** bitcoind's `chain` name of the simulated chain's network. */
export function chainName(chain: BitcoinChain): string {
  return { regtest: 'regtest', testnet: 'test', mainnet: 'main' }[chain.params.name]
}

export function blockByHashParam(chain: BitcoinChain, value: unknown, name = 'blockhash'): StoredBtcBlock {
  const stored = chain.blockByHash(parseHash(value, name))
  if (!stored) throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, 'Block not found')
  return stored
}

/** The output script of an address of this network; `message` is Bitcoin Core's text for the method. */
export function scriptOfAddress(chain: BitcoinChain, address: unknown, message: string): Uint8Array {
  try {
    return addressToScript(String(address), chain.params)
  } catch (error) {
    if (error instanceof BtcAddressError) throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, message)
    throw error
  }
}

/** Confirmations of an output or transaction at `height` (0 in the mempool). */
export function confirmationsAt(chain: BitcoinChain, height: number | undefined): number {
  return height === undefined || height > chain.bestHeight() ? 0 : chain.bestHeight() - height + 1
}
