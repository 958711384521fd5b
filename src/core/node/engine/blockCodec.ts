/**
 * The storage encoding of a block record. Our own RLP layout, not RSKj's wire encoding: it keeps
 * the block hash, hashForMergedMining, senders, total difficulty and contract addresses, so that
 * loading a block never re-hashes a header or recovers a signature.
 */

import type { BlockHeader, HeaderVersion } from '../../chain/header.js'
import { type RlpDecoded, rlpDecode, rlpEncode } from '../../chain/rlp.js'
import { decodeTransaction } from '../../chain/transaction.js'
import type { Log } from '../../evm/types.js'
import {
  type Address,
  bigintToBytes,
  bytesToBigint,
  bytesToHex,
  bytesToUnprefixedHex,
  hexToBytes,
} from '../../util/hex.js'
import { locateState, type StoredBlock, type StoredReceipt } from './blockRecord.js'

const EMPTY = new Uint8Array(0)
const BLOOM_BYTES = 256

/**
 * A bloom without logs is 256 zero bytes; stored as an empty string it shrinks a plain transfer's
 * record (header and two receipts) by ~45%, in memory and in IndexedDB. Records written before
 * this keep their 256 bytes and decode the same.
 */
export function packBloom(bloom: Uint8Array): Uint8Array {
  for (let i = 0; i < bloom.length; i++) if (bloom[i] !== 0) return bloom
  return EMPTY
}

export function unpackBloom(stored: Uint8Array): Uint8Array {
  return stored.length === 0 ? new Uint8Array(BLOOM_BYTES) : stored
}

function optional(value: Uint8Array | null | undefined): Uint8Array[] {
  return value === null || value === undefined ? [] : [value]
}

function encodeHeaderRecord(h: BlockHeader): Uint8Array[] | (Uint8Array | Uint8Array[])[] {
  return [
    bigintToBytes(BigInt(h.version)),
    h.parentHash,
    h.unclesHash,
    hexToBytes(h.coinbase),
    h.stateRoot,
    h.transactionsRoot,
    h.receiptsRoot,
    packBloom(h.logsBloom),
    bigintToBytes(h.difficulty),
    bigintToBytes(h.number),
    bigintToBytes(h.gasLimit),
    bigintToBytes(h.gasUsed),
    bigintToBytes(h.timestamp),
    h.extraData,
    bigintToBytes(h.paidFees),
    optional(h.minimumGasPrice === null ? null : bigintToBytes(h.minimumGasPrice)),
    bigintToBytes(BigInt(h.uncleCount)),
    optional(h.ummRoot),
    h.txExecutionSublistsEdges === null
      ? []
      : [h.txExecutionSublistsEdges.map((e) => bigintToBytes(BigInt(e)))],
    optional(h.baseEvent),
    h.bitcoinMergedMiningHeader,
    h.bitcoinMergedMiningMerkleProof,
    h.bitcoinMergedMiningCoinbaseTransaction,
    optional(h.genesisDifficultyBytes),
  ] as (Uint8Array | Uint8Array[])[]
}

function encodeReceipt(r: StoredReceipt): (Uint8Array | unknown[])[] {
  return [
    r.status ? Uint8Array.of(1) : EMPTY,
    bigintToBytes(r.cumulativeGasUsed),
    bigintToBytes(r.gasUsed),
    packBloom(r.bloom),
    r.contractAddress ? hexToBytes(r.contractAddress) : EMPTY,
    r.logs.map((l) => [hexToBytes(l.address), l.topics, l.data]),
  ]
}

export function encodeBlockRecord(block: StoredBlock): Uint8Array {
  return rlpEncode([
    encodeHeaderRecord(block.header),
    block.hash,
    block.hashForMergedMining,
    bigintToBytes(block.totalDifficulty),
    bigintToBytes(BigInt(block.size)),
    block.transactions.map((t) => t.raw),
    block.senders.map((s) => hexToBytes(s)),
    block.receipts.map(encodeReceipt),
    optional(block.baseStateRoot),
    bigintToBytes(BigInt(block.stateAt ?? 0)),
    bigintToBytes(BigInt(block.baseStateAt ?? 0)),
  ] as Parameters<typeof rlpEncode>[0])
}

function bytes(item: RlpDecoded | undefined): Uint8Array {
  if (!(item instanceof Uint8Array)) throw new Error('corrupt block record: expected bytes')
  return item
}

function list(item: RlpDecoded | undefined): RlpDecoded[] {
  if (!Array.isArray(item)) throw new Error('corrupt block record: expected a list')
  return item
}

function optionalBytes(item: RlpDecoded | undefined): Uint8Array | null {
  const l = list(item)
  return l.length === 0 ? null : bytes(l[0])
}

const address = (b: Uint8Array): Address => bytesToHex(b) as Address

function decodeHeaderRecord(f: RlpDecoded[]): BlockHeader {
  const mgp = optionalBytes(f[15])
  const edges = list(f[18])
  const genesisDifficulty = optionalBytes(f[23])
  const header: BlockHeader = {
    version: Number(bytesToBigint(bytes(f[0]))) as HeaderVersion,
    parentHash: bytes(f[1]),
    unclesHash: bytes(f[2]),
    coinbase: address(bytes(f[3])),
    stateRoot: bytes(f[4]),
    transactionsRoot: bytes(f[5]),
    receiptsRoot: bytes(f[6]),
    logsBloom: unpackBloom(bytes(f[7])),
    difficulty: bytesToBigint(bytes(f[8])),
    number: bytesToBigint(bytes(f[9])),
    gasLimit: bytesToBigint(bytes(f[10])),
    gasUsed: bytesToBigint(bytes(f[11])),
    timestamp: bytesToBigint(bytes(f[12])),
    extraData: bytes(f[13]),
    paidFees: bytesToBigint(bytes(f[14])),
    minimumGasPrice: mgp === null ? null : bytesToBigint(mgp),
    uncleCount: Number(bytesToBigint(bytes(f[16]))),
    ummRoot: optionalBytes(f[17]),
    txExecutionSublistsEdges:
      edges.length === 0 ? null : list(edges[0]).map((e) => Number(bytesToBigint(bytes(e)))),
    baseEvent: optionalBytes(f[19]),
    bitcoinMergedMiningHeader: bytes(f[20]),
    bitcoinMergedMiningMerkleProof: bytes(f[21]),
    bitcoinMergedMiningCoinbaseTransaction: bytes(f[22]),
  }
  if (genesisDifficulty) header.genesisDifficultyBytes = genesisDifficulty
  return header
}

function decodeReceipt(f: RlpDecoded[]): StoredReceipt {
  const contract = bytes(f[4])
  return {
    status: bytes(f[0]).length > 0,
    cumulativeGasUsed: bytesToBigint(bytes(f[1])),
    gasUsed: bytesToBigint(bytes(f[2])),
    bloom: unpackBloom(bytes(f[3])),
    contractAddress: contract.length === 0 ? null : address(contract),
    logs: list(f[5]).map((l): Log => {
      const parts = list(l)
      return { address: address(bytes(parts[0])), topics: list(parts[1]).map(bytes), data: bytes(parts[2]) }
    }),
  }
}

export function decodeBlockRecord(raw: Uint8Array): StoredBlock {
  const f = list(rlpDecode(raw))
  const hash = bytes(f[1])
  const block: StoredBlock = {
    header: decodeHeaderRecord(list(f[0])),
    hash,
    hashHex: bytesToUnprefixedHex(hash),
    hashForMergedMining: bytes(f[2]),
    totalDifficulty: bytesToBigint(bytes(f[3])),
    size: Number(bytesToBigint(bytes(f[4]))),
    transactions: list(f[5]).map((t) => decodeTransaction(bytes(t))),
    senders: list(f[6]).map((s) => address(bytes(s))),
    receipts: list(f[7]).map((r) => decodeReceipt(list(r))),
  }
  // Records written before the base state root was kept have eight fields; before the state's
  // location was kept, nine (their roots lie under `t:`).
  const baseStateRoot = f.length > 8 ? optionalBytes(f[8]) : null
  if (baseStateRoot) block.baseStateRoot = baseStateRoot
  locateState(
    block,
    f.length > 9 ? Number(bytesToBigint(bytes(f[9]))) : 0,
    f.length > 10 ? Number(bytesToBigint(bytes(f[10]))) : 0,
  )
  return block
}
