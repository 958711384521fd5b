/**
 * The Bridge at 0x…01000006 (RSKj `peg/Bridge`, `BridgeMethods`): the read methods dApps call,
 * answered from the simulated bridge state (`bridgeState.ts`, which `eth_bridgeState` reports
 * too) and a simulated federation of deterministic keys. Gas is RSKj's fixed cost of each method
 * plus twice the call data length. Methods that would change the Bridge (peg-ins, peg-outs,
 * federation votes, whitelist edits) revert with a reason: there is no Bitcoin network here.
 */
import { RLP } from '@ethereumjs/rlp'
import { curves } from '../../crypto/curves.js'
import { keccak256, sha256 } from '../../crypto/hash.js'
import type { Precompile, PrecompileContext } from '../../evm/types.js'
import type { NetworkConfig } from '../../network/networks.js'
import { bytesToHex, utf8ToBytes } from '../../util/hex.js'
import { type BridgeState, bridgeStateAt } from '../bridgeState.js'
import { type AbiValue, selectorOf } from './abi.js'
import { hash160, multisigRedeemScript, toBase58Check } from './hdWalletUtils.js'
import {
  dataGas,
  defineNativeContract,
  encodeOutputs,
  NativeContractError,
  type NativeMethod,
  revertWithReason,
} from './nativeContract.js'

/** RSKj `FederationChangeResponseCode.FEDERATION_NON_EXISTENT`: no retiring or pending federation. */
const FEDERATION_NON_EXISTENT = -1n

export interface SimulatedFederation {
  /** Compressed public keys, sorted as RSKj sorts federators (by BTC public key). */
  publicKeys: Uint8Array[]
  threshold: number
  redeemScript: Uint8Array
  /** P2SH address of the redeem script, Base58Check. */
  address: string
}

/**
 * Deterministic federator keys per network: the same federation on every run. Regtest's is RSKj's
 * own regtest genesis federation (`FederationRegTestConstants`: private keys keccak256("federator1")
 * to keccak256("federator3"), 2 of 3; address 2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p), which
 * Rootstock projects' tests and mocks name; mainnet's and testnet's are stand-ins (their real
 * powpegs' keys are not the point of a simulated Bridge that cannot peg).
 */
export function simulatedFederation(network: Pick<NetworkConfig, 'name'>, size: number, threshold: number) {
  const { secp256k1 } = curves()
  const privateKey = (i: number) =>
    network.name === 'regtest'
      ? keccak256(utf8ToBytes(`federator${i + 1}`))
      : sha256(utf8ToBytes(`rsk-devnode ${network.name} federator ${i}`))
  const publicKeys = Array.from({ length: size }, (_, i) => secp256k1.getPublicKey(privateKey(i), true)).sort(
    (a, b) => bytesToHex(a).localeCompare(bytesToHex(b)),
  )
  const redeemScript = multisigRedeemScript(threshold, publicKeys)
  // P2SH version byte: 0x05 on Bitcoin mainnet, 0xc4 on testnet and regtest.
  const version = network.name === 'mainnet' ? 0x05 : 0xc4
  return { publicKeys, threshold, redeemScript, address: toBase58Check(hash160(redeemScript), version) }
}

type Reader = (state: BridgeState, federation: SimulatedFederation, ctx: PrecompileContext) => AbiValue

export function createBridgeContract(network: Pick<NetworkConfig, 'name'>): Precompile {
  const federations = new Map<string, SimulatedFederation>()
  const federationOf = (state: BridgeState) => {
    const key = `${state.federationSize}/${state.federationThreshold}`
    let federation = federations.get(key)
    if (!federation) {
      federation = simulatedFederation(network, state.federationSize, state.federationThreshold)
      federations.set(key, federation)
    }
    return federation
  }
  const read = (signature: string, fixedCost: bigint, reader: Reader): NativeMethod => ({
    signature,
    gas: (input) => fixedCost + dataGas(input),
    run: (_args, ctx) => {
      const state = bridgeStateAt(network, ctx.block.number)
      return encodeOutputs([reader(state, federationOf(state), ctx)])
    },
  })
  const int = (value: bigint | number): AbiValue => ({ type: 'int', value: BigInt(value) })
  const federatorKey = (fixedCost: bigint, signature: string): NativeMethod => ({
    signature,
    gas: (input) => fixedCost + dataGas(input),
    run(args, ctx) {
      const federation = federationOf(bridgeStateAt(network, ctx.block.number))
      const index = args.int(0)
      if (index < 0n || index >= BigInt(federation.publicKeys.length))
        throw new NativeContractError(
          `Federator index must be between 0 and ${federation.publicKeys.length - 1}`,
        )
      return encodeOutputs([{ type: 'bytes', value: federation.publicKeys[Number(index)] as Uint8Array }])
    },
  })
  const reads: NativeMethod[] = [
    read('getBtcBlockchainBestChainHeight()', 19_000n, (s) => int(s.btcBlockchainBestChainHeight)),
    read('getBtcBlockchainInitialBlockHeight()', 20_000n, (s) => int(s.btcBlockchainInitialBlockHeight)),
    read('getFederationAddress()', 11_000n, (_s, f) => ({ type: 'string', value: f.address })),
    read('getFederationSize()', 10_000n, (s) => int(s.federationSize)),
    read('getFederationThreshold()', 11_000n, (s) => int(s.federationThreshold)),
    read('getFederationCreationBlockNumber()', 10_000n, () => int(0)),
    read('getActiveFederationCreationBlockHeight()', 3_000n, () => ({ type: 'uint', value: 0n })),
    federatorKey(10_000n, 'getFederatorPublicKey(int256)'),
    federatorKey(10_000n, 'getFederatorPublicKeyOfType(int256,string)'),
    read('getActivePowpegRedeemScript()', 30_000n, (_s, f) => ({ type: 'bytes', value: f.redeemScript })),
    read('getMinimumLockTxValue()', 2_000n, (s) => int(s.minimumPeginValueSatoshis)),
    read('getLockingCap()', 3_000n, (s) => int(s.lockingCapSatoshis)),
    // RSKj StateForFederator: an RLP list holding the (empty) map of peg-outs waiting for signatures.
    read('getStateForBtcReleaseClient()', 4_000n, (s) => ({
      type: 'bytes',
      value: RLP.encode([s.rskTxsWaitingForSignatures.map((hash) => [hash])]),
    })),
    read('getRetiringFederationSize()', 3_000n, () => int(FEDERATION_NON_EXISTENT)),
    read('getRetiringFederationThreshold()', 3_000n, () => int(FEDERATION_NON_EXISTENT)),
    read('getRetiringFederationAddress()', 3_000n, () => ({ type: 'string', value: '' })),
    read('getPendingFederationSize()', 3_000n, () => int(FEDERATION_NON_EXISTENT)),
    read('getLockWhitelistSize()', 16_000n, () => int(0)),
    read('getQueuedPegoutsCount()', 3_000n, () => ({ type: 'uint', value: 0n })),
    read('isBtcTxHashAlreadyProcessed(string)', 23_000n, () => ({ type: 'bool', value: false })),
    read('getBtcTxHashProcessedHeight(string)', 22_000n, () => int(-1)),
    // The simulated Bitcoin chain has no block a transaction could be proven in: RSKj's
    // BridgeSupport answers BTC_TRANSACTION_CONFIRMATION_INEXISTENT_BLOCK_HASH_ERROR_CODE (-1) at
    // the basic cost of getBtcTransactionConfirmationsGetCost, and an empty header for a hash it
    // does not know (Bridge.getBtcBlockchainBlockHeaderByHash).
    read('getBtcTransactionConfirmations(bytes32,bytes32,uint256,bytes32[])', 27_000n, () => int(-1)),
    read('getBtcBlockchainBlockHeaderByHash(bytes32)', 4_600n, () => ({
      type: 'bytes',
      value: new Uint8Array(0),
    })),
  ]
  const writes: NativeMethod[] = WRITE_METHODS.map((signature) => ({
    signature,
    gas: (input) => dataGas(input),
    run: () =>
      revertWithReason(
        `Bridge.${signature.slice(0, signature.indexOf('('))} is not available: this simulated node has no Bitcoin network and no federation, so the Bridge state cannot change`,
      ),
  }))
  const contract = defineNativeContract([...reads, ...writes])
  return {
    gas: contract.gas,
    run(input, ctx) {
      // Plain value transfers are peg-out requests (RSKj's default method, releaseBtc).
      if (input.length === 0) return revertWithReason(PEG_OUT_REASON)
      return contract.run(input, ctx)
    },
  }
}

const PEG_OUT_REASON =
  'Bridge.releaseBtc (peg-out) is not available: this simulated node has no Bitcoin network and no federation'

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
