/**
 * The wire form of the merged-mining errors: -33000 refusals, -32602 undecodable parameters.
 * RSKj lets decoding exceptions escape as -32603 `Internal server error`; here a parameter the
 * node cannot decode is the caller's mistake, so it is -32602 with the detail (viem and ethers
 * retry -32603, and -32603 is kept for bugs).
 */
import { MnrInternalError, SubmitBlockError } from '../../mining/work/errors.js'
import { WorkNonceError } from '../../mining/work/getWork.js'
import { InvalidParamsError, MiningSubmitError } from '../errors/rpc.js'

/** Runs a mining step, turning the mining module's errors into their RPC errors. */
export async function withMiningErrors<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof SubmitBlockError) throw new MiningSubmitError(error.message, { cause: error })
    if (error instanceof MnrInternalError)
      throw new InvalidParamsError(`invalid argument: ${error.detail}`, { cause: error })
    if (error instanceof WorkNonceError) throw new InvalidParamsError(error.message, { cause: error })
    throw error
  }
}
