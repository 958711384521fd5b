/** Handler for `btc_getAddresses`: each dev account's Bitcoin addresses (same key) and P2PKH balance. */
import { DEV_ACCOUNTS } from '../../../accounts/devAccounts.js'
import { p2pkhAddress, p2shP2wpkhAddress, p2wpkhAddress } from '../../../bitcoin/address.js'
import { compressedPublicKey } from '../../../bitcoin/chain/genesis.js'
import { scriptOfKey } from '../../../bitcoin/chain/wallet.js'
import { hexToBytes } from '../../../util/hex.js'
import { latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { btcParamsOf } from '../../btc/btcArguments.js'
import { defineMethod } from '../../defineMethod.js'

export const btc_getAddresses = defineMethod({
  name: 'btc_getAddresses',
  params: [],
  handler: (context) => {
    const chain = latestBitcoinChain(context)
    const params = btcParamsOf(context.network)
    return DEV_ACCOUNTS.map((account) => {
      const publicKey = compressedPublicKey(hexToBytes(account.privateKey))
      return {
        rskAddress: account.address,
        p2pkh: p2pkhAddress(publicKey, params),
        p2wpkh: p2wpkhAddress(publicKey, params),
        p2shP2wpkh: p2shP2wpkhAddress(publicKey, params),
        balance: chain.balanceOf(scriptOfKey(publicKey)).toString(),
      }
    })
  },
})
