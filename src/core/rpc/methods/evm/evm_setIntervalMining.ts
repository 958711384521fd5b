/**
 * Handler for `evm_setIntervalMining`, Hardhat's spelling, in Hardhat's unit: milliseconds.
 * `[5000]` mines a block every 5 s; `[[3000, 6000]]` waits a random interval in that range (both
 * ends included) before each block; `[0]` turns interval mining off (manual mining). `null`.
 * The random intervals come from the node's injected randomness and are drawn one block ahead,
 * so a restarted node keeps the schedule it announced. See anvil_setIntervalMining for how blocks
 * are mined without timers.
 */
import { MAX_INTERVAL_MS } from '../../../node/engine/settings.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { anyJson, describeJsonType } from '../../params.js'

function milliseconds(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new InvalidParamsError(
      `invalid argument 0: ${what} must be a non-negative integer of milliseconds, got ${typeof value === 'number' ? value : describeJsonType(value)}`,
    )
  if (value > MAX_INTERVAL_MS)
    throw new InvalidParamsError(
      `invalid argument 0: ${what} must be at most ${MAX_INTERVAL_MS} ms, got ${value}`,
    )
  return value
}

export const evm_setIntervalMining = defineMethod({
  name: 'evm_setIntervalMining',
  params: [anyJson('interval')],
  handler: async (context, [interval]) => {
    let minMs: number
    let maxMs: number
    if (Array.isArray(interval)) {
      if (interval.length !== 2)
        throw new InvalidParamsError(
          `invalid argument 0: a range must be [min, max] in milliseconds, got ${interval.length} values`,
        )
      minMs = milliseconds(interval[0], 'the range minimum')
      maxMs = milliseconds(interval[1], 'the range maximum')
      if (minMs === 0)
        throw new InvalidParamsError('invalid argument 0: the range minimum must be at least 1 ms')
      if (maxMs < minMs)
        throw new InvalidParamsError(
          `invalid argument 0: the range maximum ${maxMs} is below its minimum ${minMs}`,
        )
    } else {
      minMs = maxMs = milliseconds(interval, 'the interval')
    }
    await context.engine.setMiningMode(minMs === 0 ? { type: 'manual' } : { type: 'interval', minMs, maxMs })
    return null
  },
})
