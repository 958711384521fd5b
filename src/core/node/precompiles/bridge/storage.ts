/**
 * The Bridge's own state, kept as byte strings under string keys in the storage of 0x…01000006
 * (RSKj `BridgeStorageProvider` keeps byte arrays under its keys; these keys and encodings are
 * ours). Being world state, every value is written with its block, undone by a failed call or a
 * reorganization and persisted like any storage. Hashes are in display order everywhere.
 *
 * Keys:
 *   `btc:header:<hash>`   light-client header: 80 header bytes ‖ height u32 ‖ chain work (32 bytes)
 *   `btc:height:<n>`      hash of the best chain's block at height n
 *   `btc:best`            hash of the best chain's tip (absent: the simulated chain's genesis)
 *   `btc:headerTime`      RSK block timestamp of the last accepted `receiveHeader` (u64)
 *   `btc:coinbase:<hash>` witness merkle root of a block whose coinbase was registered (RSKIP143)
 *   `btc:processed:<txid>` RSK block number at which a BTC transaction was processed (u64)
 *   `fed:utxos`           the federation's UTXOs (absent: the genesis outputs to the federation)
 *   `flyover:<derivationHash>:<txid>` 1 when that Flyover peg-in was registered
 *   `pegout:*`            peg-out state, encoded by the peg-out files that own it
 */

import type { Utxo } from '../../../bitcoin/chain/types.js'
import type { PrecompileContext } from '../../../evm/types.js'
import type { NetworkName } from '../../../network/networks.js'
import { BRIDGE_ADDRESS } from '../../../network/networks.js'
import { readBlob, type SlotReader, type SlotWriter, writeBlob } from '../../../state/slotBlobs.js'
import { bigintToPaddedBytes, bytesToBigint, bytesToUnprefixedHex, concatBytes } from '../../../util/hex.js'
import { NativeContractError } from '../nativeContract.js'

/** The Bridge's own account: its state is in its storage, as RSKj's `BridgeStorageProvider` keeps it. */
export const BRIDGE_STORAGE_ADDRESS = BRIDGE_ADDRESS

/** A federation UTXO: the simulated chain's own `Utxo`. */
export type BridgeUtxo = Utxo

/** What the Bridge holds before anything is written: the simulated Bitcoin chain's genesis. */
export interface BridgeGenesis {
  /** The genesis block's 80-byte header; the light client's initial (checkpoint) block. */
  header: Uint8Array
  hash: Uint8Array
  height: number
  federationUtxos: readonly BridgeUtxo[]
}

/** A header the light client holds. */
export interface StoredHeader {
  header: Uint8Array
  hash: Uint8Array
  height: number
  chainWork: bigint
}

/** The Bridge's key/value storage over one state; `put` fails in a static call. */
export class BridgeStorage {
  readonly #reader: SlotReader
  readonly #writer: SlotWriter | undefined
  readonly #genesis: () => BridgeGenesis
  #genesisValue: BridgeGenesis | undefined

  constructor(
    readonly network: NetworkName,
    reader: SlotReader,
    writer: SlotWriter | undefined,
    genesis: () => BridgeGenesis,
  ) {
    this.#reader = reader
    this.#writer = writer
    this.#genesis = genesis
  }

  get genesis(): BridgeGenesis {
    this.#genesisValue ??= this.#genesis()
    return this.#genesisValue
  }

  get writable(): boolean {
    return this.#writer !== undefined
  }

  get(key: string): Uint8Array | undefined {
    return readBlob(this.#reader, key)
  }

  put(key: string, value: Uint8Array | undefined): void {
    // RSKj refuses a state change in a static call: the call fails without return data.
    if (!this.#writer) throw new NativeContractError('Bridge state cannot change in a static call')
    writeBlob(this.#writer, key, value)
  }
}

/** The Bridge's storage as seen (and, outside a static call, written) by a native method. */
export function bridgeStorageOf(
  ctx: Pick<PrecompileContext, 'state' | 'write'>,
  network: NetworkName,
  genesis: () => BridgeGenesis,
): BridgeStorage {
  const reader: SlotReader = { getStorage: (slot) => ctx.state.getStorage(BRIDGE_STORAGE_ADDRESS, slot) }
  const write = ctx.write
  const writer: SlotWriter | undefined = write && {
    getStorage: reader.getStorage,
    setStorage: (slot, value) => write.setStorage(BRIDGE_STORAGE_ADDRESS, slot, value),
  }
  return new BridgeStorage(network, reader, writer, genesis)
}

const hex = bytesToUnprefixedHex

function u64(value: bigint): Uint8Array {
  return bigintToPaddedBytes(value, 8)
}

// Light client

export function readStoredHeader(storage: BridgeStorage, hash: Uint8Array): StoredHeader | undefined {
  const raw = storage.get(`btc:header:${hex(hash)}`)
  if (raw) {
    const height = new DataView(raw.buffer, raw.byteOffset + 80, 4).getUint32(0)
    return { header: raw.slice(0, 80), hash, height, chainWork: bytesToBigint(raw.subarray(84, 116)) }
  }
  const genesis = storage.genesis
  if (hex(genesis.hash) !== hex(hash)) return undefined
  return { header: genesis.header, hash: genesis.hash, height: genesis.height, chainWork: 0n }
}

export function writeStoredHeader(storage: BridgeStorage, stored: StoredHeader): void {
  const height = new Uint8Array(4)
  new DataView(height.buffer).setUint32(0, stored.height)
  const record = concatBytes(stored.header, height, bigintToPaddedBytes(stored.chainWork, 32))
  storage.put(`btc:header:${hex(stored.hash)}`, record)
}

/** Hash of the best chain's tip. */
export function readBestHash(storage: BridgeStorage): Uint8Array {
  return storage.get('btc:best') ?? storage.genesis.hash
}

export function writeBestHash(storage: BridgeStorage, hash: Uint8Array): void {
  storage.put('btc:best', hash)
}

/** Hash of the best chain's block at `height`, if the light client holds one there. */
export function readHashAtHeight(storage: BridgeStorage, height: number): Uint8Array | undefined {
  const genesis = storage.genesis
  if (height === genesis.height) return genesis.hash
  if (height < genesis.height) return undefined
  return storage.get(`btc:height:${height}`)
}

export function writeHashAtHeight(
  storage: BridgeStorage,
  height: number,
  hash: Uint8Array | undefined,
): void {
  storage.put(`btc:height:${height}`, hash)
}

export function readLastReceiveHeaderTime(storage: BridgeStorage): bigint | undefined {
  const raw = storage.get('btc:headerTime')
  return raw && bytesToBigint(raw)
}

export function writeLastReceiveHeaderTime(storage: BridgeStorage, timestamp: bigint): void {
  storage.put('btc:headerTime', u64(timestamp))
}

/** The witness merkle root registered for a block (RSKj `CoinbaseInformation`), if any. */
export function readWitnessRoot(storage: BridgeStorage, blockHash: Uint8Array): Uint8Array | undefined {
  return storage.get(`btc:coinbase:${hex(blockHash)}`)
}

export function writeWitnessRoot(storage: BridgeStorage, blockHash: Uint8Array, root: Uint8Array): void {
  storage.put(`btc:coinbase:${hex(blockHash)}`, root)
}

// Processed BTC transactions

/** RSK block number at which `txid` was processed, or undefined. */
export function readProcessedHeight(storage: BridgeStorage, txid: Uint8Array): bigint | undefined {
  const raw = storage.get(`btc:processed:${hex(txid)}`)
  return raw && bytesToBigint(raw)
}

export function markProcessed(storage: BridgeStorage, txid: Uint8Array, rskBlockNumber: bigint): void {
  storage.put(`btc:processed:${hex(txid)}`, u64(rskBlockNumber))
}

// Flyover

export function isFlyoverHashUsed(
  storage: BridgeStorage,
  derivationHash: Uint8Array,
  txid: Uint8Array,
): boolean {
  return storage.get(`flyover:${hex(derivationHash)}:${hex(txid)}`) !== undefined
}

export function markFlyoverHashUsed(
  storage: BridgeStorage,
  derivationHash: Uint8Array,
  txid: Uint8Array,
): void {
  storage.put(`flyover:${hex(derivationHash)}:${hex(txid)}`, Uint8Array.of(1))
}

// Federation UTXOs

export function readFederationUtxos(storage: BridgeStorage): BridgeUtxo[] {
  const raw = storage.get('fed:utxos')
  return raw ? decodeUtxos(raw) : storage.genesis.federationUtxos.map((u) => ({ ...u }))
}

export function writeFederationUtxos(storage: BridgeStorage, utxos: readonly BridgeUtxo[]): void {
  storage.put('fed:utxos', encodeUtxos(utxos))
}

// txid 32 ‖ index u32 ‖ value u64 ‖ height u32 ‖ coinbase u8 ‖ script length u16 ‖ script
export function encodeUtxos(utxos: readonly BridgeUtxo[]): Uint8Array {
  const parts: Uint8Array[] = []
  for (const u of utxos) {
    const fixed = new Uint8Array(32 + 4 + 8 + 4 + 1 + 2)
    const view = new DataView(fixed.buffer)
    fixed.set(u.txid, 0)
    view.setUint32(32, u.index)
    view.setBigUint64(36, u.value)
    view.setUint32(44, u.height)
    view.setUint8(48, u.coinbase ? 1 : 0)
    view.setUint16(49, u.scriptPubKey.length)
    parts.push(fixed, u.scriptPubKey)
  }
  return concatBytes(...parts)
}

export function decodeUtxos(raw: Uint8Array): BridgeUtxo[] {
  const utxos: BridgeUtxo[] = []
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength)
  let at = 0
  while (at < raw.length) {
    const scriptLength = view.getUint16(at + 49)
    utxos.push({
      txid: raw.slice(at, at + 32),
      index: view.getUint32(at + 32),
      value: view.getBigUint64(at + 36),
      height: view.getUint32(at + 44),
      coinbase: view.getUint8(at + 48) === 1,
      scriptPubKey: raw.slice(at + 51, at + 51 + scriptLength),
    })
    at += 51 + scriptLength
  }
  return utxos
}
