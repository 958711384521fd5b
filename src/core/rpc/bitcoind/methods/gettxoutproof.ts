import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { given, parseHash } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY, RPC_INVALID_PARAMETER } from '../errors.js'
import { blockByHashParam } from './common.js'

export const gettxoutproof = defineBitcoind({
  name: 'gettxoutproof',
  args: [
    { name: 'txids', type: 'array' },
    { name: 'blockhash', type: 'string', optional: true },
  ],
  run(context, [txidsParam, blockHashParam]) {
    const chain = context.read()
    const txids: Uint8Array[] = []
    for (const value of txidsParam as unknown[]) {
      const txid = parseHash(value, 'txid')
      if (txids.some((seen) => equalBytes(seen, txid))) {
        throw new BitcoindError(RPC_INVALID_PARAMETER, `Invalid parameter, duplicated txid: ${String(value)}`)
      }
      txids.push(txid)
    }
    if (txids.length === 0)
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Parameter txids must not be empty')
    const blockHash = given(blockHashParam) ? blockByHashParam(chain, blockHashParam).hash : undefined
    if (!blockHash && !chain.transaction(txids[0] as Uint8Array)?.blockHash) {
      throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, 'Transaction not yet in block')
    }
    return bytesToUnprefixedHex(chain.proof(txids, blockHash))
  },
})
