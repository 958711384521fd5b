/**
 * The environment contract at 0x…01000011 (RSKIP203, RSKj `pcc/environment`):
 * `getCallStackDepth()` answers the caller's call depth plus one (1 when a transaction calls it
 * directly). Free of charge, as in RSKj.
 */
import type { Precompile } from '../../evm/types.js'
import { defineNativeContract, encodeOutputs } from './nativeContract.js'

export function createEnvironmentContract(): Precompile {
  return defineNativeContract([
    {
      signature: 'getCallStackDepth()',
      gas: () => 0n,
      run: (_args, ctx) => encodeOutputs([{ type: 'uint', value: BigInt((ctx.callerDepth ?? 0) + 1) }]),
    },
  ])
}
