/**
 * The light client's Bridge methods (RSKj `Bridge`/`BridgeSupport`): `receiveHeaders` from the
 * federation, `receiveHeader` from anyone (throttled), and the reads of the BTC chain it holds.
 * Gas is RSKj's cost of each method plus twice the call data length.
 */

import { bitcoinHeaderHash, decodeBitcoinHeader } from '../../../mining/bitcoin/header.js'
import { equalBytes } from '../../../util/hex.js'
import { encodeOutputs } from '../abi.js'
import { dataGas, NativeContractError, type NativeMethod } from '../nativeContract.js'
import type { BridgeEnv } from './env.js'
import { isFederator } from './federation.js'
import {
  addHeader,
  bestHeader,
  CONFIRMATION_MAX_DEPTH,
  headerAtHeight,
  lowestSearchableHeight,
  reduceMerkleBranch,
} from './lightClient.js'
import { readLastReceiveHeaderTime, readStoredHeader, writeLastReceiveHeaderTime } from './storage.js'

const HEADER_SIZE = 80

// RSKj BridgeSupport.receiveHeader / Bridge.receiveHeader answers.
const RECEIVE_HEADER_CALLED_TOO_SOON = -1n
const RECEIVE_HEADER_BLOCK_TOO_OLD = -2n
const RECEIVE_HEADER_CANT_FOUND_PREVIOUS_BLOCK = -3n
const RECEIVE_HEADER_BLOCK_PREVIOUSLY_SAVED = -4n
const RECEIVE_HEADER_ERROR_SIZE_MISMATCH = -20n
const RECEIVE_HEADER_UNEXPECTED_EXCEPTION = -99n

// RSKj BridgeSupport.getBtcTransactionConfirmations answers.
const INEXISTENT_BLOCK_HASH = -1n
const BLOCK_NOT_IN_BEST_CHAIN = -2n
const INCONSISTENT_BLOCK = -3n
const BLOCK_TOO_OLD = -4n
const INVALID_MERKLE_BRANCH = -5n

const int = (value: bigint | number) => encodeOutputs([{ type: 'int', value: BigInt(value) }])
const bytes = (value: Uint8Array) => encodeOutputs([{ type: 'bytes', value }])

/** RSKj's `int` conversion of a uint256/int256 argument (`BigInteger.intValue`). */
function toInt32(value: bigint): number {
  return Number(BigInt.asIntN(32, value))
}

function fixed(cost: bigint) {
  return (input: Uint8Array) => cost + dataGas(input)
}

export function lightClientMethods(env: BridgeEnv): NativeMethod[] {
  return [
    {
      signature: 'receiveHeaders(bytes[])',
      // RSKIP132: 25,000 for the first header, 3,500 for each further one.
      gas: (input, args) => {
        let count = 0
        try {
          count = args.bytesArray(0).length
        } catch {}
        return 25_000n + BigInt(Math.max(0, count - 1)) * 3_500n + dataGas(input)
      },
      run(args, ctx) {
        // RSKIP200: only the active (or retiring) federation feeds the light client; RSKj checks
        // the sender of the (possibly internal) transaction calling it.
        if (!isFederator(env.federation(), ctx.caller))
          throw new NativeContractError(
            "The sender is not a member of the active or retiring federations and is therefore not authorized to invoke the function: 'receiveHeaders'",
          )
        const headers = args.bytesArray(0)
        if (headers.some((h) => h.length !== HEADER_SIZE))
          throw new NativeContractError(
            'Unexpected BTC header(s) received (size mismatch). Aborting processing.',
          )
        const storage = env.storage(ctx)
        // Each header is added on its own: an orphan or invalid one is skipped, as bitcoinj's
        // exception is caught and logged by RSKj.
        for (const header of headers) addHeader(storage, header)
        return new Uint8Array(0)
      },
    },
    {
      signature: 'receiveHeader(bytes)',
      gas: fixed(10_600n),
      run(args, ctx) {
        const header = args.bytes(0)
        if (header.length !== HEADER_SIZE) return int(RECEIVE_HEADER_ERROR_SIZE_MISMATCH)
        const storage = env.storage(ctx)
        if (readStoredHeader(storage, bitcoinHeaderHash(header)))
          return int(RECEIVE_HEADER_BLOCK_PREVIOUSLY_SAVED)
        const { previousBlockHash } = decodeBitcoinHeader(header)
        const now = ctx.block.timestamp
        const last = readLastReceiveHeaderTime(storage)
        if (last !== undefined && now - last < env.constants.minSecondsBetweenReceiveHeader)
          return int(RECEIVE_HEADER_CALLED_TOO_SOON)
        const previous = readStoredHeader(storage, previousBlockHash)
        if (!previous) return int(RECEIVE_HEADER_CANT_FOUND_PREVIOUS_BLOCK)
        if (bestHeader(storage).height - (previous.height + 1) > env.constants.maxDepthBlockchainAccepted)
          return int(RECEIVE_HEADER_BLOCK_TOO_OLD)
        if (addHeader(storage, header) !== 'added') return int(RECEIVE_HEADER_UNEXPECTED_EXCEPTION)
        writeLastReceiveHeaderTime(storage, now)
        return int(0)
      },
    },
    {
      signature: 'getBtcBlockchainBestChainHeight()',
      gas: fixed(19_000n),
      run: (_args, ctx) => int(bestHeader(env.storage(ctx)).height),
    },
    {
      signature: 'getBtcBlockchainInitialBlockHeight()',
      gas: fixed(20_000n),
      run: (_args, ctx) => int(env.storage(ctx).genesis.height),
    },
    {
      signature: 'getBtcBlockchainBlockHashAtDepth(int256)',
      gas: fixed(20_000n),
      run(args, ctx) {
        const storage = env.storage(ctx)
        const best = bestHeader(storage)
        const depth = toInt32(args.int(0))
        const maxDepth = best.height - storage.genesis.height
        if (depth < 0 || depth > maxDepth)
          throw new NativeContractError(`Depth must be between 0 and ${maxDepth}`)
        return bytes((headerAtHeight(storage, best.height - depth) ?? best).hash)
      },
    },
    {
      signature: 'getBtcBlockchainBestBlockHeader()',
      gas: fixed(3_800n),
      run: (_args, ctx) => bytes(bestHeader(env.storage(ctx)).header),
    },
    {
      signature: 'getBtcBlockchainBlockHeaderByHash(bytes32)',
      gas: fixed(4_600n),
      run: (args, ctx) =>
        bytes(readStoredHeader(env.storage(ctx), args.bytes32(0))?.header ?? new Uint8Array(0)),
    },
    {
      signature: 'getBtcBlockchainBlockHeaderByHeight(uint256)',
      gas: fixed(5_000n),
      run(args, ctx) {
        const storage = env.storage(ctx)
        const height = toInt32(args.uint(0))
        const searchable = height >= lowestSearchableHeight(bestHeader(storage).height, env.constants)
        const stored = searchable ? headerAtHeight(storage, height) : undefined
        return bytes(stored?.header ?? new Uint8Array(0))
      },
    },
    {
      signature: 'getBtcBlockchainParentBlockHeaderByHash(bytes32)',
      gas: fixed(4_900n),
      run(args, ctx) {
        const storage = env.storage(ctx)
        const block = readStoredHeader(storage, args.bytes32(0))
        const parent = block && readStoredHeader(storage, decodeBitcoinHeader(block.header).previousBlockHash)
        return bytes(parent?.header ?? new Uint8Array(0))
      },
    },
    {
      signature: 'getBtcTransactionConfirmations(bytes32,bytes32,uint256,bytes32[])',
      // RSKj adds 315 per block of depth to this; the depth needs the state, which the cost of a
      // native call here is computed without (see docs/bridge.md).
      gas: (input, args) => {
        let branch = 0
        try {
          branch = args.wordArray(3).length
        } catch {}
        return 27_000n + BigInt(branch) * 144n + dataGas(input)
      },
      run(args, ctx) {
        const txid = args.bytes32(0)
        const storage = env.storage(ctx)
        const block = readStoredHeader(storage, args.bytes32(1))
        if (!block) return int(INEXISTENT_BLOCK_HASH)
        const best = bestHeader(storage)
        const depth = Math.max(0, best.height - block.height)
        if (depth > CONFIRMATION_MAX_DEPTH) return int(BLOCK_TOO_OLD)
        // RSKj's block store refuses a height below its search limit: an inconsistent block.
        if (block.height < lowestSearchableHeight(best.height, env.constants)) return int(INCONSISTENT_BLOCK)
        const inBest = headerAtHeight(storage, block.height)
        if (!inBest || !equalBytes(inBest.hash, block.hash)) return int(BLOCK_NOT_IN_BEST_CHAIN)
        const root = reduceMerkleBranch(txid, args.wordArray(3), toInt32(args.uint(2)))
        if (!equalBytes(root, decodeBitcoinHeader(block.header).merkleRoot)) return int(INVALID_MERKLE_BRANCH)
        return int(best.height - block.height + 1)
      },
    },
  ]
}
