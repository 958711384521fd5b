/**
 * Handler for `evm_increaseTime`: moves the clock of later blocks forward by the given seconds
 * (hex or decimal, as RSKj accepts) and answers the accumulated offset as a QUANTITY (a negative
 * one as a JSON number).
 * RSKj clears the offset after one block; here it stays, as in Ganache, Hardhat and Anvil, which is
 * what time-dependent tests expect. The clock may not pass the largest timestamp a request may set.
 */
import { defineMethod } from '../../defineMethod.js'
import { toQuantity } from '../../encode.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { inRange, MAX_TIMESTAMP } from '../../limits.js'
import { describeValue, ParamError, type ParamSpec } from '../../params.js'

const seconds: ParamSpec<bigint> = inRange(
  {
    type: 'QUANTITY',
    name: 'seconds',
    optional: false,
    parse(value) {
      if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
      if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return BigInt(value)
      throw new ParamError(`invalid number of seconds ${describeValue(value)}`)
    },
  },
  0n,
  MAX_TIMESTAMP,
)

export const evm_increaseTime = defineMethod({
  name: 'evm_increaseTime',
  params: [seconds],
  handler: (context, [s]) => {
    const { engine } = context
    return engine.mutex.run(async () => {
      const room = MAX_TIMESTAMP - engine.time.nowSeconds()
      if (s > room)
        throw new InvalidParamsError(
          `invalid argument 0: seconds must be at most ${room > 0n ? room : 0n} now (the clock stops at ${MAX_TIMESTAMP}), got ${s}`,
        )
      const offset = engine.time.increase(s)
      await engine.saveSettings()
      // A pinned timestamp or anvil_setTime before the wall clock leaves the offset negative, which
      // no QUANTITY can say: then the seconds as a JSON number, as Anvil answers.
      return offset < 0n ? Number(offset) : toQuantity(offset)
    })
  },
})
