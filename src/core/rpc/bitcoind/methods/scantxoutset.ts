import { addressToScript, BtcAddressError } from '../../../bitcoin/address.js'
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { scriptOfKey } from '../../../bitcoin/chain/wallet.js'
import { bytesToUnprefixedHex, equalBytes, hexToBytes } from '../../../util/hex.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY, RPC_INVALID_PARAMETER } from '../errors.js'
import { scriptPubKeyJson } from '../scriptJson.js'
import { btcAmount } from '../views.js'

const KEY = '(0[23][0-9a-fA-F]{64})'
const FORMS: Array<[RegExp, (match: RegExpExecArray, chain: BitcoinChain) => Uint8Array]> = [
  [/^addr\(([^)]+)\)$/, (m, chain) => addressToScript(m[1] as string, chain.params)],
  [/^raw\(((?:[0-9a-fA-F]{2})+)\)$/, (m) => hexToBytes(m[1] as string)],
  [new RegExp(`^pkh\\(${KEY}\\)$`), (m) => scriptOfKey(hexToBytes(m[1] as string), 'p2pkh')],
  [new RegExp(`^wpkh\\(${KEY}\\)$`), (m) => scriptOfKey(hexToBytes(m[1] as string), 'p2wpkh')],
  [new RegExp(`^sh\\(wpkh\\(${KEY}\\)\\)$`), (m) => scriptOfKey(hexToBytes(m[1] as string), 'p2sh-p2wpkh')],
]

/** The output script of a scan object: `addr()`, `raw()`, and single-key `pkh()`/`wpkh()`/`sh(wpkh())`. */
function scriptOf(chain: BitcoinChain, object: unknown): Uint8Array {
  const text = typeof object === 'object' && object !== null ? (object as { desc?: unknown }).desc : object
  if (typeof text !== 'string')
    throw new BitcoindError(RPC_INVALID_PARAMETER, 'Scan object needs to be either a string or an object')
  const descriptor = text.replace(/#[a-z0-9]{8}$/, '')
  for (const [pattern, toScript] of FORMS) {
    const match = pattern.exec(descriptor)
    if (!match) continue
    try {
      return toScript(match, chain)
    } catch (error) {
      if (error instanceof BtcAddressError)
        throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, `Address is not valid`)
      throw error
    }
  }
  throw new BitcoindError(
    RPC_INVALID_ADDRESS_OR_KEY,
    `'${text}' is not a descriptor this node scans (addr, raw, pkh, wpkh, sh(wpkh))`,
  )
}

/** Confirmed unspent outputs of the given descriptors, from the chain's script index (no scan needed). */
export const scantxoutset = defineBitcoind({
  name: 'scantxoutset',
  args: [
    { name: 'action', type: 'string' },
    { name: 'scanobjects', type: 'array', optional: true },
  ],
  run(context, [action, objects]) {
    if (action === 'abort') return false
    if (action === 'status') return null
    if (action !== 'start')
      throw new BitcoindError(RPC_INVALID_PARAMETER, `Invalid action '${String(action)}'`)
    if (!Array.isArray(objects))
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'scanobjects argument is required for the start action')
    const chain = context.read()
    const best = chain.bestHeight()
    // Each coin once, however many scan objects describe its script (as one pass over the UTXO set finds it).
    const scripts = objects
      .map((object) => scriptOf(chain, object))
      .filter((script, i, all) => all.findIndex((other) => equalBytes(other, script)) === i)
    const unspents = scripts.flatMap((script) =>
      chain.utxosOf(script).map((utxo) => ({
        txid: bytesToUnprefixedHex(utxo.txid),
        vout: utxo.index,
        scriptPubKey: bytesToUnprefixedHex(utxo.scriptPubKey),
        desc: scriptPubKeyJson(utxo.scriptPubKey, chain.params).desc,
        amount: btcAmount(utxo.value),
        coinbase: utxo.coinbase,
        height: utxo.height,
        blockhash: bytesToUnprefixedHex(chain.hashAt(utxo.height) ?? new Uint8Array(32)),
        confirmations: best - utxo.height + 1,
      })),
    )
    return {
      success: true,
      txouts: unspents.length,
      height: best,
      bestblock: bytesToUnprefixedHex(chain.bestHash()),
      unspents,
      total_amount: btcAmount(unspents.reduce((sum, u) => sum + BigInt(Math.round(u.amount * 1e8)), 0n)),
    }
  },
})
