/**
 * Handler for `hardhat_setPrevRandao(value)`. Rootstock has no PREVRANDAO: it is merge-mined with
 * Bitcoin, not proof-of-stake, and opcode 0x44 is DIFFICULTY, the block's merged-mining
 * difficulty. Accepting a value that no contract could then read would make a test that depends
 * on it fail far from the cause, so a well-formed request is refused here with the rule, and a
 * malformed one is -32602 like any other.
 */
import { defineMethod } from '../../defineMethod.js'
import { ServerError } from '../../errors/rpc.js'
import { hash } from '../../params.js'

export const PREVRANDAO_REFUSAL =
  'hardhat_setPrevRandao: Rootstock has no PREVRANDAO; opcode 0x44 is DIFFICULTY (the merged-mining difficulty of the block), so there is no value to set'

export const hardhat_setPrevRandao = defineMethod({
  name: 'hardhat_setPrevRandao',
  params: [hash('prevRandao', 'prevRandao')],
  handler: () => {
    throw new ServerError(PREVRANDAO_REFUSAL)
  },
})
