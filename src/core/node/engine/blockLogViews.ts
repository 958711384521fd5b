/**
 * The log views of a stored block record (see blockCodec.ts for its layout), read without decoding
 * the block: a log query over blocks that are no longer cached needs each block's hash, its
 * transactions' hashes and its receipts' logs, not headers, senders or parsed transactions. The
 * record is walked in place; only the fields kept by the views are copied out.
 */

import { keccak256 } from '../../crypto/hash.js'
import { type Address, bytesToHex } from '../../util/hex.js'
import type { LogView } from './views.js'

/** One RLP item inside `buffer`: its payload is `buffer[start, end)`, the next item starts at `next`. */
interface RlpSpan {
  list: boolean
  start: number
  end: number
}

function corrupt(): never {
  throw new Error('corrupt block record: bad RLP')
}

function spanAt(buffer: Uint8Array, pos: number, limit: number): RlpSpan {
  if (pos >= limit) corrupt()
  const prefix = buffer[pos] as number
  if (prefix < 0x80) return { list: false, start: pos, end: pos + 1 }
  if (prefix <= 0xb7) return checked(false, pos + 1, prefix - 0x80, limit)
  if (prefix <= 0xbf) return long(buffer, false, pos, prefix - 0xb7, limit)
  if (prefix <= 0xf7) return checked(true, pos + 1, prefix - 0xc0, limit)
  return long(buffer, true, pos, prefix - 0xf7, limit)
}

function long(buffer: Uint8Array, list: boolean, pos: number, lengthBytes: number, limit: number): RlpSpan {
  let length = 0
  for (let i = 1; i <= lengthBytes; i++) length = length * 256 + (buffer[pos + i] ?? corrupt())
  return checked(list, pos + 1 + lengthBytes, length, limit)
}

function checked(list: boolean, start: number, length: number, limit: number): RlpSpan {
  if (start + length > limit) corrupt()
  return { list, start, end: start + length }
}

/** The items of a list span, in order. */
function items(buffer: Uint8Array, span: RlpSpan): RlpSpan[] {
  if (!span.list) corrupt()
  const out: RlpSpan[] = []
  for (let pos = span.start; pos < span.end; ) {
    const item = spanAt(buffer, pos, span.end)
    out.push(item)
    pos = item.end
  }
  return out
}

/** A byte-string item's payload, as a view of `buffer`. */
const bytesOf = (buffer: Uint8Array, span: RlpSpan | undefined): Uint8Array => {
  if (!span || span.list) corrupt()
  return buffer.subarray(span.start, span.end)
}

/**
 * Copies the views into one buffer of their own and returns views of it: the record (receipt
 * blooms, headers, senders) is not kept alive by the cached log views, and one buffer per block
 * costs less than one per topic (and reads as fast as views, which separate copies did not).
 */
function packed(views: Uint8Array[]): Uint8Array[] {
  let length = 0
  for (const view of views) length += view.length
  const out = new Uint8Array(length)
  let offset = 0
  return views.map((view) => {
    out.set(view, offset)
    offset += view.length
    return out.subarray(offset - view.length, offset)
  })
}

/**
 * The logs bloom of a stored block, read in place: log queries over blocks that are not in
 * memory need only this of the record (the header's eighth field), not the decoded block. Packed
 * as stored: empty when the block has no logs (`packBloom`).
 */
export function packedBloomOfBlockRecord(raw: Uint8Array): Uint8Array {
  const record = spanAt(raw, 0, raw.length)
  const header = items(raw, items(raw, record)[0] ?? corrupt())
  return bytesOf(raw, header[7]).slice()
}

/** Every log of block `number` from its stored record, as `ChainReader.logs` returns them. */
export function decodeBlockLogViews(raw: Uint8Array, number: bigint): LogView[] {
  const fields = items(raw, spanAt(raw, 0, raw.length))
  const transactions = items(raw, fields[5] ?? corrupt())
  const receipts = items(raw, fields[7] ?? corrupt())
  const logs: { transactionIndex: number; address: string; parts: Uint8Array[] }[] = []
  // Block hash first, then per log its transaction's hash, data and topics.
  const kept: Uint8Array[] = [bytesOf(raw, fields[1])]
  receipts.forEach((receipt, transactionIndex) => {
    const receiptLogs = items(raw, items(raw, receipt)[5] ?? corrupt())
    if (receiptLogs.length === 0) return
    // The stored transaction is its canonical encoding, whose keccak is the transaction hash.
    const transactionHash = keccak256(bytesOf(raw, transactions[transactionIndex]))
    for (const log of receiptLogs) {
      const [address, topics, data] = items(raw, log)
      const parts = [transactionHash, bytesOf(raw, data)]
      for (const topic of items(raw, topics ?? corrupt())) parts.push(bytesOf(raw, topic))
      kept.push(...parts)
      logs.push({ transactionIndex, address: bytesToHex(bytesOf(raw, address)), parts })
    }
  })
  const views = packed(kept)
  const blockHash = views[0] as Uint8Array
  let next = 1
  return logs.map(({ transactionIndex, address, parts }, logIndex) => {
    const own = views.slice(next, next + parts.length)
    next += parts.length
    return {
      logIndex,
      blockNumber: number,
      blockHash,
      transactionHash: own[0] as Uint8Array,
      transactionIndex,
      address: address as Address,
      data: own[1] as Uint8Array,
      topics: own.slice(2),
    }
  })
}
