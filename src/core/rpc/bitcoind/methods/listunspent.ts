import { scriptToAddress } from '../../../bitcoin/address.js'
import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { given, parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'
import { scriptPubKeyJson } from '../scriptJson.js'
import { btcAmount } from '../views.js'
import { walletCoins } from '../wallet/walletCoins.js'
import { scriptOfAddress } from './common.js'

export const listunspent = defineBitcoind({
  name: 'listunspent',
  args: [
    { name: 'minconf', type: 'number', optional: true },
    { name: 'maxconf', type: 'number', optional: true },
    { name: 'addresses', type: 'array', optional: true },
    { name: 'include_unsafe', type: 'boolean', optional: true },
    { name: 'query_options', type: 'object', optional: true },
  ],
  run(context, [minconfParam, maxconfParam, addressesParam]) {
    const chain = context.read()
    const minconf = given(minconfParam) ? parseInteger(minconfParam, 'minconf') : 1
    const maxconf = given(maxconfParam) ? parseInteger(maxconfParam, 'maxconf') : 9_999_999
    const filter: Uint8Array[] = []
    for (const address of given(addressesParam) ? (addressesParam as unknown[]) : []) {
      const script = scriptOfAddress(chain, address, `Invalid Bitcoin address: ${String(address)}`)
      if (filter.some((seen) => equalBytes(seen, script))) {
        throw new BitcoindError(
          RPC_INVALID_PARAMETER,
          `Invalid parameter, duplicated address: ${String(address)}`,
        )
      }
      filter.push(script)
    }
    return walletCoins(chain)
      .filter((coin) => !coin.immature && coin.confirmations >= minconf && coin.confirmations <= maxconf)
      .filter(
        (coin) => filter.length === 0 || filter.some((script) => equalBytes(script, coin.utxo.scriptPubKey)),
      )
      .map(({ utxo, confirmations }) => {
        const spk = scriptPubKeyJson(utxo.scriptPubKey, chain.params)
        return {
          txid: bytesToUnprefixedHex(utxo.txid),
          vout: utxo.index,
          address: scriptToAddress(utxo.scriptPubKey, chain.params),
          label: '',
          scriptPubKey: spk.hex,
          amount: btcAmount(utxo.value),
          confirmations,
          spendable: true,
          solvable: true,
          desc: spk.desc,
          safe: true,
        }
      })
  },
})
