/**
 * Test helper, not used by the product: an external merged-mining client in the style of a pool.
 * From an `mnr_getWork` answer it builds its own Bitcoin block (a coinbase laid out like RSKj's test
 * miner, `MinerUtils.getBitcoinCoinbaseTransaction`: a random prefix, `RSKBLOCK:` and the hash in a
 * zero-value output; optionally segwit), grinds the header against the work's target and writes the
 * parameters of each of the three `mnr_submit*` forms, hex without `0x`, as pools send them.
 */
import { bytesToUnprefixedHex, concatBytes, hexToBytes } from '../../util/hex'
import { type BitcoinBlock, serializeBitcoinBlock } from '../bitcoin/block'
import { reverseBytes } from '../bitcoin/byteIo'
import { type BitcoinHeader, bitcoinHeaderHash, encodeBitcoinHeader } from '../bitcoin/header'
import { merkleTree } from '../bitcoin/merkle'
import { type BitcoinTransaction, serializeTransaction, transactionId } from '../bitcoin/transaction'
import { RSK_TAG } from '../coinbase'
import { grindHeaderNonce } from '../headerGrinder'
import type { MinerWork } from '../work/minerWork'

export type SolveMinerWorkParameters = {
  work: Pick<MinerWork, 'blockHashForMergedMining' | 'target'>
  /** Varies every random-looking byte; the same seed gives the same block. */
  seed: number
  /** Bitcoin header time, Unix seconds. */
  time?: number
  /** Display order; defaults to zeros. */
  previousBitcoinBlockHash?: Uint8Array
  /** Transactions besides the coinbase (default 3). */
  otherTransactions?: number
  /** Bytes before `RSKBLOCK:` in the tag output (default: 0–299 from the seed). */
  prefixLength?: number
  /** Give the coinbase a witness and a witness commitment, as segwit blocks do. */
  segwit?: boolean
}

export type MinerWorkSolution = {
  bitcoinBlock: BitcoinBlock
  /** Display order. */
  bitcoinBlockHash: Uint8Array
  /** The coinbase's legacy serialization. */
  coinbase: Uint8Array
  submitBitcoinBlockParams: [bitcoinBlockHex: string]
  submitBitcoinBlockTransactionsParams: [
    blockHashHex: string,
    blockHeaderHex: string,
    coinbaseHex: string,
    txnHashesHex: string,
  ]
  submitBitcoinBlockPartialMerkleParams: [
    blockHashHex: string,
    blockHeaderHex: string,
    coinbaseHex: string,
    merkleHashesHex: string,
    blockTxnCountHex: string,
  ]
}

/** A small deterministic byte source (xorshift32); a test client needs no better. */
function byteSource(seed: number): (length: number) => Uint8Array {
  let x = seed >>> 0 || 0x9e3779b9
  return (length) => {
    const out = new Uint8Array(length)
    for (let i = 0; i < length; i++) {
      x ^= x << 13
      x ^= x >>> 17
      x ^= x << 5
      out[i] = x & 0xff
    }
    return out
  }
}

function coinbaseFor(
  hashForMergedMining: Uint8Array,
  prefix: Uint8Array,
  random: (n: number) => Uint8Array,
  segwit: boolean,
) {
  const payToPublicKey = concatBytes(Uint8Array.of(0x21, 0x02), random(32), Uint8Array.of(0xac))
  const outputs = [
    { value: 5_000_000_000n, scriptPubKey: payToPublicKey },
    { value: 0n, scriptPubKey: concatBytes(prefix, RSK_TAG, hashForMergedMining) },
  ]
  return {
    version: 1,
    inputs: [
      {
        previousTxid: new Uint8Array(32),
        previousIndex: 0xffffffff,
        scriptSig: concatBytes(Uint8Array.of(0x03), random(3), Uint8Array.of(0x08), random(8)),
        sequence: 0xffffffff,
        // BIP141: a coinbase witness is one 32-byte reserved value.
        ...(segwit ? { witness: [new Uint8Array(32)] } : {}),
      },
    ],
    outputs,
    lockTime: 0,
  } satisfies BitcoinTransaction
}

function otherTransaction(random: (n: number) => Uint8Array): BitcoinTransaction {
  return {
    version: 1,
    inputs: [{ previousTxid: random(32), previousIndex: 0, scriptSig: random(40), sequence: 0xfffffffe }],
    outputs: [
      {
        value: 10_000n,
        scriptPubKey: concatBytes(Uint8Array.of(0xa9, 0x14), random(20), Uint8Array.of(0x87)),
      },
    ],
    lockTime: 0,
  }
}

/** Builds, grinds and encodes a Bitcoin block that merge-mines `work`. */
export function solveMinerWork({
  work,
  seed,
  time = 1_700_000_000,
  previousBitcoinBlockHash = new Uint8Array(32),
  otherTransactions = 3,
  prefixLength,
  segwit = false,
}: SolveMinerWorkParameters): MinerWorkSolution {
  const random = byteSource(seed)
  const hashForMergedMining = hexToBytes(work.blockHashForMergedMining)
  const prefix = random(prefixLength ?? new DataView(random(2).buffer).getUint16(0) % 300)
  const coinbase = coinbaseFor(hashForMergedMining, prefix, random, segwit)
  const others = Array.from({ length: otherTransactions }, () => otherTransaction(random))
  if (segwit) {
    // Witness commitment output (BIP141): OP_RETURN 0xaa21a9ed and a 32-byte commitment; its value
    // is not checked by RSK, so random bytes stand in for the witness merkle root.
    coinbase.outputs.push({ value: 0n, scriptPubKey: concatBytes(hexToBytes('0x6a24aa21a9ed'), random(32)) })
  }
  const transactions = [coinbase, ...others]
  const txids = transactions.map(transactionId)
  const tree = merkleTree(txids)
  const header: BitcoinHeader = {
    version: 0x20000000,
    previousBlockHash: previousBitcoinBlockHash,
    merkleRoot: tree.root,
    time,
    bits: 0x207fffff,
    nonce: 0,
  }
  const target = BigInt(work.target)
  for (let extra = 0; ; extra++) {
    header.time = time + extra // out of nonces: move the time, as miners may
    const nonce = grindHeaderNonce({ header: encodeBitcoinHeader(header), target })
    if (nonce !== null) {
      header.nonce = nonce
      break
    }
  }
  const headerBytes = encodeBitcoinHeader(header)
  const bitcoinBlockHash = bitcoinHeaderHash(headerBytes)
  const bitcoinBlock = { header, transactions }
  const coinbaseBytes = serializeTransaction(coinbase)
  const blockHashHex = bytesToUnprefixedHex(bitcoinBlockHash)
  const headerHex = bytesToUnprefixedHex(headerBytes)
  const coinbaseHex = bytesToUnprefixedHex(coinbaseBytes)
  // Partial-merkle form: coinbase txid then the branch, each in serialized (little-endian) order.
  const merkleHashes = [txids[0] as Uint8Array, ...tree.coinbaseBranch].map((hash) =>
    bytesToUnprefixedHex(reverseBytes(hash)),
  )
  return {
    bitcoinBlock,
    bitcoinBlockHash,
    coinbase: coinbaseBytes,
    submitBitcoinBlockParams: [bytesToUnprefixedHex(serializeBitcoinBlock(bitcoinBlock))],
    submitBitcoinBlockTransactionsParams: [
      blockHashHex,
      headerHex,
      coinbaseHex,
      txids.map(bytesToUnprefixedHex).join(' '),
    ],
    submitBitcoinBlockPartialMerkleParams: [
      blockHashHex,
      headerHex,
      coinbaseHex,
      merkleHashes.join(' '),
      transactions.length.toString(16),
    ],
  }
}
