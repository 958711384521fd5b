/**
 * `registerFastBridgeBtcTransaction` (RSKIP176, RSKj `registerFlyoverBtcTransaction`): a liquidity
 * bridge contract registers a peg-in paid to a Flyover address — the federation's redeem script
 * prefixed with `<derivation hash> OP_DROP` behind P2SH — and gets its value. The answer is the
 * value in wei, or one of RSKj's negative `FlyoverTxResponseCodes`.
 */
import { hash160 } from '../../../bitcoin/hash160.js'
import { BTC_PARAMS } from '../../../bitcoin/params.js'
import { compileScript, decompileScript, p2shScript } from '../../../bitcoin/script.js'
import { keccak256 } from '../../../crypto/hash.js'
import type { PrecompileContext } from '../../../evm/types.js'
import { bytesToUnprefixedHex, concatBytes, toAddress } from '../../../util/hex.js'
import { type AbiReader, encodeOutputs } from '../abi.js'
import { dataGas, NativeContractError, type NativeMethod } from '../nativeContract.js'
import type { BridgeEnv } from './env.js'
import { refundFlyoverPegin, scriptOfVersionedAddress } from './flyoverRefund.js'
import { WEIS_PER_SATOSHI } from './pegin.js'
import {
  hashOfRawTransaction,
  isCoinbase,
  outputsTo,
  parseBtcTransaction,
  txidOf,
  validateRegistration,
} from './registration.js'
import {
  BRIDGE_STORAGE_ADDRESS,
  type BridgeStorage,
  decodeUtxos,
  encodeUtxos,
  isFlyoverHashUsed,
  markFlyoverHashUsed,
} from './storage.js'

/** RSKj `FlyoverTxResponseCodes`. */
export const FlyoverTxResponseCodes = {
  REFUNDED_USER_ERROR: -100n,
  REFUNDED_LP_ERROR: -200n,
  UNPROCESSABLE_TX_NOT_CONTRACT_ERROR: -300n,
  UNPROCESSABLE_TX_INVALID_SENDER_ERROR: -301n,
  UNPROCESSABLE_TX_ALREADY_PROCESSED_ERROR: -302n,
  UNPROCESSABLE_TX_VALIDATIONS_ERROR: -303n,
  UNPROCESSABLE_TX_VALUE_ZERO_ERROR: -304n,
  UNPROCESSABLE_TX_UTXO_AMOUNT_SENT_BELOW_MINIMUM_ERROR: -305n,
  GENERIC_ERROR: -900n,
} as const

const MAX_RBTC_SATOSHIS = 21_000_000n * 100_000_000n
const FLYOVER_UTXOS = 'flyover:utxos'

/** RSKj `FlyoverRedeemScriptBuilderImpl.of`: `<derivation hash> OP_DROP <federation redeem script>`. */
export function flyoverRedeemScript(derivationHash: Uint8Array, redeemScript: Uint8Array): Uint8Array {
  if (derivationHash.length !== 32 || derivationHash.every((b) => b === 0))
    throw new NativeContractError('Provided flyover derivation hash is invalid')
  return compileScript([derivationHash, 0x75, ...decompileScript(redeemScript)])
}

/**
 * RSKj `PegUtils.getFlyoverDerivationHash`: keccak256(hash ‖ user refund ‖ LBC ‖ LP address), the
 * addresses as version byte ‖ hash160, the LBC's 20 bytes between them.
 */
export function flyoverDerivationHash(
  derivationArgumentsHash: Uint8Array,
  userRefundAddress: Uint8Array,
  lbcAddress: Uint8Array,
  lpBtcAddress: Uint8Array,
): Uint8Array {
  return keccak256(concatBytes(derivationArgumentsHash, userRefundAddress, lbcAddress, lpBtcAddress))
}

/** RSKj `deserializeBtcAddressWithVersion` (RSKIP284): 1 version byte + 20-byte hash of this network. */
function checkAddressWithVersion(env: BridgeEnv, bytes: Uint8Array): Uint8Array {
  const params = BTC_PARAMS[env.network]
  if (bytes.length !== 21) throw new NativeContractError('Invalid address, expected 21 bytes long array')
  if (bytes[0] !== params.pubKeyHash && bytes[0] !== params.scriptHash)
    throw new NativeContractError(`Version code ${bytes[0]} is not acceptable for this network`)
  return bytes
}

export function flyoverMethods(env: BridgeEnv): NativeMethod[] {
  return [
    {
      signature: 'registerFastBridgeBtcTransaction(bytes,uint256,bytes,bytes32,bytes,address,bytes,bool)',
      gas: (input) => 25_000n + dataGas(input),
      run(args, ctx) {
        let answer: bigint
        try {
          answer = registerFlyover(env, ctx, args)
        } catch (error) {
          // RSKj answers any failure inside the method with GENERIC_ERROR instead of failing.
          if (!(error instanceof NativeContractError)) throw error
          answer = FlyoverTxResponseCodes.GENERIC_ERROR
        }
        return encodeOutputs([{ type: 'int', value: answer }])
      },
    },
  ]
}

function registerFlyover(env: BridgeEnv, ctx: PrecompileContext, args: AbiReader): bigint {
  const raw = args.bytes(0)
  const height = Number(BigInt.asIntN(32, args.uint(1)))
  const pmt = args.bytes(2)
  const derivationArgumentsHash = args.bytes32(3)
  const userRefund = checkAddressWithVersion(env, args.bytes(4))
  const lbc = toAddress(args.bytes32(5).subarray(12))
  const lpBtc = checkAddressWithVersion(env, args.bytes(6))
  const shouldTransferToContract = args.uint(7) !== 0n
  // Only a contract may register (the call comes from a frame, not straight from a transaction).
  if (ctx.callerDepth === undefined) return FlyoverTxResponseCodes.UNPROCESSABLE_TX_NOT_CONTRACT_ERROR
  if (ctx.caller.toLowerCase() !== lbc.toLowerCase())
    return FlyoverTxResponseCodes.UNPROCESSABLE_TX_INVALID_SENDER_ERROR
  const storage = env.storage(ctx)
  const hash = hashOfRawTransaction(raw)
  const derivationHash = flyoverDerivationHash(
    derivationArgumentsHash,
    userRefund,
    args.bytes32(5).subarray(12),
    lpBtc,
  )
  if (isFlyoverHashUsed(storage, derivationHash, hash))
    return FlyoverTxResponseCodes.UNPROCESSABLE_TX_ALREADY_PROCESSED_ERROR
  if (!validateRegistration(env, storage, hash, height, pmt, raw))
    return FlyoverTxResponseCodes.UNPROCESSABLE_TX_VALIDATIONS_ERROR
  const tx = parseBtcTransaction(raw)
  const txid = txidOf(tx)
  if (isFlyoverHashUsed(storage, derivationHash, txid))
    return FlyoverTxResponseCodes.UNPROCESSABLE_TX_ALREADY_PROCESSED_ERROR
  const redeemScript = flyoverRedeemScript(derivationHash, env.federation().redeemScript)
  const script = p2shScript(hash160(redeemScript))
  const outputs = outputsTo(tx, script)
  const total = outputs.reduce((sum, o) => sum + o.value, 0n)
  if (total === 0n) return FlyoverTxResponseCodes.UNPROCESSABLE_TX_VALUE_ZERO_ERROR
  if (outputs.some((o) => o.value < env.constants.minimumPeginValueSatoshis))
    return FlyoverTxResponseCodes.UNPROCESSABLE_TX_UTXO_AMOUNT_SENT_BELOW_MINIMUM_ERROR
  const bridgeBalance = ctx.state.getAccount(BRIDGE_STORAGE_ADDRESS)?.balance ?? 0n
  const locked = MAX_RBTC_SATOSHIS - bridgeBalance / WEIS_PER_SATOSHI
  const utxos = outputs.map((o) => ({
    txid,
    index: o.index,
    value: o.value,
    scriptPubKey: o.scriptPubKey,
    height,
    coinbase: isCoinbase(tx),
  }))
  if (locked + total > env.constants.lockingCapSatoshis) {
    markFlyoverHashUsed(storage, derivationHash, txid)
    const federation = env.federation()
    const spending = { redeemScript, threshold: federation.threshold, scriptPubKey: script }
    const destination = scriptOfVersionedAddress(env, shouldTransferToContract ? lpBtc : userRefund)
    refundFlyoverPegin(env, ctx, storage, { utxos, spending, destination, amount: total })
    return shouldTransferToContract
      ? FlyoverTxResponseCodes.REFUNDED_LP_ERROR
      : FlyoverTxResponseCodes.REFUNDED_USER_ERROR
  }
  ctx.write?.transfer(BRIDGE_STORAGE_ADDRESS, lbc, total * WEIS_PER_SATOSHI)
  markFlyoverHashUsed(storage, derivationHash, txid)
  saveFlyoverUtxos(storage, utxos)
  storage.put(`flyover:script:${bytesToUnprefixedHex(script)}`, derivationHash)
  return total * WEIS_PER_SATOSHI
}

/** The Flyover UTXOs, kept apart from the federation's (peg-outs spend only the latter here). */
export function readFlyoverUtxos(storage: BridgeStorage) {
  const raw = storage.get(FLYOVER_UTXOS)
  return raw ? decodeUtxos(raw) : []
}

function saveFlyoverUtxos(storage: BridgeStorage, added: ReturnType<typeof readFlyoverUtxos>): void {
  storage.put(FLYOVER_UTXOS, encodeUtxos([...readFlyoverUtxos(storage), ...added]))
}
