/** What `validateaddress` and `getaddressinfo` both say of an address's script. */
import { classifyScript } from '../../../bitcoin/script.js'
import { bytesToUnprefixedHex } from '../../../util/hex.js'

export function scriptFacts(script: Uint8Array): Record<string, unknown> {
  const kind = classifyScript(script).kind
  const witness = kind === 'p2wpkh' || kind === 'p2wsh' || kind === 'p2tr'
  const facts: Record<string, unknown> = {
    scriptPubKey: bytesToUnprefixedHex(script),
    isscript: kind === 'p2sh' || kind === 'p2wsh',
    iswitness: witness,
  }
  if (witness) {
    facts.witness_version = kind === 'p2tr' ? 1 : 0
    facts.witness_program = bytesToUnprefixedHex(script.subarray(2))
  }
  return facts
}
