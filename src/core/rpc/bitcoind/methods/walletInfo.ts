/** The one dev wallet under Bitcoin Core's multi-wallet calls: every wallet name is it. */
import { given } from '../args.js'
import { defineBitcoind } from '../context.js'
import { btcAmount } from '../views.js'
import { walletCoins } from '../wallet/walletCoins.js'

export const listwallets = defineBitcoind({ name: 'listwallets', args: [], run: () => [''] })

const loaded = (name: unknown) => ({ name: given(name) ? String(name) : '', warning: '' })

export const createwallet = defineBitcoind({
  name: 'createwallet',
  args: [
    { name: 'wallet_name', type: 'string' },
    { name: 'disable_private_keys', type: 'boolean', optional: true },
    { name: 'blank', type: 'boolean', optional: true },
    { name: 'passphrase', type: 'string', optional: true },
    { name: 'avoid_reuse', type: 'boolean', optional: true },
    { name: 'descriptors', type: 'boolean', optional: true },
    { name: 'load_on_startup', type: 'boolean', optional: true },
    { name: 'external_signer', type: 'boolean', optional: true },
  ],
  run: (_context, [name]) => loaded(name),
})

export const loadwallet = defineBitcoind({
  name: 'loadwallet',
  args: [
    { name: 'filename', type: 'string' },
    { name: 'load_on_startup', type: 'boolean', optional: true },
  ],
  run: (_context, [name]) => loaded(name),
})

export const getwalletinfo = defineBitcoind({
  name: 'getwalletinfo',
  args: [],
  run(context) {
    const coins = walletCoins(context.read())
    const sum = (filter: (coin: (typeof coins)[number]) => boolean) =>
      btcAmount(coins.filter(filter).reduce((total, coin) => total + coin.utxo.value, 0n))
    return {
      walletname: '',
      walletversion: 169900,
      format: 'bdb',
      balance: sum((coin) => !coin.immature && coin.confirmations > 0),
      unconfirmed_balance: sum((coin) => coin.confirmations === 0),
      immature_balance: sum((coin) => coin.immature),
      txcount: coins.length,
      keypoololdest: 0,
      keypoolsize: 1000,
      paytxfee: 0,
      private_keys_enabled: true,
      avoid_reuse: false,
      scanning: false,
      descriptors: false,
      external_signer: false,
    }
  },
})
