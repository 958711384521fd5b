/** A full Bitcoin block: 80-byte header, CompactSize transaction count, transactions. */
import { BitcoinDecodeError, ByteReader, ByteWriter } from './byteIo'
import { type BitcoinHeader, encodeBitcoinHeader, readBitcoinHeader } from './header'
import { type BitcoinTransaction, readTransaction, serializeTransactionForBlock } from './transaction'

export type BitcoinBlock = {
  header: BitcoinHeader
  /** Coinbase first. */
  transactions: BitcoinTransaction[]
}

export function serializeBitcoinBlock(block: BitcoinBlock): Uint8Array {
  const writer = new ByteWriter(1024)
    .bytes(encodeBitcoinHeader(block.header))
    .varInt(block.transactions.length)
  for (const tx of block.transactions) writer.bytes(serializeTransactionForBlock(tx))
  return writer.toBytes()
}

/** Parses a whole serialized block; it must hold at least the coinbase and nothing after the last tx. */
export function parseBitcoinBlock(bytes: Uint8Array): BitcoinBlock {
  const reader = new ByteReader(bytes)
  const header = readBitcoinHeader(reader)
  const count = reader.varInt('transaction count')
  if (count === 0) throw new BitcoinDecodeError('the block has no transactions (a coinbase is required)')
  const transactions: BitcoinTransaction[] = []
  for (let i = 0; i < count; i++) transactions.push(readTransaction(reader))
  if (reader.remaining !== 0)
    throw new BitcoinDecodeError(`${reader.remaining} unexpected bytes after the block`)
  return { header, transactions }
}
