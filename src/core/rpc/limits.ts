/**
 * The ranges dev-method quantities are held to, so that no accepted value leaves the chain unable
 * to build its next block. A value outside its range is -32602 naming the parameter and the range,
 * checked before anything changes.
 *
 * - Timestamps: a block's timestamp is a Java `long` in RSKj; every later block adds at least a
 *   second, and the JSON side of clients reads numbers as doubles. The largest timestamp a request
 *   may set is 2^53 − 1 seconds, which leaves 2^63 − 2^53 seconds for the blocks after it.
 * - Block counts: one request mines at most `MAX_MINE_BLOCKS` blocks (docs/dev-methods.md).
 * - Gas: a block gas limit fits RSKj's `long` and holds at least one transfer; a minimum gas price
 *   fits a `long` too (RSKj's `miner.minGasPrice`), so a transfer stays affordable.
 */
import { ParamError, type ParamSpec } from './params.js'

export const MAX_TIMESTAMP = 2n ** 53n - 1n
export const MAX_MINE_BLOCKS = 1_000_000n
export const MAX_LONG = 2n ** 63n - 1n
export const MIN_BLOCK_GAS_LIMIT = 21_000n
export const MAX_BLOCK_GAS_LIMIT = MAX_LONG
export const MAX_MIN_GAS_PRICE = MAX_LONG

export function rangeText(min: bigint, max: bigint): string {
  return min === 0n ? `at most ${max}` : `between ${min} and ${max}`
}

/** Throws a `ParamError` naming `name` and its range when `n` is outside `[min, max]`. */
export function checkRange(name: string, n: bigint, min: bigint, max: bigint): bigint {
  if (n < min || n > max) throw new ParamError(`${name} must be ${rangeText(min, max)}, got ${n}`)
  return n
}

/** `spec` with its parsed value held to `[min, max]`. */
export function inRange(spec: ParamSpec<bigint>, min: bigint, max: bigint): ParamSpec<bigint> {
  return { ...spec, parse: (value) => checkRange(spec.name, spec.parse(value), min, max) }
}
