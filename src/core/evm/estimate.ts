/**
 * RSKj's answer to eth_estimateGas from one local execution (`EthModule.internalEstimateGas`):
 * the peak gas the top frame consumed, or gas used plus refund when some CALL had to hand over
 * all its remaining gas, plus the 2300 stipend when a CALL carried value, capped.
 */
import { GasCost } from './gas.js'
import type { ExecutionResult } from './types.js'

export type EstimateGasFromResultParameters = Pick<
  ExecutionResult,
  'gasUsed' | 'maxGasUsed' | 'callWithValue' | 'movedRemainingGasToChild' | 'gasRefund'
>

export function estimateGasFromResult(result: EstimateGasFromResultParameters, cap: bigint): bigint {
  let estimate = result.movedRemainingGasToChild
    ? result.gasUsed + (result.gasRefund ?? 0n)
    : result.maxGasUsed
  if (result.callWithValue) estimate += BigInt(GasCost.STIPEND_CALL)
  return estimate > cap ? cap : estimate
}
