import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { given, parseHash } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY, RPC_INVALID_PARAMETER } from '../errors.js'
import { rawTransactionJson } from '../views.js'
import { blockByHashParam } from './common.js'

const NOT_FOUND = 'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.'
const NOT_IN_BLOCK =
  'No such transaction found in the provided block. Use gettransaction for wallet transactions.'

/** Every transaction is indexed (as with `-txindex`): mined ones and the mempool's. */
export const getrawtransaction = defineBitcoind({
  name: 'getrawtransaction',
  args: [
    { name: 'txid', type: 'string' },
    { name: 'verbose', type: 'numberOrBool', optional: true },
    { name: 'blockhash', type: 'string', optional: true },
  ],
  run(context, [txidParam, verbose, blockHashParam]) {
    const chain = context.read()
    const txid = parseHash(txidParam, 'parameter 1')
    const level = !given(verbose) ? 0 : typeof verbose === 'boolean' ? (verbose ? 1 : 0) : verbose
    if (typeof level !== 'number' || !Number.isInteger(level)) {
      throw new BitcoindError(RPC_INVALID_PARAMETER, 'Verbosity must be an integer')
    }
    let inBlock: Uint8Array | undefined
    if (given(blockHashParam)) {
      try {
        inBlock = blockByHashParam(chain, blockHashParam, 'parameter 3').hash
      } catch (error) {
        if (error instanceof BitcoindError && error.code === RPC_INVALID_ADDRESS_OR_KEY) {
          throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, 'Block hash not found')
        }
        throw error
      }
    }
    const info = chain.transaction(txid)
    if (inBlock && (!info?.blockHash || !equalBytes(info.blockHash, inBlock))) {
      throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, NOT_IN_BLOCK)
    }
    if (!info) throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, NOT_FOUND)
    if (level <= 0) return bytesToUnprefixedHex(info.raw)
    const place = { blockHash: info.blockHash, height: info.height }
    const json = rawTransactionJson(chain, info.tx, place, level === 1 ? 1 : 2)
    return inBlock ? { in_active_chain: true, ...json } : json
  },
})
