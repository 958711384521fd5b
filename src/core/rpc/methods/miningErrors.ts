/** The wire form of the merged-mining errors: -33000 refusals, -32603 undecodable parameters. */
import { MnrInternalError, SubmitBlockError } from '../../mining/rpc/errors.js'
import { WorkNonceError } from '../../mining/rpc/getWork.js'
import { InternalError, InvalidParamsError, MiningSubmitError } from '../errors/rpc.js'

/** Runs a mining step, turning the mining module's errors into their RPC errors. */
export async function withMiningErrors<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof SubmitBlockError) throw new MiningSubmitError(error.message, { cause: error })
    // RSKj lets decoding exceptions escape: the client sees only `Internal server error`.
    if (error instanceof MnrInternalError) throw new InternalError({ cause: error })
    if (error instanceof WorkNonceError) throw new InvalidParamsError(error.message, { cause: error })
    throw error
  }
}
