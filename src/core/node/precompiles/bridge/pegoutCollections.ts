/**
 * RSKj `BridgeSupport.updateCollections` for peg-outs (RSKIP271 batching, RSKIP146/375 keys,
 * RSKIP326/428 events, RSKIP379 sighash index): once `numberOfBlocksBetweenPegouts` blocks have
 * passed, the whole queue becomes one Bitcoin transaction over the federation's UTXOs (halved while
 * too large), which waits `rsk2BtcMinimumAcceptableConfirmations` RSK blocks before the
 * federators may sign it. One confirmed peg-out moves to signing per call, as in RSKj.
 */
import { addressToScript } from '../../../bitcoin/address.js'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { BTC_PARAMS } from '../../../bitcoin/params.js'
import type { PrecompileContext } from '../../../evm/types.js'
import {
  type BitcoinTransaction,
  serializeTransaction,
  transactionId,
  txidOfSerialized,
} from '../../../mining/bitcoin/transaction.js'
import { type Address, bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { dataGas, type NativeMethod } from '../nativeContract.js'
import {
  feePerKbOf,
  PEGOUT_CONSTANTS,
  type PegoutEnvironment,
  requireFederator,
  WEIS_PER_SATOSHI,
} from './pegout.js'
import {
  logBatchPegoutCreated,
  logPegoutConfirmed,
  logPegoutTransactionCreated,
  logReleaseRequested,
  logUpdateCollections,
} from './pegoutEvents.js'
import {
  type ReleaseRequest,
  readNextPegoutHeight,
  readReleaseRequests,
  readWaitingForConfirmations,
  readWaitingForSignatures,
  savePegoutSigHash,
  writeNextPegoutHeight,
  writeReleaseRequests,
  writeWaitingForConfirmations,
  writeWaitingForSignatures,
} from './pegoutStorage.js'
import { type BuildResult, buildReleaseTransaction } from './releaseTransactionBuilder.js'
import { inputSigHash } from './signatures.js'
import {
  BRIDGE_STORAGE_ADDRESS,
  type BridgeStorage,
  readFederationUtxos,
  writeFederationUtxos,
} from './storage.js'

/** RSKj `BridgeSupport.BURN_ADDRESS`: where RBTC matching raised dust change goes. */
const BURN_ADDRESS = '0x0000000000000000000000000000000000000000' as Address

/** RSKj `UPDATE_COLLECTIONS` fixed cost. */
export const UPDATE_COLLECTIONS_GAS = 48_000n

export function updateCollectionsMethod(env: PegoutEnvironment): NativeMethod {
  return {
    signature: 'updateCollections()',
    gas: (input) => UPDATE_COLLECTIONS_GAS + dataGas(input),
    run: (_args, ctx) => {
      updateCollections(env, ctx)
      return new Uint8Array(0)
    },
  }
}

export function updateCollections(env: PegoutEnvironment, ctx: PrecompileContext): void {
  const sender = requireFederator(
    ctx,
    federationOf(env.network),
    "The sender is not a member of the active or retiring federations and is therefore not authorized to invoke the function: 'updateCollections'",
  )
  const storage = env.storage(ctx)
  logUpdateCollections(ctx, sender)
  processPegoutsInBatch(env, ctx, storage)
  processConfirmedPegouts(env, ctx, storage)
}

function buildBatch(
  env: PegoutEnvironment,
  storage: BridgeStorage,
  entries: readonly ReleaseRequest[],
): BuildResult {
  const params = BTC_PARAMS[env.network]
  return buildReleaseTransaction({
    utxos: readFederationUtxos(storage),
    outputs: entries.map((e) => ({ script: addressToScript(e.destination, params), value: e.amount })),
    federation: federationOf(env.network),
    feePerKb: feePerKbOf(env, storage),
  })
}

function processPegoutsInBatch(env: PegoutEnvironment, ctx: PrecompileContext, storage: BridgeStorage): void {
  const blockNumber = ctx.block.number
  if (blockNumber < readNextPegoutHeight(storage)) return
  const queue = readReleaseRequests(storage)
  const total = queue.reduce((sum, e) => sum + e.amount, 0n)
  const utxos = readFederationUtxos(storage)
  if (utxos.reduce((sum, u) => sum + u.value, 0n) < total) return
  if (queue.length > 0) {
    let entries = queue
    let result = buildBatch(env, storage, entries)
    while (entries.length > 1 && !result.ok && result.response === 'EXCEED_MAX_TRANSACTION_SIZE') {
      entries = entries.slice(0, Math.floor(entries.length / 2))
      result = buildBatch(env, storage, entries)
    }
    // The requests stay queued for the next call (RSKj only logs why).
    if (!result.ok) return
    const { tx, selected } = result
    const rskTxHash = ctx.txHash ?? new Uint8Array(32)
    const raw = serializeTransaction(tx)
    const btcTxHash = transactionId(tx)
    const spent = (u: { txid: Uint8Array; index: number }) =>
      selected.some((s) => s.index === u.index && equalBytes(s.txid, u.txid))
    writeFederationUtxos(
      storage,
      utxos.filter((u) => !spent(u)),
    )
    const waiting = readWaitingForConfirmations(storage)
    if (!waiting.some((w) => equalBytes(w.btcTx, raw)))
      waiting.push({ btcTx: raw, pegoutCreationBlockNumber: blockNumber, rskTxHash })
    writeWaitingForConfirmations(storage, waiting)
    savePegoutSigHash(storage, inputSigHash(tx, 0))
    // RSKj logs the whole queue's value here, even when only part of it fitted in the batch.
    logReleaseRequested(ctx, rskTxHash, btcTxHash, total)
    logPegoutTransactionCreated(
      ctx,
      btcTxHash,
      selected.map((u) => u.value),
    )
    writeReleaseRequests(storage, queue.slice(entries.length))
    logBatchPegoutCreated(
      ctx,
      btcTxHash,
      entries.map((e) => e.rskTxHash),
    )
    burnIfChangeWasRaised(ctx, tx, selected, total, federationOf(env.network).scriptPubKey)
  }
  if (readReleaseRequests(storage).length === 0)
    writeNextPegoutHeight(storage, blockNumber + PEGOUT_CONSTANTS[env.network].numberOfBlocksBetweenPegouts)
}

/**
 * RSKj `adjustBalancesIfChangeOutputWasDust`: when dust change was raised at the users' expense
 * the federation keeps more BTC than the RBTC it released, so that much RBTC is burnt.
 */
function burnIfChangeWasRaised(
  ctx: PrecompileContext,
  tx: BitcoinTransaction,
  selected: readonly { value: bigint }[],
  sentByUsers: bigint,
  federationScript: Uint8Array,
): void {
  if (tx.outputs.length <= 1) return
  const inputs = selected.reduce((sum, u) => sum + u.value, 0n)
  const change = tx.outputs
    .filter((o) => equalBytes(o.scriptPubKey, federationScript))
    .reduce((sum, o) => sum + o.value, 0n)
  const spentByFederation = inputs - change
  if (spentByFederation < sentByUsers)
    ctx.write?.transfer(
      BRIDGE_STORAGE_ADDRESS,
      BURN_ADDRESS,
      (sentByUsers - spentByFederation) * WEIS_PER_SATOSHI,
    )
}

function processConfirmedPegouts(
  env: PegoutEnvironment,
  ctx: PrecompileContext,
  storage: BridgeStorage,
): void {
  const minimum = PEGOUT_CONSTANTS[env.network].rsk2BtcMinimumAcceptableConfirmations
  const waiting = readWaitingForConfirmations(storage)
  // RSKIP559: the first entry with enough confirmations in the order of its serialized bytes.
  const confirmed = waiting
    .filter((e) => ctx.block.number - e.pegoutCreationBlockNumber >= minimum)
    .sort((a, b) => bytesToUnprefixedHex(a.btcTx).localeCompare(bytesToUnprefixedHex(b.btcTx)))[0]
  if (!confirmed) return
  const signing = readWaitingForSignatures(storage)
  // RSKIP375: an entry is never overwritten; RSKj fails the call rather than lose a peg-out.
  if (signing.some((s) => equalBytes(s.rskTxHash, confirmed.rskTxHash)))
    throw new Error(
      `An entry for the given rskTxHash ${bytesToUnprefixedHex(confirmed.rskTxHash)} already exists. Entry overriding is not allowed for pegoutsWaitingForSignatures map.`,
    )
  signing.push({ rskTxHash: confirmed.rskTxHash, btcTx: confirmed.btcTx })
  writeWaitingForSignatures(storage, signing)
  writeWaitingForConfirmations(
    storage,
    waiting.filter((e) => e !== confirmed),
  )
  logPegoutConfirmed(ctx, txidOfSerialized(confirmed.btcTx), confirmed.pegoutCreationBlockNumber)
}
