/** The dev wallet's fee rate: what `estimatesmartfee` answers, or a call's `fee_rate` in sat/vB. */
import { given, parseAmount } from '../args.js'
import { BitcoindError, RPC_INVALID_PARAMETER } from '../errors.js'

/** The fee rate when none is given: 10 sat/vB (what `estimatesmartfee` answers). */
export const DEFAULT_FEE_RATE = 10n

/** A `fee_rate` argument (sat/vB, up to 3 decimals), rounded up to whole sat/vB as the wallet builds. */
export function walletFeeRate(feeRateParam: unknown): bigint {
  if (!given(feeRateParam)) return DEFAULT_FEE_RATE
  const milli = parseAmount(feeRateParam, 3) / 100_000n
  if (milli <= 0n)
    throw new BitcoindError(RPC_INVALID_PARAMETER, 'Invalid fee_rate 0.000 sat/vB (must be greater than 0)')
  return (milli + 999n) / 1000n
}
