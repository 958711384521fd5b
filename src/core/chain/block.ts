/**
 * Blocks (`org/ethereum/core/Block.java`): `rlp([fullHeader, [tx…], [uncleFullHeader…]])`, whose
 * length is the JSON `size`, and the REMASC transaction that ends every block
 * (`co/rsk/remasc/RemascTransaction.java`, reference §3.1, §6.3).
 */
import { keccak256 } from '../crypto/hash.js'
import { REMASC_ADDRESS } from '../network/networks.js'
import { bigintToBytes, hexToBytes } from '../util/hex.js'
import { InvalidChainEncodingError } from './errors.js'
import { type BlockHeader, encodeFullHeader, fullHeaderLength } from './header.js'
import { type RlpDecoded, rlpDecode, rlpEncode, rlpEncodeListOfEncoded } from './rlp.js'
import { decodeTransaction, type SignedTransaction, unsignedTransaction } from './transaction.js'

export interface Block {
  header: BlockHeader
  /** In block order; the last one is the REMASC transaction. */
  transactions: SignedTransaction[]
  uncles: BlockHeader[]
}

/** RSKj `Block.getEncoded()`. */
export function encodeBlock(block: Block): Uint8Array {
  return rlpEncodeListOfEncoded([
    encodeFullHeader(block.header),
    rlpEncodeListOfEncoded(block.transactions.map((tx) => tx.raw)),
    encodeUncles(block.uncles),
  ])
}

/** The JSON `size`: length of the full block RLP. */
export function blockSize(block: Block): number {
  // The length alone, without concatenating the header and every transaction into a new buffer.
  let transactionsLength = 0
  for (const tx of block.transactions) transactionsLength += tx.raw.length
  return listLength(
    fullHeaderLength(block.header) + listLength(transactionsLength) + encodeUncles(block.uncles).length,
  )
}

/** Length of an RLP list whose items' encodings take `payloadLength` bytes. */
function listLength(payloadLength: number): number {
  if (payloadLength < 56) return 1 + payloadLength
  let lengthBytes = 0
  for (let rest = payloadLength; rest > 0; rest = Math.floor(rest / 256)) lengthBytes++
  return 1 + lengthBytes + payloadLength
}

/** RLP list of the uncles' full encodings (`BlockHeader.getUnclesEncoded`). */
export function encodeUncles(uncles: readonly BlockHeader[]): Uint8Array {
  return rlpEncodeListOfEncoded(uncles.map(encodeFullHeader))
}

/** `sha3Uncles`: keccak of the uncle list (EMPTY_LIST_HASH when there are none). */
export function unclesHash(uncles: readonly BlockHeader[]): Uint8Array {
  return keccak256(encodeUncles(uncles))
}

/**
 * Splits a full block RLP into its header bytes, transactions and uncle header bytes; the caller
 * decodes the headers with `decodeFullHeader` and the rules of their network and height.
 */
export function decodeBlockParts(encoded: Uint8Array): {
  header: Uint8Array
  transactions: SignedTransaction[]
  uncles: Uint8Array[]
} {
  const decoded = rlpDecode(encoded)
  if (!Array.isArray(decoded) || decoded.length !== 3)
    throw new InvalidChainEncodingError('a block is a list of 3 items')
  const [header, txs, uncles] = decoded as [RlpDecoded, RlpDecoded, RlpDecoded]
  if (!Array.isArray(header) || !Array.isArray(txs) || !Array.isArray(uncles)) {
    throw new InvalidChainEncodingError('block header, transactions and uncles must be lists')
  }
  return {
    header: rlpEncode(header),
    transactions: txs.map((tx) => decodeTransaction(rlpEncode(tx))),
    uncles: uncles.map((uncle) => rlpEncode(uncle)),
  }
}

const REMASC_ADDRESS_BYTES = hexToBytes(REMASC_ADDRESS)
const EMPTY = new Uint8Array(0)
const SINGLE_ZERO = Uint8Array.of(0)

/**
 * The REMASC transaction of block `blockNumber`: unsigned, nonce = blockNumber − 1, to
 * 0x…01000008. RSKj builds it with gasPrice and gasLimit given as the single byte 0x00, which its
 * encoders keep as the raw byte 0x00 (`encodeCoinNonNullZero`, `encodeElement`), while value 0
 * becomes 0x80 (`encodeCoinNullZero`) and v, r, s are empty. Its hash depends on exactly this.
 */
export function remascTransaction(blockNumber: bigint): SignedTransaction {
  if (blockNumber < 1n) throw new RangeError('the genesis block has no REMASC transaction')
  // The slots RSKj encodes: nonce minimal, gasPrice and gasLimit the raw byte 0x00, value 0x80.
  const nonce = blockNumber - 1n
  return unsignedTransaction(
    { nonce, gasPrice: 0n, gasLimit: 0n, to: REMASC_ADDRESS, value: 0n, data: EMPTY },
    [bigintToBytes(nonce), SINGLE_ZERO, SINGLE_ZERO, REMASC_ADDRESS_BYTES, EMPTY, EMPTY],
  )
}

/**
 * How many of a block's transactions are users' ones: all but the REMASC transaction that ends
 * every Rootstock block (absent only on a chain opened to leave it out for test suites).
 */
export function userTransactionCount(transactions: readonly SignedTransaction[]): number {
  const count = transactions.length
  const last = transactions[count - 1]
  return last && isRemascTransaction(last, count - 1, count) ? count - 1 : count
}

/** RSKj `Transaction.isRemascTransaction(position, count)`: last, to REMASC, unsigned, zero value/gas/price, no data. */
export function isRemascTransaction(tx: SignedTransaction, position: number, count: number): boolean {
  return (
    position === count - 1 &&
    tx.to === REMASC_ADDRESS &&
    !tx.signed &&
    tx.data.length === 0 &&
    tx.value === 0n &&
    tx.gasLimit === 0n &&
    tx.gasPrice === 0n
  )
}

/**
 * The JSON `cumulativeDifficulty` (RSKj `Block.getCumulativeDifficulty`): this block's difficulty
 * plus its uncles'. A block's `totalDifficulty` is its parent's plus this.
 */
export function cumulativeDifficulty(
  header: Pick<BlockHeader, 'difficulty'>,
  uncles: readonly Pick<BlockHeader, 'difficulty'>[],
): bigint {
  return uncles.reduce((sum, uncle) => sum + uncle.difficulty, header.difficulty)
}
