/**
 * The peg-out state in the Bridge's storage (RSKj `BridgeStorageProvider`'s release request queue,
 * pegouts waiting for confirmations, pegouts waiting for signatures, next pegout height and pegout
 * sighash index). Each collection is one RLP blob under a `pegout:` key; the encodings are ours.
 * Bitcoin transactions are kept raw (legacy serialization, with the scriptSigs they have so far).
 */
import { RLP } from '@ethereumjs/rlp'
import {
  bigintToBytes,
  bytesToBigint,
  bytesToUnprefixedHex,
  bytesToUtf8,
  utf8ToBytes,
} from '../../../util/hex.js'
import type { BridgeStorage } from './storage.js'

/** RSKj `ReleaseRequestQueue.Entry`: a peg-out waiting for the next batch. */
export interface ReleaseRequest {
  /** Base58 (or bech32) address on the Bridge's Bitcoin network. */
  destination: string
  /** Satoshis. */
  amount: bigint
  rskTxHash: Uint8Array
}

/** RSKj `PegoutsWaitingForConfirmations.Entry`. */
export interface PegoutWaitingForConfirmations {
  btcTx: Uint8Array
  pegoutCreationBlockNumber: bigint
  rskTxHash: Uint8Array
}

/** An entry of RSKj's `pegoutsWaitingForSignatures` map (sorted by RSK transaction hash). */
export interface PegoutWaitingForSignatures {
  rskTxHash: Uint8Array
  btcTx: Uint8Array
}

/** A peg-out fully signed and broadcast, until its transaction is registered back in the Bridge. */
export interface ReleasedPegout {
  /** txid of the signed transaction (display order). */
  btcTxid: Uint8Array
  rskTxHash: Uint8Array
}

const QUEUE = 'pegout:releaseRequestQueue'
const CONFIRMATIONS = 'pegout:waitingForConfirmations'
const SIGNATURES = 'pegout:waitingForSignatures'
const NEXT_HEIGHT = 'pegout:nextPegoutHeight'
const RELEASED = 'pegout:released'
const SIGHASH = 'pegout:sighash:'

type Row = Uint8Array[]

function readRows(storage: BridgeStorage, key: string): Row[] {
  const raw = storage.get(key)
  if (raw === undefined) return []
  return RLP.decode(raw) as unknown as Row[]
}

function writeRows(storage: BridgeStorage, key: string, rows: Uint8Array[][]): void {
  storage.put(key, rows.length === 0 ? undefined : RLP.encode(rows))
}

const num = (bytes: Uint8Array | undefined): bigint => (bytes && bytes.length > 0 ? bytesToBigint(bytes) : 0n)
const bytes = (row: Row, i: number): Uint8Array => row[i] ?? new Uint8Array(0)

export function readReleaseRequests(storage: BridgeStorage): ReleaseRequest[] {
  return readRows(storage, QUEUE).map((row) => ({
    destination: bytesToUtf8(bytes(row, 0)),
    amount: num(row[1]),
    rskTxHash: bytes(row, 2),
  }))
}

export function writeReleaseRequests(storage: BridgeStorage, requests: readonly ReleaseRequest[]): void {
  writeRows(
    storage,
    QUEUE,
    requests.map((r) => [utf8ToBytes(r.destination), bigintToBytes(r.amount), r.rskTxHash]),
  )
}

export function readWaitingForConfirmations(storage: BridgeStorage): PegoutWaitingForConfirmations[] {
  return readRows(storage, CONFIRMATIONS).map((row) => ({
    btcTx: bytes(row, 0),
    pegoutCreationBlockNumber: num(row[1]),
    rskTxHash: bytes(row, 2),
  }))
}

export function writeWaitingForConfirmations(
  storage: BridgeStorage,
  entries: readonly PegoutWaitingForConfirmations[],
): void {
  writeRows(
    storage,
    CONFIRMATIONS,
    entries.map((e) => [e.btcTx, bigintToBytes(e.pegoutCreationBlockNumber), e.rskTxHash]),
  )
}

export function readWaitingForSignatures(storage: BridgeStorage): PegoutWaitingForSignatures[] {
  return readRows(storage, SIGNATURES).map((row) => ({ rskTxHash: bytes(row, 0), btcTx: bytes(row, 1) }))
}

/** Written sorted by RSK transaction hash, the order of RSKj's `SortedMap<Keccak256, …>`. */
export function writeWaitingForSignatures(
  storage: BridgeStorage,
  entries: readonly PegoutWaitingForSignatures[],
): void {
  const sorted = [...entries].sort((a, b) =>
    bytesToUnprefixedHex(a.rskTxHash).localeCompare(bytesToUnprefixedHex(b.rskTxHash)),
  )
  writeRows(
    storage,
    SIGNATURES,
    sorted.map((e) => [e.rskTxHash, e.btcTx]),
  )
}

/** RSKj `getNextPegoutHeight().orElse(0)`. */
export function readNextPegoutHeight(storage: BridgeStorage): bigint {
  return num(storage.get(NEXT_HEIGHT))
}

export function writeNextPegoutHeight(storage: BridgeStorage, height: bigint): void {
  storage.put(NEXT_HEIGHT, bigintToBytes(height))
}

export function readReleasedPegouts(storage: BridgeStorage): ReleasedPegout[] {
  return readRows(storage, RELEASED).map((row) => ({ btcTxid: bytes(row, 0), rskTxHash: bytes(row, 1) }))
}

export function writeReleasedPegouts(storage: BridgeStorage, released: readonly ReleasedPegout[]): void {
  writeRows(
    storage,
    RELEASED,
    released.map((r) => [r.btcTxid, r.rskTxHash]),
  )
}

/**
 * RSKj `setPegoutTxSigHash` (RSKIP379): the sighash of a peg-out's first input, by which
 * `registerBtcTransaction` recognizes the federation's own peg-out coming back.
 */
export function savePegoutSigHash(storage: BridgeStorage, sigHash: Uint8Array): void {
  storage.put(`${SIGHASH}${bytesToUnprefixedHex(sigHash)}`, Uint8Array.of(1))
}

export function hasPegoutSigHash(storage: BridgeStorage, sigHash: Uint8Array): boolean {
  return storage.get(`${SIGHASH}${bytesToUnprefixedHex(sigHash)}`) !== undefined
}

/** RSK transaction hashes of the peg-outs waiting for signatures (`eth_bridgeState`). */
export function readPegoutsWaitingForSignatures(storage: BridgeStorage): Uint8Array[] {
  return readWaitingForSignatures(storage).map((e) => e.rskTxHash)
}
