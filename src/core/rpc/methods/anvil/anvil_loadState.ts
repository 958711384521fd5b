/**
 * Handler for `anvil_loadState`: replaces the chain with a dump from `anvil_dumpState` (the hex
 * string, or the JSON object it encodes) in one atomic write; `true`. Filters are cleared and
 * subscribers hear a reset. A malformed dump or one of another chain id is -32602.
 */
import { InvalidChainDumpError, loadChain, parseChainDump } from '../../../node/engine/chainDump.js'
import { hexToBytes, isHexString } from '../../../util/hex.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { anyJson } from '../../params.js'

function decodeBlob(value: unknown): unknown {
  if (typeof value !== 'string') return value
  if (!isHexString(value)) throw new InvalidChainDumpError('expected a 0x hex string or a dump object')
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(value)))
  } catch {
    throw new InvalidChainDumpError('the hex string does not encode a JSON chain dump')
  }
}

export const anvil_loadState = defineMethod({
  name: 'anvil_loadState',
  params: [anyJson('state')],
  handler: async (context, [state]) => {
    let dump: ReturnType<typeof parseChainDump>
    try {
      dump = parseChainDump(decodeBlob(state), context.network.chainId)
    } catch (error) {
      if (error instanceof InvalidChainDumpError)
        throw new InvalidParamsError(`invalid state: ${error.message}`)
      throw error
    }
    await loadChain(context.engine, dump)
    return true
  },
})
