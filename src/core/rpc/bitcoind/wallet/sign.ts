/**
 * Signing a raw transaction's inputs with given keys (`signrawtransactionwithkey`) or the wallet's
 * (`signrawtransactionwithwallet`): each input whose spent output is known (in the chain, the
 * mempool or `prevtxs`) and pays one of the keys is signed; the others are reported as bitcoind does.
 */
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { signInput } from '../../../bitcoin/signInput.js'
import { verifyInputScript } from '../../../bitcoin/verifyInput.js'
import type { BitcoinTransaction } from '../../../mining/bitcoin/transaction.js'
import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { parseAmount, parseHash, parseHex } from '../args.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'
import { rawTransactionHex } from '../rawTransaction.js'

interface Prev {
  value: bigint
  scriptPubKey: Uint8Array
}

function prevtxsOf(list: unknown): Map<string, Prev> {
  const known = new Map<string, Prev>()
  if (!Array.isArray(list)) return known
  for (const item of list) {
    const { txid, vout, scriptPubKey, amount } = (item ?? {}) as Record<string, unknown>
    if (typeof vout !== 'number' || vout < 0)
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'vout cannot be negative')
    const id = `${bytesToUnprefixedHex(parseHash(txid, 'txid'))}:${vout}`
    known.set(id, { scriptPubKey: parseHex(scriptPubKey, 'scriptPubKey'), value: parseAmount(amount ?? 0) })
  }
  return known
}

export function signTransaction(
  chain: BitcoinChain,
  tx: BitcoinTransaction,
  keys: readonly Uint8Array[],
  prevtxs: unknown,
): { hex: string; complete: boolean; errors?: unknown[] } {
  const given = prevtxsOf(prevtxs)
  let signed = tx
  const errors: unknown[] = []
  tx.inputs.forEach((input, i) => {
    const id = `${bytesToUnprefixedHex(input.previousTxid)}:${input.previousIndex}`
    const prev = given.get(id) ?? chain.utxo(input.previousTxid, input.previousIndex, { mempool: true })
    let error: string | undefined
    if (!prev) error = 'Input not found or already spent'
    else if (!verifyInputScript(signed, i, prev).ok) {
      const key = keys.find((candidate) => canSign(signed, i, prev, candidate))
      if (key) signed = signInput(signed, i, prev, key)
      else error = 'Unable to sign input, invalid stack size (possibly missing key)'
    }
    if (error) {
      const current = signed.inputs[i]!
      errors.push({
        txid: bytesToUnprefixedHex(input.previousTxid),
        vout: input.previousIndex,
        witness: (current.witness ?? []).map(bytesToUnprefixedHex),
        scriptSig: bytesToUnprefixedHex(current.scriptSig),
        sequence: current.sequence,
        error,
      })
    }
  })
  const hex = rawTransactionHex(signed)
  return errors.length > 0 ? { hex, complete: false, errors } : { hex, complete: true }
}

function canSign(tx: BitcoinTransaction, index: number, prev: Prev, key: Uint8Array): boolean {
  try {
    signInput(tx, index, prev, key)
    return true
  } catch {
    return false
  }
}
