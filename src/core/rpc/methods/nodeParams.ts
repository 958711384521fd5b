/** Parameter specs of the node methods that RSKj parses with its own classes and texts. */
import { describeValue, ParamError, type ParamSpec } from '../params.js'

const HEX = /^0x[0-9a-fA-F]+$/

/**
 * RSKj `HexIndexParam`: a `0x` hex string that fits a Java int (transaction and uncle indexes).
 */
export const hexIndex = (name: string): ParamSpec<number> => ({
  type: 'QUANTITY',
  name,
  optional: false,
  parse(value) {
    if (typeof value !== 'string' || !HEX.test(value))
      throw new ParamError(`Invalid argument "${describeValue(value)}": param should be a hex value string.`)
    const index = Number.parseInt(value.slice(2), 16)
    if (!Number.isSafeInteger(index) || index > 0x7fffffff)
      throw new ParamError('Invalid index param: value must be a valid hex number.')
    return index
  },
})
