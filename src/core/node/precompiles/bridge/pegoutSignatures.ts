/**
 * RSKj `Bridge.addSignature` / `BridgeSupport.addReleaseSignatures`: a federator adds one signature
 * per input of a peg-out waiting for signatures. Arguments that cannot be parsed fail the call;
 * everything else RSKj ignores silently (unknown peg-out, wrong count, a key outside the
 * federation, a signature that does not verify, an input already signed by that key). Once the
 * threshold is reached the signed transaction is logged with `release_btc`, leaves the Bridge and
 * is broadcast to the simulated Bitcoin chain in the same transaction, so it is atomic with the
 * block (real federators broadcast it themselves, off-chain).
 */
import { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { slotBtcStore } from '../../../bitcoin/chain/store.js'
import { BtcRejectError } from '../../../bitcoin/chain/types.js'
import { verifyBtc } from '../../../bitcoin/signature.js'
import { curves } from '../../../crypto/curves.js'
import type { PrecompileContext } from '../../../evm/types.js'
import {
  type BitcoinTransaction,
  parseTransaction,
  serializeTransaction,
  transactionId,
} from '../../../mining/bitcoin/transaction.js'
import { BITCOIN_CHAIN_ADDRESS } from '../../../network/networks.js'
import type { SlotWriter } from '../../../state/slotBlobs.js'
import { bytesToHex, equalBytes } from '../../../util/hex.js'
import type { AbiReader } from '../abi.js'
import { dataGas, NativeContractError, type NativeMethod } from '../nativeContract.js'
import { federatorAddress, type PegoutEnvironment, requireFederator } from './pegout.js'
import { logAddSignature, logReleaseBtc } from './pegoutEvents.js'
import {
  readReleasedPegouts,
  readWaitingForSignatures,
  writeReleasedPegouts,
  writeWaitingForSignatures,
} from './pegoutStorage.js'
import {
  hasEnoughSignatures,
  inputSigHash,
  insertSignature,
  isDerSignature,
  isInputSignedBy,
} from './signatures.js'

/** RSKj `ADD_SIGNATURE` fixed cost. */
export const ADD_SIGNATURE_GAS = 70_000n

export function addSignatureMethod(env: PegoutEnvironment): NativeMethod {
  return {
    signature: 'addSignature(bytes,bytes[],bytes)',
    gas: (input) => ADD_SIGNATURE_GAS + dataGas(input),
    run: (args, ctx) => {
      addSignature(env, ctx, args)
      return new Uint8Array(0)
    },
  }
}

function parsePublicKey(bytes: Uint8Array): Uint8Array {
  try {
    return curves().secp256k1.Point.fromBytes(bytes).toBytes(true)
  } catch {
    throw new NativeContractError(`Public key could not be parsed ${bytesToHex(bytes)}`)
  }
}

export function addSignature(env: PegoutEnvironment, ctx: PrecompileContext, args: AbiReader): void {
  const federation = federationOf(env.network)
  requireFederator(
    ctx,
    federation,
    "The sender is not a member of the active, retiring, or proposed federations and is therefore not authorized to call the function: 'addSignature'",
  )
  const federatorKey = parsePublicKey(args.bytes(0))
  const signatures = args.bytesArray(1)
  if (signatures.length === 0) throw new NativeContractError('Signatures array is empty')
  for (const signature of signatures)
    if (!isDerSignature(signature))
      throw new NativeContractError(`Signature could not be parsed ${bytesToHex(signature)}`)
  const rskTxHash = args.bytes(2)
  if (rskTxHash.length !== 32) throw new NativeContractError(`Invalid rsk tx hash ${bytesToHex(rskTxHash)}`)

  const storage = env.storage(ctx)
  const waiting = readWaitingForSignatures(storage)
  const entry = waiting.find((w) => equalBytes(w.rskTxHash, rskTxHash))
  if (!entry) return
  const tx = parseTransaction(entry.btcTx)
  if (tx.inputs.length !== signatures.length) return
  if (!federation.publicKeys.some((k) => equalBytes(k, federatorKey))) return
  const signed = sign(tx, federatorKey, signatures)
  if (signed === undefined) return
  if (signed.changed) logAddSignature(ctx, rskTxHash, federatorAddress(federatorKey), federatorKey)
  const raw = serializeTransaction(signed.tx)
  if (!hasEnoughSignatures(signed.tx)) {
    writeWaitingForSignatures(
      storage,
      waiting.map((w) => (w === entry ? { rskTxHash, btcTx: raw } : w)),
    )
    return
  }
  logReleaseBtc(ctx, rskTxHash, raw)
  writeWaitingForSignatures(
    storage,
    waiting.filter((w) => w !== entry),
  )
  writeReleasedPegouts(storage, [
    ...readReleasedPegouts(storage),
    { btcTxid: transactionId(signed.tx), rskTxHash },
  ])
  broadcast(ctx, env, raw)
}

/**
 * RSKj `processSigning` + `sign`: every signature must verify (low-S, over the input's sighash)
 * or nothing is signed; an input this key already signed stops the loop. `undefined` when the
 * signatures are refused or an input cannot take one more.
 */
function sign(
  tx: BitcoinTransaction,
  key: Uint8Array,
  signatures: Uint8Array[],
): { tx: BitcoinTransaction; changed: boolean } | undefined {
  const sigHashes = tx.inputs.map((_, i) => inputSigHash(tx, i))
  for (const [i, signature] of signatures.entries()) {
    const sigHash = sigHashes[i] as Uint8Array
    let valid = false
    try {
      valid = verifyBtc(sigHash, signature, key)
    } catch {
      valid = false
    }
    if (!valid) return undefined
  }
  let current = tx
  let changed = false
  for (const [i, sigHash] of sigHashes.entries()) {
    if (isInputSignedBy(current, i, key, sigHash)) break
    const scriptSig = insertSignature(current, i, key, signatures[i] as Uint8Array, sigHash)
    // bitcoinj's failure to insert ends signing; inputs signed so far stay signed, without an event.
    if (scriptSig === undefined) return { tx: current, changed: false }
    current = {
      ...current,
      inputs: current.inputs.map((input, j) => (j === i ? { ...input, scriptSig } : input)),
    }
    changed = true
  }
  return { tx: current, changed }
}

/** Slots of the simulated Bitcoin chain's account, read and written through this call's journal. */
function chainSlots(ctx: PrecompileContext): SlotWriter {
  const write = ctx.write
  return {
    getStorage: (slot) => ctx.state.getStorage(BITCOIN_CHAIN_ADDRESS, slot),
    setStorage: (slot, value) => write?.setStorage(BITCOIN_CHAIN_ADDRESS, slot, value),
  }
}

/**
 * Submits the signed peg-out to the simulated chain's mempool. A refusal does not undo the
 * release: in RSKj broadcasting is the federators' business, after the Bridge has released.
 */
function broadcast(ctx: PrecompileContext, env: PegoutEnvironment, raw: Uint8Array): void {
  try {
    new BitcoinChain(slotBtcStore(chainSlots(ctx)), env.network).submit(raw)
  } catch (error) {
    // The release stands; the transaction is in the `release_btc` event for anyone to resend.
    if (!(error instanceof BtcRejectError)) throw error
  }
}
