/**
 * Signing the standard spends: single-key P2PKH, P2WPKH and P2SH-P2WPKH, and P2SH multisig (the
 * federation's peg-outs). Transactions are returned as new objects; the one passed in is unchanged.
 */
import { curves } from '../crypto/curves'
import type { BitcoinTransaction, BitcoinTxInput } from '../mining/bitcoin/transaction'
import { equalBytes } from '../util/hex'
import { hash160 } from './hash160'
import { OP_0 } from './opcodes'
import { classifyScript, compileScript, p2pkhScript, p2wpkhScript } from './script'
import { legacySighash, SIGHASH_ALL, witnessV0Sighash } from './sighash'
import { signBtc } from './signature'

function withInput(
  tx: BitcoinTransaction,
  inputIndex: number,
  change: Partial<BitcoinTxInput>,
): BitcoinTransaction {
  const inputs = tx.inputs.map((input, i) => (i === inputIndex ? { ...input, ...change } : input))
  return { ...tx, inputs }
}

function withHashType(der: Uint8Array, hashType: number): Uint8Array {
  const out = new Uint8Array(der.length + 1)
  out.set(der)
  out[der.length] = hashType
  return out
}

/**
 * Signs input `inputIndex` (SIGHASH_ALL) when `prevOutput` is the P2PKH, P2WPKH or P2SH-P2WPKH
 * output of `privateKey`'s compressed key; throws otherwise.
 */
export function signInput(
  tx: BitcoinTransaction,
  inputIndex: number,
  prevOutput: { value: bigint; scriptPubKey: Uint8Array },
  privateKey: Uint8Array,
): BitcoinTransaction {
  if (tx.inputs[inputIndex] === undefined) throw new RangeError(`input ${inputIndex} does not exist`)
  const publicKey = curves().secp256k1.getPublicKey(privateKey, true)
  const keyHash = hash160(publicKey)
  const template = classifyScript(prevOutput.scriptPubKey)
  const segwitSig = () =>
    withHashType(
      signBtc(
        witnessV0Sighash(tx, inputIndex, p2pkhScript(keyHash), prevOutput.value, SIGHASH_ALL),
        privateKey,
      ),
      SIGHASH_ALL,
    )
  if (template.kind === 'p2pkh' && equalBytes(template.hash, keyHash)) {
    const digest = legacySighash(tx, inputIndex, prevOutput.scriptPubKey, SIGHASH_ALL)
    const sig = withHashType(signBtc(digest, privateKey), SIGHASH_ALL)
    return withInput(tx, inputIndex, { scriptSig: compileScript([sig, publicKey]), witness: [] })
  }
  if (template.kind === 'p2wpkh' && equalBytes(template.hash, keyHash)) {
    return withInput(tx, inputIndex, { scriptSig: new Uint8Array(0), witness: [segwitSig(), publicKey] })
  }
  const redeemScript = p2wpkhScript(keyHash)
  if (template.kind === 'p2sh' && equalBytes(template.hash, hash160(redeemScript))) {
    return withInput(tx, inputIndex, {
      scriptSig: compileScript([redeemScript]),
      witness: [segwitSig(), publicKey],
    })
  }
  throw new RangeError('the output is not a P2PKH, P2WPKH or P2SH-P2WPKH output of this key')
}

/**
 * `OP_0 <sig…> <redeemScript>`: the scriptSig spending a P2SH multisig output. Signatures (with
 * their hash-type byte) must be in the order of their keys in the redeem script.
 */
export function multisigScriptSig(signatures: Uint8Array[], redeemScript: Uint8Array): Uint8Array {
  return compileScript([OP_0, ...signatures, redeemScript])
}

/**
 * Signs a P2SH multisig input with `privateKeys` (SIGHASH_ALL), ordering the signatures by their
 * keys' places in the redeem script; at least m of the keys must belong to it.
 */
export function signMultisigInput(
  tx: BitcoinTransaction,
  inputIndex: number,
  redeemScript: Uint8Array,
  privateKeys: Uint8Array[],
): BitcoinTransaction {
  const template = classifyScript(redeemScript)
  if (template.kind !== 'multisig') throw new RangeError('the redeem script is not a multisig script')
  const digest = legacySighash(tx, inputIndex, redeemScript, SIGHASH_ALL)
  const byPosition: { position: number; sig: Uint8Array }[] = []
  for (const privateKey of privateKeys) {
    const publicKey = curves().secp256k1.getPublicKey(privateKey, true)
    const position = template.publicKeys.findIndex((key) => equalBytes(key, publicKey))
    if (position < 0) continue
    byPosition.push({ position, sig: withHashType(signBtc(digest, privateKey), SIGHASH_ALL) })
  }
  byPosition.sort((a, b) => a.position - b.position)
  const sigs = byPosition.slice(0, template.m).map((entry) => entry.sig)
  if (sigs.length < template.m)
    throw new RangeError(`${sigs.length} of the keys are in the script, ${template.m} needed`)
  return withInput(tx, inputIndex, { scriptSig: multisigScriptSig(sigs, redeemScript), witness: [] })
}
