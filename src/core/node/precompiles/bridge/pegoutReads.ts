/**
 * The peg-out reads of RSKj's Bridge: `getFeePerKb`, `getQueuedPegoutsCount`, `getNextPegoutCreationBlockNumber`,
 * `getEstimatedFeesForNextPegOutEvent` (RSKIP271/385, simulated batch since RSKIP305) and
 * `getStateForBtcReleaseClient` (RSKj `StateForFederator`: an RLP list holding the list of RSK
 * transaction hash, raw Bitcoin transaction, … of the peg-outs waiting for signatures).
 */
import { RLP } from '@ethereumjs/rlp'
import { addressToScript, p2pkhAddress } from '../../../bitcoin/address.js'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { BTC_PARAMS } from '../../../bitcoin/params.js'
import type { PrecompileContext } from '../../../evm/types.js'
import { hexToBytes } from '../../../util/hex.js'
import { encodeOutputs } from '../abi.js'
import { dataGas, type NativeMethod } from '../nativeContract.js'
import { feePerKbOf, type PegoutEnvironment } from './pegout.js'
import { readNextPegoutHeight, readReleaseRequests, readWaitingForSignatures } from './pegoutStorage.js'
import { buildReleaseTransaction, pegoutTxSize } from './releaseTransactionBuilder.js'
import { type BridgeStorage, readFederationUtxos } from './storage.js'

/** The key RSKj derives the hypothetical next peg-out's recipient from. */
const ESTIMATE_RECIPIENT_KEY = hexToBytes(
  '0x0329f519f8d13a7e3dd35fa5c2480c6bf6c0489da40081e8311a91813492083953',
)
/** The hypothetical peg-out's value before RSKIP540: one bitcoin. */
const ESTIMATE_PEGOUT_VALUE = 100_000_000n

function read(
  env: PegoutEnvironment,
  signature: string,
  fixedCost: bigint,
  answer: (storage: BridgeStorage, ctx: PrecompileContext) => Uint8Array,
): NativeMethod {
  return {
    signature,
    gas: (input) => fixedCost + dataGas(input),
    run: (_args, ctx) => answer(env.storage(ctx), ctx),
  }
}

const uint = (value: bigint) => encodeOutputs([{ type: 'uint', value }])

export function pegoutReadMethods(env: PegoutEnvironment): NativeMethod[] {
  return [
    read(env, 'getQueuedPegoutsCount()', 3_000n, (s) => uint(BigInt(readReleaseRequests(s).length))),
    read(env, 'getNextPegoutCreationBlockNumber()', 3_000n, (s) => uint(readNextPegoutHeight(s))),
    read(env, 'getEstimatedFeesForNextPegOutEvent()', 10_000n, (s) =>
      uint(estimatedFeesForNextPegout(env, s)),
    ),
    read(env, 'getFeePerKb()', 2_000n, (s) => encodeOutputs([{ type: 'int', value: feePerKbOf(env, s) }])),
    read(env, 'getStateForBtcReleaseClient()', 4_000n, (s) =>
      encodeOutputs([{ type: 'bytes', value: stateForBtcReleaseClient(s) }]),
    ),
  ]
}

export function stateForBtcReleaseClient(storage: BridgeStorage): Uint8Array {
  const flat = readWaitingForSignatures(storage).flatMap((e) => [e.rskTxHash, e.btcTx])
  return RLP.encode([flat])
}

/**
 * RSKj `getEstimatedFeesFromPegoutTransactionSimulation`: the fee of the batch the queue would
 * make with one more peg-out; when that cannot be built, the fee of 2 inputs and queue + 2 outputs.
 */
export function estimatedFeesForNextPegout(env: PegoutEnvironment, storage: BridgeStorage): bigint {
  const params = BTC_PARAMS[env.network]
  const federation = federationOf(env.network)
  const feePerKb = feePerKbOf(env, storage)
  const queue = readReleaseRequests(storage)
  const outputs = queue.map((e) => ({ script: addressToScript(e.destination, params), value: e.amount }))
  outputs.push({
    script: addressToScript(p2pkhAddress(ESTIMATE_RECIPIENT_KEY, params), params),
    value: ESTIMATE_PEGOUT_VALUE,
  })
  const result = buildReleaseTransaction({
    utxos: readFederationUtxos(storage),
    outputs,
    federation,
    feePerKb,
  })
  if (result.ok) {
    const inputs = result.selected.reduce((sum, u) => sum + u.value, 0n)
    return inputs - result.tx.outputs.reduce((sum, o) => sum + o.value, 0n)
  }
  return (feePerKb * BigInt(pegoutTxSize(federation, 2, queue.length + 2))) / 1000n
}
