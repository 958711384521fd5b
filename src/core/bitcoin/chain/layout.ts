/**
 * The chain's keys and value encodings in a {@link BtcStore}. Kept small because each value costs
 * 1 + ceil(bytes / 32) storage slots in the world state:
 *
 *   btc:tip             best height (u32) + best hash (32)
 *   btc:h:<height>      block hash at that height (32)
 *   btc:b:<hash>        raw block
 *   btc:t:<txid>        height (u32) + position in the block (u32) of a mined transaction
 *   btc:u:<txid>:<n>    an unspent output: value (u64) + height (u32) + coinbase flag (u8) + script
 *   btc:s:<script>      outpoints (txid 32 + index u32) of the unspent outputs paying that script
 *   btc:mempool         txids of the mempool, in arrival order (32 each)
 *   btc:m:<txid>        raw mempool transaction
 */
import { ByteReader, ByteWriter } from '../../mining/bitcoin/byteIo.js'
import { bytesToUnprefixedHex, equalBytes } from '../../util/hex.js'
import type { BtcStore } from './store.js'
import type { Utxo } from './types.js'

const hex = bytesToUnprefixedHex

export const TIP_KEY = 'btc:tip'
export const MEMPOOL_KEY = 'btc:mempool'
export const heightKey = (height: number) => `btc:h:${height}`
export const blockKey = (hash: Uint8Array) => `btc:b:${hex(hash)}`
export const txKey = (txid: Uint8Array) => `btc:t:${hex(txid)}`
export const utxoKey = (txid: Uint8Array, index: number) => `btc:u:${hex(txid)}:${index}`
export const scriptKey = (script: Uint8Array) => `btc:s:${hex(script)}`
export const mempoolTxKey = (txid: Uint8Array) => `btc:m:${hex(txid)}`

export interface Tip {
  height: number
  hash: Uint8Array
}

export function encodeTip(tip: Tip): Uint8Array {
  return new ByteWriter(36).uint32le(tip.height).bytes(tip.hash).toBytes()
}

export function decodeTip(bytes: Uint8Array): Tip {
  const reader = new ByteReader(bytes)
  return { height: reader.uint32le(), hash: reader.bytes(32) }
}

export interface TxLocation {
  height: number
  index: number
}

export function encodeLocation(location: TxLocation): Uint8Array {
  return new ByteWriter(8).uint32le(location.height).uint32le(location.index).toBytes()
}

export function decodeLocation(bytes: Uint8Array): TxLocation {
  const reader = new ByteReader(bytes)
  return { height: reader.uint32le(), index: reader.uint32le() }
}

export function encodeUtxo(utxo: Utxo): Uint8Array {
  return new ByteWriter(13 + utxo.scriptPubKey.length)
    .uint64le(utxo.value)
    .uint32le(utxo.height)
    .uint8(utxo.coinbase ? 1 : 0)
    .bytes(utxo.scriptPubKey)
    .toBytes()
}

export function decodeUtxo(txid: Uint8Array, index: number, bytes: Uint8Array): Utxo {
  const reader = new ByteReader(bytes)
  const value = reader.uint64le()
  const height = reader.uint32le()
  const coinbase = reader.uint8() === 1
  return { txid, index, value, height, coinbase, scriptPubKey: reader.bytes(reader.remaining) }
}

export interface Outpoint {
  txid: Uint8Array
  index: number
}

export function encodeOutpoints(outpoints: readonly Outpoint[]): Uint8Array {
  const writer = new ByteWriter(36 * outpoints.length)
  for (const { txid, index } of outpoints) writer.bytes(txid).uint32le(index)
  return writer.toBytes()
}

export function decodeOutpoints(bytes: Uint8Array | undefined): Outpoint[] {
  if (!bytes) return []
  const reader = new ByteReader(bytes)
  const out: Outpoint[] = []
  while (reader.remaining >= 36) out.push({ txid: reader.bytes(32), index: reader.uint32le() })
  return out
}

export function decodeTxids(bytes: Uint8Array | undefined): Uint8Array[] {
  const out: Uint8Array[] = []
  if (bytes) for (let at = 0; at + 32 <= bytes.length; at += 32) out.push(bytes.slice(at, at + 32))
  return out
}

/** Adds an unspent output: its own value and its place in its script's index. */
export function putUtxo(store: BtcStore, utxo: Utxo): void {
  store.put(utxoKey(utxo.txid, utxo.index), encodeUtxo(utxo))
  const key = scriptKey(utxo.scriptPubKey)
  const outpoints = decodeOutpoints(store.get(key))
  outpoints.push({ txid: utxo.txid, index: utxo.index })
  store.put(key, encodeOutpoints(outpoints))
}

/** Removes a spent output and its place in its script's index (the index goes when empty). */
export function deleteUtxo(store: BtcStore, utxo: Utxo): void {
  store.put(utxoKey(utxo.txid, utxo.index), undefined)
  const key = scriptKey(utxo.scriptPubKey)
  const rest = decodeOutpoints(store.get(key)).filter(
    (o) => !(o.index === utxo.index && equalBytes(o.txid, utxo.txid)),
  )
  store.put(key, rest.length > 0 ? encodeOutpoints(rest) : undefined)
}
