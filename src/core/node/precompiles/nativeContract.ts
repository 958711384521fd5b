/**
 * RSKj `NativeContract`: methods found by selector, gas per method, errors as RSKj raises them.
 * An unknown selector, undecodable arguments or an illegal argument make the call fail without
 * return data (RSKj throws a VMException); `PrecompileRevert` is for reverts that carry a reason.
 */
import { PrecompileRevert } from '../../evm/precompiles/index.js'
import type { Precompile, PrecompileContext } from '../../evm/types.js'
import { bytesToHex, concatBytes, utf8ToBytes } from '../../util/hex.js'
import { AbiReader, encodeOutputs, encodeWord, selectorOf } from './abi.js'

export interface NativeMethod {
  /** Canonical signature, e.g. `getCoinbaseAddress(int256)`. */
  signature: string
  /** Gas for a call with these arguments (`input` is the whole call data). */
  gas(input: Uint8Array, args: AbiReader): bigint
  /** The ABI-encoded output; throw `NativeContractError` for RSKj's illegal-argument failures. */
  run(args: AbiReader, ctx: PrecompileContext): Uint8Array
}

/** RSKj `NativeContractIllegalArgumentException`: the call fails, no data is returned. */
export class NativeContractError extends Error {
  override name = 'NativeContractError'
}

/** A method answering RSKj's default-gas formula: twice the call data length. */
export function dataGas(input: Uint8Array): bigint {
  return BigInt(input.length * 2)
}

export function defineNativeContract(methods: readonly NativeMethod[]): Precompile {
  // Built on the first call: the bridge alone has ~100 signatures to hash, which a node that never
  // calls it (and every node while it starts) need not pay for.
  let bySelector: Map<string, NativeMethod> | undefined
  const find = (input: Uint8Array): NativeMethod | undefined => {
    if (input.length < 4) return undefined
    bySelector ??= new Map(methods.map((m) => [bytesToHex(selectorOf(m.signature)), m]))
    return bySelector.get(bytesToHex(input.subarray(0, 4)))
  }
  return {
    gas(input) {
      const method = find(input)
      if (!method) return 0n
      try {
        return method.gas(input, new AbiReader(input))
      } catch {
        return 0n
      }
    },
    run(input, ctx) {
      const method = find(input)
      if (!method) throw new NativeContractError(`Invalid data given: ${bytesToHex(input)}.`)
      return method.run(new AbiReader(input), ctx)
    },
  }
}

/** Reverts with Solidity's `Error(string)`, so clients decode the reason. */
export function revertWithReason(reason: string): never {
  const encoded = encodeOutputs([{ type: 'string', value: reason }])
  throw new PrecompileRevert(concatBytes(selectorOf('Error(string)'), encoded))
}

export { encodeOutputs, encodeWord, utf8ToBytes }
