/**
 * Handler for `anvil_reset` (`hardhat_reset`): a new chain from a new genesis, so the genesis
 * hash and the instance id change and wallets drop cached nonces; `null`. A fork URL is refused
 * with -32602: this node simulates Rootstock and never forks a live chain.
 */
import { resetChain } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { object, optional } from '../../params.js'

export const anvil_reset = defineMethod({
  name: 'anvil_reset',
  params: [optional(object('options'))],
  handler: async (context, [options]) => {
    // viem's reset always sends `{ forking: { blockNumber, jsonRpcUrl } }`; only a URL asks to fork.
    const forking = options?.forking as { jsonRpcUrl?: unknown } | null | undefined
    if (typeof forking?.jsonRpcUrl === 'string' && forking.jsonRpcUrl !== '')
      throw new InvalidParamsError('forking is not supported: this node simulates the chain itself')
    await resetChain(context.engine)
    return null
  },
})
