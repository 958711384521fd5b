/**
 * Handler for `anvil_reset` (`hardhat_reset`): a new chain from a new genesis, so the genesis
 * hash and the instance id change and wallets drop cached nonces; `null`. With
 * `{ forking: { jsonRpcUrl, blockNumber? } }` the new chain is a fork of that upstream (checked
 * before anything is deleted); without a URL it is a plain local chain, whatever it was before.
 */
import { connectFork } from '../../../fork/openFork.js'
import { resetChain } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { object, optional } from '../../params.js'

export const anvil_reset = defineMethod({
  name: 'anvil_reset',
  params: [optional(object('options'))],
  handler: async (context, [options]) => {
    // viem's reset always sends `{ forking: { blockNumber, jsonRpcUrl } }`; only a URL asks to fork.
    const forking = options?.forking as { jsonRpcUrl?: unknown; blockNumber?: unknown } | null | undefined
    const url = forking?.jsonRpcUrl
    if (url === undefined || url === null || url === '') {
      await resetChain(context.engine, null)
      return null
    }
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      throw new InvalidParamsError('invalid forking.jsonRpcUrl: expected an http(s) address')
    const connection = await connectFork(
      { url, ...(forking?.blockNumber == null ? {} : { blockNumber: blockNumberOf(forking.blockNumber) }) },
      context.network,
    )
    await resetChain(context.engine, connection)
    return null
  },
})

function blockNumberOf(value: unknown): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value)
  throw new InvalidParamsError('invalid forking.blockNumber: expected a block number')
}
