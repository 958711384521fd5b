/** Handler for `btc_getAddresses`: each dev account's Bitcoin addresses (same key) and P2PKH balance. */
import { DEV_ACCOUNTS } from '../../../accounts/devAccounts.js'
import { p2pkhAddress, p2shP2wpkhAddress, p2wpkhAddress } from '../../../bitcoin/address.js'
import { compressedPublicKey } from '../../../bitcoin/chain/genesis.js'
import { scriptOfKey } from '../../../bitcoin/chain/wallet.js'
import { hexToBytes } from '../../../util/hex.js'
import { latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { btcParamsOf } from '../../btc/btcArguments.js'
import { defineMethod } from '../../defineMethod.js'

interface DevBitcoinAddresses {
  rskAddress: string
  p2pkh: string
  p2wpkh: string
  p2shP2wpkh: string
  script: Uint8Array
}

// Deriving twenty keys' addresses costs milliseconds; they never change for a network.
const cache = new Map<string, readonly DevBitcoinAddresses[]>()

function devAddresses(network: Parameters<typeof btcParamsOf>[0]): readonly DevBitcoinAddresses[] {
  let addresses = cache.get(network.name)
  if (!addresses) {
    const params = btcParamsOf(network)
    addresses = DEV_ACCOUNTS.map((account) => {
      const publicKey = compressedPublicKey(hexToBytes(account.privateKey))
      return {
        rskAddress: account.address,
        p2pkh: p2pkhAddress(publicKey, params),
        p2wpkh: p2wpkhAddress(publicKey, params),
        p2shP2wpkh: p2shP2wpkhAddress(publicKey, params),
        script: scriptOfKey(publicKey),
      }
    })
    cache.set(network.name, addresses)
  }
  return addresses
}

export const btc_getAddresses = defineMethod({
  name: 'btc_getAddresses',
  params: [],
  handler: (context) => {
    const chain = latestBitcoinChain(context)
    return devAddresses(context.network).map(({ script, ...addresses }) => ({
      ...addresses,
      balance: chain.balanceOf(script).toString(),
    }))
  },
})
