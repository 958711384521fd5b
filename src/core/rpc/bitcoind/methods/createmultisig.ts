import { scriptToAddress } from '../../../bitcoin/address.js'
import { hash160, witnessScriptHash } from '../../../bitcoin/hash160.js'
import { multisigScript, p2shScript, p2wshScript } from '../../../bitcoin/script.js'
import { curves } from '../../../crypto/curves.js'
import { bytesToUnprefixedHex, hexToBytes } from '../../../util/hex.js'
import { given, parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY, RPC_INVALID_PARAMETER } from '../errors.js'
import { withChecksum } from '../scriptJson.js'

function publicKeyOf(value: unknown): Uint8Array {
  const text = String(value)
  try {
    if (!/^[0-9a-fA-F]+$/.test(text) || (text.length !== 66 && text.length !== 130)) throw new Error('shape')
    const key = hexToBytes(text)
    curves().secp256k1.Point.fromBytes(key).assertValidity()
    return key
  } catch {
    throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, `Invalid public key: ${text}`)
  }
}

/** An m-of-n multisig address of public keys in the order given (no wallet involved). */
export const createmultisig = defineBitcoind({
  name: 'createmultisig',
  args: [
    { name: 'nrequired', type: 'number' },
    { name: 'keys', type: 'array' },
    { name: 'address_type', type: 'string', optional: true },
  ],
  run(context, [nrequired, keysParam, typeParam]) {
    const m = parseInteger(nrequired, 'nrequired')
    const keys = (keysParam as unknown[]).map(publicKeyOf)
    if (m < 1) {
      throw new BitcoindError(
        RPC_INVALID_PARAMETER,
        'a multisignature address must require at least one key to redeem',
      )
    }
    if (keys.length < m) {
      throw new BitcoindError(
        RPC_INVALID_PARAMETER,
        `not enough keys supplied (got ${keys.length} keys, but need at least ${m} to redeem)`,
      )
    }
    if (keys.length > 16) {
      throw new BitcoindError(
        RPC_INVALID_PARAMETER,
        'Number of keys involved in the multisignature address creation > 16\nReduce the number',
      )
    }
    const type = given(typeParam) ? String(typeParam) : 'legacy'
    const redeemScript = multisigScript(m, keys)
    const multi = `multi(${m},${keys.map(bytesToUnprefixedHex).join(',')})`
    const witnessScript = p2wshScript(witnessScriptHash(redeemScript))
    const forms: Record<string, { script: Uint8Array; descriptor: string }> = {
      legacy: { script: p2shScript(hash160(redeemScript)), descriptor: `sh(${multi})` },
      'p2sh-segwit': { script: p2shScript(hash160(witnessScript)), descriptor: `sh(wsh(${multi}))` },
      bech32: { script: witnessScript, descriptor: `wsh(${multi})` },
    }
    const form = forms[type]
    if (!form) throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, `Unknown address type '${type}'`)
    return {
      address: scriptToAddress(form.script, context.read().params),
      redeemScript: bytesToUnprefixedHex(redeemScript),
      descriptor: withChecksum(form.descriptor),
    }
  },
})
