import { nullDataScript } from '../../../bitcoin/script.js'
import type { BitcoinTxInput, BitcoinTxOutput } from '../../../mining/bitcoin/transaction.js'
import { equalBytes } from '../../../util/hex.js'
import { given, parseAmount, parseHash, parseHex, parseInteger } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'
import { rawTransactionHex } from '../rawTransaction.js'
import { scriptOfAddress } from './common.js'

type Chain = Parameters<typeof scriptOfAddress>[0]

function inputsOf(list: unknown[], lockTime: number, replaceable: boolean): BitcoinTxInput[] {
  const fallback = replaceable ? 0xfffffffd : lockTime !== 0 ? 0xfffffffe : 0xffffffff
  return list.map((item) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, expected object')
    }
    const { txid, vout, sequence } = item as Record<string, unknown>
    const previousTxid = parseHash(txid, 'txid')
    if (vout === undefined)
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, missing vout key')
    if (typeof vout !== 'number' || !Number.isInteger(vout)) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, vout must be a number')
    }
    if (vout < 0 || vout > 0xffffffff)
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, vout cannot be negative')
    let seq = fallback
    if (given(sequence)) {
      if (
        typeof sequence !== 'number' ||
        !Number.isInteger(sequence) ||
        sequence < 0 ||
        sequence > 0xffffffff
      ) {
        throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, sequence number is out of range')
      }
      seq = sequence
    }
    return { previousTxid, previousIndex: vout, scriptSig: new Uint8Array(0), sequence: seq }
  })
}

/** Outputs as an object `{ address: amount, data: hex }` or an array of one-key objects. */
function outputsOf(chain: Chain, outputs: unknown): BitcoinTxOutput[] {
  const pairs: Array<[string, unknown]> = Array.isArray(outputs)
    ? outputs.flatMap((entry) => {
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
          throw new BitcoindError(
            RPC_INVALID_PARAMETER,
            'Invalid parameter, key-value pair not an object as expected',
          )
        }
        const entries = Object.entries(entry)
        if (entries.length !== 1) {
          throw new BitcoindError(
            RPC_INVALID_PARAMETER,
            'Invalid parameter, key-value pair must contain exactly one key',
          )
        }
        return entries
      })
    : Object.entries(outputs as object)
  const result: BitcoinTxOutput[] = []
  let hasData = false
  for (const [key, value] of pairs) {
    if (key === 'data') {
      if (hasData) throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, duplicate key: data')
      hasData = true
      const data = parseHex(value, 'Data')
      result.push({ value: 0n, scriptPubKey: nullDataScript(data) })
      continue
    }
    const script = scriptOfAddress(chain, key, `Invalid Bitcoin address: ${key}`)
    if (result.some((output) => equalBytes(output.scriptPubKey, script))) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, `Invalid parameter, duplicated address: ${key}`)
    }
    result.push({ value: parseAmount(value), scriptPubKey: script })
  }
  return result
}

/** An unsigned transaction (no witness): `data` outputs are OP_RETURN, as RSKIP170 peg-ins carry. */
export const createrawtransaction = defineBitcoind({
  name: 'createrawtransaction',
  args: [
    { name: 'inputs', type: 'array' },
    { name: 'outputs', type: 'any' },
    { name: 'locktime', type: 'number', optional: true },
    { name: 'replaceable', type: 'boolean', optional: true },
  ],
  run(context, [inputs, outputs, locktime, replaceable]) {
    if (typeof outputs !== 'object' || outputs === null) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, output argument must be non-null')
    }
    const lockTime = given(locktime) ? parseInteger(locktime, 'locktime') : 0
    if (lockTime < 0 || lockTime > 0xffffffff) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid parameter, locktime out of range')
    }
    const tx = {
      version: 2,
      inputs: inputsOf(inputs as unknown[], lockTime, replaceable === true),
      outputs: outputsOf(context.read(), outputs),
      lockTime,
    }
    return rawTransactionHex(tx)
  },
})
