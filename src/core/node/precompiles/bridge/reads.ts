/**
 * The Bridge's read methods about its federation, limits and processed BTC transactions
 * (RSKj `Bridge`, `BridgeMethods`): gas is each method's fixed cost plus twice the call data length.
 */

import type { PrecompileContext } from '../../../evm/types.js'
import { hexToBytes } from '../../../util/hex.js'
import { type AbiValue, encodeOutputs } from '../abi.js'
import { dataGas, NativeContractError, type NativeMethod } from '../nativeContract.js'
import type { BridgeEnv } from './env.js'
import type { BridgeFederation } from './federation.js'
import { readProcessedHeight } from './storage.js'

/** RSKj `FederationChangeResponseCode.FEDERATION_NON_EXISTENT`: no retiring or pending federation. */
const FEDERATION_NON_EXISTENT = -1n

type Reader = (federation: BridgeFederation, ctx: PrecompileContext) => AbiValue

const int = (value: bigint | number): AbiValue => ({ type: 'int', value: BigInt(value) })

/** RSKj `Sha256Hash.wrap(String)`: 64 hex digits, or the call fails. */
export function parseTxHash(text: string): Uint8Array {
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new NativeContractError(`Invalid BTC transaction hash: ${text}`)
  return hexToBytes(text)
}

export function readMethods(env: BridgeEnv): NativeMethod[] {
  const read = (signature: string, fixedCost: bigint, reader: Reader): NativeMethod => ({
    signature,
    gas: (input) => fixedCost + dataGas(input),
    run: (_args, ctx) => encodeOutputs([reader(env.federation(), ctx)]),
  })
  const federatorKey = (signature: string): NativeMethod => ({
    signature,
    gas: (input) => 10_000n + dataGas(input),
    run(args) {
      const { publicKeys } = env.federation()
      // RSKj `FederationMember.KeyType.byValue`: each federator uses one key for BTC, RSK and MST.
      if (signature.includes(',string') && !['btc', 'rsk', 'mst'].includes(args.string(1)))
        throw new NativeContractError(`Invalid federator key type: ${args.string(1)}`)
      const index = args.int(0)
      if (index < 0n || index >= BigInt(publicKeys.length))
        throw new NativeContractError(`Federator index must be between 0 and ${publicKeys.length - 1}`)
      return encodeOutputs([{ type: 'bytes', value: publicKeys[Number(index)] as Uint8Array }])
    },
  })
  const processed = (
    signature: string,
    fixedCost: bigint,
    answer: (height: bigint | undefined) => AbiValue,
  ) => ({
    signature,
    gas: (input: Uint8Array) => fixedCost + dataGas(input),
    run: (args: Parameters<NativeMethod['run']>[0], ctx: PrecompileContext) =>
      encodeOutputs([answer(readProcessedHeight(env.storage(ctx), parseTxHash(args.string(0))))]),
  })
  const { constants } = env
  return [
    read('getFederationAddress()', 11_000n, (f) => ({ type: 'string', value: f.address })),
    read('getFederationSize()', 10_000n, (f) => int(f.publicKeys.length)),
    read('getFederationThreshold()', 11_000n, (f) => int(f.threshold)),
    read('getFederationCreationBlockNumber()', 10_000n, () => int(0)),
    read('getActiveFederationCreationBlockHeight()', 3_000n, () => ({ type: 'uint', value: 0n })),
    federatorKey('getFederatorPublicKey(int256)'),
    federatorKey('getFederatorPublicKeyOfType(int256,string)'),
    read('getActivePowpegRedeemScript()', 30_000n, (f) => ({ type: 'bytes', value: f.redeemScript })),
    read('getMinimumLockTxValue()', 2_000n, () => int(constants.minimumPeginValueSatoshis)),
    read('getLockingCap()', 3_000n, () => int(constants.lockingCapSatoshis)),
    read('getRetiringFederationSize()', 3_000n, () => int(FEDERATION_NON_EXISTENT)),
    read('getRetiringFederationThreshold()', 3_000n, () => int(FEDERATION_NON_EXISTENT)),
    read('getRetiringFederationAddress()', 3_000n, () => ({ type: 'string', value: '' })),
    read('getPendingFederationSize()', 3_000n, () => int(FEDERATION_NON_EXISTENT)),
    read('getLockWhitelistSize()', 16_000n, () => int(0)),
    processed('isBtcTxHashAlreadyProcessed(string)', 23_000n, (h) => ({
      type: 'bool',
      value: h !== undefined,
    })),
    processed('getBtcTxHashProcessedHeight(string)', 22_000n, (h) => int(h ?? -1n)),
  ]
}
