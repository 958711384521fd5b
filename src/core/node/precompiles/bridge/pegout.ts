/**
 * Peg-out requests (RSKj `BridgeSupport.releaseBtc` / `requestRelease`, RSKIP185, RSKIP219,
 * RSKIP271, RSKIP427): RBTC sent to the Bridge, by `releaseBtc()` or as a plain transfer (RSKj's
 * default method), is queued for the next batch with `release_request_received`, paying the P2PKH
 * address of the sender's own key on the Bridge's Bitcoin network; too little to cover the minimum
 * or the estimated fee is refunded with `release_request_rejected`. The value is already in the
 * Bridge when this runs (it arrives before a native contract is called).
 */
import { p2pkhAddress, scriptToAddress } from '../../../bitcoin/address.js'
import { type BtcFederation, federationOf } from '../../../bitcoin/chain/federation.js'
import { BTC_PARAMS } from '../../../bitcoin/params.js'
import { p2pkhScript } from '../../../bitcoin/script.js'
import { publicKeyToAddress } from '../../../chain/secp256k1.js'
import { curves } from '../../../crypto/curves.js'
import type { PrecompileContext } from '../../../evm/types.js'
import type { NetworkName } from '../../../network/networks.js'
import { type Address, bytesToUnprefixedHex, hexToBytes } from '../../../util/hex.js'
import { dataGas, NativeContractError, type NativeMethod } from '../nativeContract.js'
import { logReleaseRequestReceived, logReleaseRequestRejected, RejectedPegoutReason } from './pegoutEvents.js'
import { readReleaseRequests, writeReleaseRequests } from './pegoutStorage.js'
import { pegoutTxSize } from './releaseTransactionBuilder.js'
import { BRIDGE_STORAGE_ADDRESS, type BridgeStorage } from './storage.js'

/** 1 satoshi = 10^10 wei (RSKj `co.rsk.core.Coin.toBitcoin`). */
export const WEIS_PER_SATOSHI = 10n ** 10n

/** The peg-out constants of RSKj's `BridgeRegTestConstants`, `…TestNetConstants`, `…MainNetConstants`. */
export interface PegoutConstants {
  minimumPegoutTxValue: bigint
  minimumPegoutValuePercentageToReceiveAfterFee: bigint
  numberOfBlocksBetweenPegouts: bigint
  rsk2BtcMinimumAcceptableConfirmations: bigint
  /** `FeePerKb…Constants.genesisFeePerKb`, satoshis. */
  genesisFeePerKb: bigint
}

export const PEGOUT_CONSTANTS: Readonly<Record<NetworkName, PegoutConstants>> = {
  regtest: {
    minimumPegoutTxValue: 250_000n,
    minimumPegoutValuePercentageToReceiveAfterFee: 20n,
    numberOfBlocksBetweenPegouts: 50n,
    rsk2BtcMinimumAcceptableConfirmations: 3n,
    genesisFeePerKb: 100_000n,
  },
  testnet: {
    minimumPegoutTxValue: 250_000n,
    minimumPegoutValuePercentageToReceiveAfterFee: 80n,
    numberOfBlocksBetweenPegouts: 360n,
    rsk2BtcMinimumAcceptableConfirmations: 10n,
    genesisFeePerKb: 100_000n,
  },
  mainnet: {
    minimumPegoutTxValue: 400_000n,
    minimumPegoutValuePercentageToReceiveAfterFee: 80n,
    numberOfBlocksBetweenPegouts: 360n,
    rsk2BtcMinimumAcceptableConfirmations: 4000n,
    genesisFeePerKb: 500_000n,
  },
}

/** What the Bridge contract gives the peg-out methods. */
export interface PegoutEnvironment {
  network: NetworkName
  /** The Bridge's storage as this call sees it (writable outside a static call). */
  storage(ctx: PrecompileContext): BridgeStorage
  /** RSKj `getFeePerKb()` in satoshis; the network's genesis fee per kB when absent. */
  feePerKb?(storage: BridgeStorage): bigint
}

export function feePerKbOf(env: PegoutEnvironment, storage: BridgeStorage): bigint {
  return env.feePerKb ? env.feePerKb(storage) : PEGOUT_CONSTANTS[env.network].genesisFeePerKb
}

/** The federation's RSK address of each member (regtest federators use one key for both chains). */
export function federatorAddress(compressedKey: Uint8Array): Address {
  // Decompressing a key costs about a millisecond; the federation asks before every block.
  const id = bytesToUnprefixedHex(compressedKey)
  let address = federatorAddresses.get(id)
  if (!address) {
    address = publicKeyToAddress(curves().secp256k1.Point.fromBytes(compressedKey).toBytes(false))
    federatorAddresses.set(id, address)
  }
  return address
}

const federatorAddresses = new Map<string, Address>()

/** RSKj's `activeAndRetiringFederationOnly` / `activeRetiringAndProposedFederationOnly`. */
export function requireFederator(
  ctx: PrecompileContext,
  federation: BtcFederation,
  message: string,
): Address {
  const sender = (ctx.origin ?? ctx.caller).toLowerCase() as Address
  if (!federation.publicKeys.some((key) => federatorAddress(key) === sender))
    throw new NativeContractError(message)
  if (!ctx.write) throw new NativeContractError('the Bridge state cannot change in a static call')
  return sender
}

/** RSKj `BridgeUtils.getRegularPegoutTxSize` → the least a peg-out must carry to pay its fee. */
export function requiredFundsForFee(env: PegoutEnvironment, storage: BridgeStorage): bigint {
  const federation = federationOf(env.network)
  const size = BigInt(pegoutTxSize(federation, 2, 2))
  const fee = (feePerKbOf(env, storage) * size) / 1000n
  return fee + (fee * PEGOUT_CONSTANTS[env.network].minimumPegoutValuePercentageToReceiveAfterFee) / 100n
}

/**
 * RSKj `BridgeUtils.recoverBtcAddressFromEthTransaction`: the P2PKH address of the signer's
 * compressed key. A transaction without a real signature (an impersonated sender) cannot peg out
 * and fails; a call (eth_call, eth_estimateGas: no transaction hash) has no signature either, so it
 * is simulated with a stand-in address made from the sender's RSK address, so that estimating a
 * peg-out's gas succeeds as the signed transaction will.
 */
function destinationOf(env: PegoutEnvironment, ctx: PrecompileContext, origin: Address): string {
  const params = BTC_PARAMS[env.network]
  const publicKey = ctx.senderPublicKey?.() ?? null
  if (publicKey !== null && publicKeyToAddress(publicKey) === origin)
    return p2pkhAddress(curves().secp256k1.Point.fromBytes(publicKey).toBytes(true), params)
  if (ctx.txHash === undefined) {
    const standIn = scriptToAddress(p2pkhScript(hexToBytes(origin)), params)
    if (standIn !== undefined) return standIn
  }
  throw new NativeContractError(
    `releaseBtc needs the sender's public key to derive its Bitcoin address, and ${origin} sent no signed transaction`,
  )
}

/** RSKj `releaseBtc(rskTx)`. */
export function releaseBtc(env: PegoutEnvironment, ctx: PrecompileContext): void {
  const write = ctx.write
  if (!write) throw new NativeContractError('releaseBtc cannot run in a static call')
  const value = ctx.value
  const origin = (ctx.origin ?? ctx.caller).toLowerCase() as Address
  // A contract has no key to derive a Bitcoin address from: RSKIP185 logs the rejection and keeps
  // the value (RSKj does not refund this case).
  if (ctx.caller.toLowerCase() !== origin) {
    logReleaseRequestRejected(ctx, ctx.caller, value, RejectedPegoutReason.CALLER_CONTRACT)
    return
  }
  const destination = destinationOf(env, ctx, origin)
  const storage = env.storage(ctx)
  const satoshis = value / WEIS_PER_SATOSHI
  const constants = PEGOUT_CONSTANTS[env.network]
  const forFee = requiredFundsForFee(env, storage)
  const minimum = constants.minimumPegoutTxValue > forFee ? constants.minimumPegoutTxValue : forFee
  // Since RSKIP219 the minimum is inclusive; the reason names which bound was the larger.
  if (satoshis < minimum) {
    const reason = minimum === forFee ? RejectedPegoutReason.FEE_ABOVE_VALUE : RejectedPegoutReason.LOW_AMOUNT
    write.transfer(BRIDGE_STORAGE_ADDRESS, origin, value)
    logReleaseRequestRejected(ctx, origin, value, reason)
    return
  }
  const queue = readReleaseRequests(storage)
  queue.push({ destination, amount: satoshis, rskTxHash: ctx.txHash ?? new Uint8Array(32) })
  writeReleaseRequests(storage, queue)
  logReleaseRequestReceived(ctx, origin, destination, value)
}

/** RSKj `RELEASE_BTC` fixed cost; also the whole cost of a plain transfer to the Bridge. */
export const RELEASE_BTC_GAS = 23_000n

export function releaseBtcMethod(env: PegoutEnvironment): NativeMethod {
  return {
    signature: 'releaseBtc()',
    gas: (input) => RELEASE_BTC_GAS + dataGas(input),
    run: (_args, ctx) => {
      releaseBtc(env, ctx)
      return new Uint8Array(0)
    },
  }
}

/**
 * A plain RBTC transfer (empty call data): RSKj's default method, `releaseBtc`, at its fixed cost
 * without the call-data charge.
 */
export function plainTransferToBridge(env: PegoutEnvironment) {
  return {
    gas: (): bigint => RELEASE_BTC_GAS,
    run: (ctx: PrecompileContext): Uint8Array => {
      releaseBtc(env, ctx)
      return new Uint8Array(0)
    },
  }
}
