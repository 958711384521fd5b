/**
 * The Bridge at 0x…01000006 (RSKj `peg/Bridge`, `BridgeMethods`, `BridgeSupport`): its Bitcoin
 * light client, peg-ins (`registerBtcTransaction`), Flyover peg-ins, peg-outs and the reads dApps
 * call, over the Bridge's own storage (`storage.ts`) and the simulated Bitcoin chain's federation.
 * Gas is RSKj's cost of each method plus twice the call data length. Methods that would change the
 * federation, the whitelist or the fee per kB revert with a reason: no federation votes here.
 */
import type { Precompile } from '../../../evm/types.js'
import type { NetworkConfig } from '../../../network/networks.js'
import { selectorOf } from '../abi.js'
import {
  dataGas,
  defineNativeContract,
  NativeContractError,
  type NativeMethod,
  revertWithReason,
} from '../nativeContract.js'
import { coinbaseMethods } from './coinbase.js'
import { bridgeEnv } from './env.js'
import { flyoverMethods } from './flyover.js'
import { lightClientMethods } from './lightClientMethods.js'
import { peginMethods } from './pegin.js'
import { pegoutMethods, plainTransferToBridge } from './pegoutMethods.js'
import { readMethods } from './reads.js'

export function createBridgeContract(network: Pick<NetworkConfig, 'name'>): Precompile {
  const env = bridgeEnv(network.name)
  const implemented = [
    ...readMethods(env),
    ...lightClientMethods(env),
    ...peginMethods(env),
    ...coinbaseMethods(env),
    ...flyoverMethods(env),
    ...pegoutMethods(env),
  ]
  const names = new Set(implemented.map((m) => m.signature))
  const unavailable: NativeMethod[] = WRITE_METHODS.filter((s) => !names.has(s)).map((signature) => ({
    signature,
    gas: (input) => dataGas(input),
    run: () =>
      revertWithReason(
        `Bridge.${signature.slice(0, signature.indexOf('('))} is not available: this simulated node has no federation votes, whitelist or fee changes`,
      ),
  }))
  const writes = new Set<string>(WRITE_METHODS)
  // RSKIP417: a method that changes the Bridge refuses a static call before it runs.
  const guarded = implemented.map((m) =>
    writes.has(m.signature)
      ? {
          ...m,
          run: (args: Parameters<NativeMethod['run']>[0], ctx: Parameters<NativeMethod['run']>[1]) => {
            if (!ctx.write) throw new NativeContractError(`Call type (STATIC) not accepted by ${m.signature}`)
            return m.run(args, ctx)
          },
        }
      : m,
  )
  const contract = defineNativeContract([...guarded, ...unavailable])
  const transfer = plainTransferToBridge(env)
  return {
    // A plain value transfer is a peg-out request (RSKj's default method, releaseBtc).
    gas: (input) => (input.length === 0 ? transfer.gas() : contract.gas(input)),
    run: (input, ctx) => (input.length === 0 ? transfer.run(ctx) : contract.run(input, ctx)),
  }
}

/** The Bridge methods that change its state (peg-in, peg-out, federation, whitelist, fees). */
export const WRITE_METHODS = [
  'registerBtcTransaction(bytes,int256,bytes)',
  'registerBtcCoinbaseTransaction(bytes,bytes32,bytes,bytes32,bytes32)',
  'registerFastBridgeBtcTransaction(bytes,uint256,bytes,bytes32,bytes,address,bytes,bool)',
  'releaseBtc()',
  'addSignature(bytes,bytes[],bytes)',
  'updateCollections()',
  'receiveHeaders(bytes[])',
  'receiveHeader(bytes)',
  'addLockWhitelistAddress(string,int256)',
  'addOneOffLockWhitelistAddress(string,int256)',
  'addUnlimitedLockWhitelistAddress(string)',
  'removeLockWhitelistAddress(string)',
  'setLockWhitelistDisableBlockDelay(int256)',
  'increaseLockingCap(int256)',
  'voteFeePerKbChange(int256)',
  'createFederation()',
  'addFederatorPublicKey(bytes)',
  'addFederatorPublicKeyMultikey(bytes,bytes,bytes)',
  'commitFederation(bytes)',
  'rollbackFederation()',
] as const

export { selectorOf }
