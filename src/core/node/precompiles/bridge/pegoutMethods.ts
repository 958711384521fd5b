/**
 * Every peg-out method of the Bridge, for the contract to list beside its other methods; a plain
 * transfer (empty call data) goes to `plainTransferToBridge`.
 */
import type { NativeMethod } from '../nativeContract.js'
import { type PegoutEnvironment, releaseBtcMethod } from './pegout.js'
import { updateCollectionsMethod } from './pegoutCollections.js'
import { pegoutReadMethods } from './pegoutReads.js'
import { addSignatureMethod } from './pegoutSignatures.js'

export function pegoutMethods(env: PegoutEnvironment): NativeMethod[] {
  return [
    releaseBtcMethod(env),
    updateCollectionsMethod(env),
    addSignatureMethod(env),
    ...pegoutReadMethods(env),
  ]
}

export { type PegoutEnvironment, plainTransferToBridge, RELEASE_BTC_GAS } from './pegout.js'
