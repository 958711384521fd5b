/**
 * What the simulated federation must do before a block, read from the state (pure): the work an
 * RSKj federator node does — feed the light client, call `updateCollections`, sign peg-outs
 * waiting for signatures and register its own peg-outs once they are confirmed on Bitcoin (their
 * change goes back to the federation's UTXOs). The caller turns each answer into a transaction
 * from the federator's account.
 */

import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { decodeMerkleBlock } from '../../../bitcoin/partialMerkleTree.js'
import { parseTransaction } from '../../../mining/bitcoin/transaction.js'
import type { NetworkName } from '../../../network/networks.js'
import { type Address, bytesToUnprefixedHex, concatBytes, equalBytes } from '../../../util/hex.js'
import { lazy } from '../../../util/lazy.js'
import { encodeOutputs, encodeWord, selectorOf } from '../abi.js'
import { bridgeConstants } from './constants.js'
import { federatorAddress, PEGOUT_CONSTANTS } from './pegout.js'
import {
  readNextPegoutHeight,
  readReleasedPegouts,
  readReleaseRequests,
  readWaitingForConfirmations,
  readWaitingForSignatures,
} from './pegoutStorage.js'
import {
  bytesArrayTail,
  encodeAddSignatureCall,
  inputSigHash,
  isInputSignedBy,
  missingSignatures,
  signPegout,
} from './signatures.js'
import {
  type BridgeStorage,
  readBestHash,
  readHashAtHeight,
  readProcessedHeight,
  readStoredHeader,
} from './storage.js'

/** RSKj regtest `maxBtcHeadersPerRskBlock`. */
export const MAX_HEADERS_PER_CALL = 500

/**
 * Headers of the chain's best chain the light client lacks, oldest first, at most
 * `MAX_HEADERS_PER_CALL`: from the highest block both agree on (the light client's best when it is
 * on the chain's best chain; otherwise the last height where both hold the same hash).
 */
export function headersToSend(
  chain: BitcoinChain,
  lightClientBest: { hash: Uint8Array; height: number },
  lightClientHashAt?: (height: number) => Uint8Array | undefined,
): Uint8Array[] {
  let common = Math.min(lightClientBest.height, chain.bestHeight())
  const agrees = (height: number): boolean => {
    const ours = chain.hashAt(height)
    const theirs = height === lightClientBest.height ? lightClientBest.hash : lightClientHashAt?.(height)
    return ours !== undefined && theirs !== undefined && equalBytes(ours, theirs)
  }
  while (common > chain.genesisHeight && !agrees(common)) common--
  const headers: Uint8Array[] = []
  for (let h = common + 1; h <= chain.bestHeight() && headers.length < MAX_HEADERS_PER_CALL; h++) {
    const header = chain.headerAt(h)
    if (!header) break
    headers.push(header)
  }
  return headers
}

/** Call data of `receiveHeaders(bytes[])` for `headers`. */
export function encodeReceiveHeadersCall(headers: readonly Uint8Array[]): Uint8Array {
  return concatBytes(selectorOf('receiveHeaders(bytes[])'), encodeWord(32n), bytesArrayTail(headers))
}

/** `headersToSend` against the light client kept in the Bridge's storage. */
export function headersToSendFromStorage(chain: BitcoinChain, storage: BridgeStorage): Uint8Array[] {
  const hash = readBestHash(storage)
  const stored = readStoredHeader(storage, hash)
  if (!stored) return []
  return headersToSend(chain, { hash, height: stored.height }, (h) => readHashAtHeight(storage, h))
}

/**
 * Whether `updateCollections` in block `blockNumber` would change something: a batch is due
 * (requests queued, `nextPegoutCreationBlockNumber` reached) or a peg-out has its confirmations.
 */
export function needsUpdateCollections(
  storage: BridgeStorage,
  network: NetworkName,
  blockNumber: bigint,
): boolean {
  const batchDue = readReleaseRequests(storage).length > 0 && blockNumber >= readNextPegoutHeight(storage)
  const minimum = PEGOUT_CONSTANTS[network].rsk2BtcMinimumAcceptableConfirmations
  return (
    batchDue ||
    readWaitingForConfirmations(storage).some((e) => blockNumber - e.pegoutCreationBlockNumber >= minimum)
  )
}

/** Call data of `updateCollections()`. */
/** Hashed on first use: nothing is hashed at import (util/lazy.ts). */
export const updateCollectionsCall = lazy(() => selectorOf('updateCollections()'))

export interface FederatorCall {
  /** The federator's RSK account (it sends the transaction). */
  from: Address
  data: Uint8Array
}

/**
 * For each peg-out waiting for signatures, one `addSignature` per federator still needed, by the
 * federators (in key order) that have not signed it yet, each signing every input with its key.
 */
export function signaturesToAdd(storage: BridgeStorage, network: NetworkName): FederatorCall[] {
  const federation = federationOf(network)
  const calls: FederatorCall[] = []
  for (const entry of readWaitingForSignatures(storage)) {
    const tx = parseTransaction(entry.btcTx)
    if (tx.inputs.length === 0) continue
    const sigHash = inputSigHash(tx, 0)
    let missing = missingSignatures(tx, 0)
    for (const [i, publicKey] of federation.publicKeys.entries()) {
      if (missing <= 0) break
      if (isInputSignedBy(tx, 0, publicKey, sigHash)) continue
      const signatures = signPegout(tx, federation.privateKeys[i] as Uint8Array)
      calls.push({
        from: federatorAddress(publicKey),
        data: encodeAddSignatureCall(publicKey, signatures, entry.rskTxHash),
      })
      missing--
    }
  }
  return calls
}

/** A Bitcoin transaction ready for `registerBtcTransaction(tx, height, partial merkle tree)`. */
export interface Registration extends FederatorCall {
  txid: Uint8Array
  txRaw: Uint8Array
  height: number
  pmt: Uint8Array
}

/**
 * The registration of `txid` when it is mined in a block the light client holds on its best chain
 * with `btc2RskMinimumAcceptableConfirmations`, and the Bridge has not processed it yet.
 */
function registration(
  storage: BridgeStorage,
  network: NetworkName,
  chain: BitcoinChain,
  txid: Uint8Array,
): Registration | undefined {
  const federation = federationOf(network)
  const best = readStoredHeader(storage, readBestHash(storage))
  const first = federation.publicKeys[0]
  if (!best || !first || readProcessedHeight(storage, txid) !== undefined) return undefined
  const info = chain.transaction(txid)
  if (!info?.blockHash || info.height === undefined) return undefined
  const inLightClient = readHashAtHeight(storage, info.height)
  if (!inLightClient || !equalBytes(inLightClient, info.blockHash)) return undefined
  if (best.height - info.height + 1 < bridgeConstants(network).btc2RskMinimumConfirmations) return undefined
  const { pmt } = decodeMerkleBlock(chain.proof([txid], info.blockHash))
  const data = concatBytes(
    selectorOf('registerBtcTransaction(bytes,int256,bytes)'),
    encodeOutputs([
      { type: 'bytes', value: info.raw },
      { type: 'int', value: BigInt(info.height) },
      { type: 'bytes', value: pmt },
    ]),
  )
  return { from: federatorAddress(first), data, txid, txRaw: info.raw, height: info.height, pmt }
}

function distinct(txids: Iterable<Uint8Array>): Uint8Array[] {
  const byHex = new Map<string, Uint8Array>()
  for (const txid of txids) byHex.set(bytesToUnprefixedHex(txid), txid)
  return [...byHex.values()]
}

/**
 * Released (signed and broadcast) peg-outs to register back, so their change returns to the
 * federation's UTXOs, as RSKj federators register their own peg-outs.
 */
export function pegoutsToRegister(
  storage: BridgeStorage,
  network: NetworkName,
  chain: BitcoinChain,
): Registration[] {
  return distinct(readReleasedPegouts(storage).map((r) => r.btcTxid)).flatMap(
    (txid) => registration(storage, network, chain, txid) ?? [],
  )
}

/**
 * Transactions paying the federation's address that the Bridge has not processed (peg-ins; not
 * the genesis coinbase, whose outputs are already the federation's, nor released peg-outs), confirmed as `registration` requires.
 * A peg-in the Bridge refuses without marking it processed would be offered again: the caller
 * should remember what it sent.
 */
export function peginsToRegister(
  storage: BridgeStorage,
  network: NetworkName,
  chain: BitcoinChain,
): Registration[] {
  const federation = federationOf(network)
  const released = new Set(readReleasedPegouts(storage).map((r) => bytesToUnprefixedHex(r.btcTxid)))
  const paying = chain
    .utxosOf(federation.scriptPubKey)
    .filter((u) => !u.coinbase && !released.has(bytesToUnprefixedHex(u.txid)))
  return distinct(paying.map((u) => u.txid)).flatMap(
    (txid) => registration(storage, network, chain, txid) ?? [],
  )
}
