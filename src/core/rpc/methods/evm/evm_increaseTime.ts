/**
 * Handler for `evm_increaseTime`: moves the clock of later blocks forward by the given seconds
 * (hex or decimal, as RSKj accepts) and answers the accumulated offset as a QUANTITY (a negative
 * one as a JSON number).
 * RSKj clears the offset after one block; here it stays, as in Ganache, Hardhat and Anvil, which is
 * what time-dependent tests expect.
 */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { ParamError, type ParamSpec } from '../../params.js'

const seconds: ParamSpec<bigint> = {
  type: 'QUANTITY',
  name: 'seconds',
  optional: false,
  parse(value) {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
    if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value)
    throw new ParamError(`invalid number of seconds ${JSON.stringify(value)}`)
  },
}

export const evm_increaseTime = defineMethod({
  name: 'evm_increaseTime',
  params: [seconds],
  handler: async (context, [s]) => {
    const offset = context.engine.time.increase(s)
    await context.engine.saveSettings()
    // A pinned timestamp or anvil_setTime before the wall clock leaves the offset negative, which
    // no QUANTITY can say: then the seconds as a JSON number, as Anvil answers.
    return offset < 0n ? Number(offset) : toQuantity(offset)
  },
})
