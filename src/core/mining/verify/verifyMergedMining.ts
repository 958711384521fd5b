/**
 * The merged-mining checker: RSKj's `ProofOfWorkRule.isValid(BlockHeader)` for an RSKIP92 +
 * RSKIP180 chain, written apart from the miner (own parsing, own midstate-resuming SHA-256) so each can catch
 * the other's mistakes. Every check is evaluated when its inputs allow, for display; `valid` and
 * `reason` follow RSKj's order, where the first failure decides.
 */
import { sha256 } from '../../crypto/fastSha256'
import { bytesToHex } from '../../util/hex'
import { combineLeftRight, MAX_MERKLE_PROOF_LENGTH } from './merkleProof'
import { sha256Resumed } from './resumedSha256'
import type {
  CheckStatus,
  DecodedBitcoinHeader,
  DecodedCoinbase,
  MergedMiningChecks,
  MerklePathStep,
  VerifyMergedMiningParameters,
  VerifyMergedMiningReturnType,
} from './verifyTypes'

/** `RskMiningConstants`. */
const RSK_TAG = new TextEncoder().encode('RSKBLOCK:')
const BTC_HEADER_SIZE = 80
const MIDSTATE_SIZE_TRIMMED = 40
const MAX_BYTES_AFTER_MERGED_MINING_HASH = 128

function reversed(bytes: Uint8Array): Uint8Array {
  return Uint8Array.from(bytes).reverse()
}

function lastIndexOf(data: Uint8Array, pattern: Uint8Array): number {
  outer: for (let i = data.length - pattern.length; i >= 0; i--) {
    for (let j = 0; j < pattern.length; j++) if (data[i + j] !== pattern[j]) continue outer
    return i
  }
  return -1
}

function decodeHeader(bytes: Uint8Array): DecodedBitcoinHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
  return {
    version: view.getInt32(0, true),
    previousBlockHash: bytesToHex(reversed(bytes.subarray(4, 36))),
    merkleRoot: bytesToHex(reversed(bytes.subarray(36, 68))),
    time: view.getUint32(68, true),
    bits: view.getUint32(72, true),
    nonce: view.getUint32(76, true),
  }
}

/** The coinbase's positions as the checks need them; the hex fields come from `describeCoinbase`. */
type CoinbaseLayout = Omit<DecodedCoinbase, 'midstate' | 'tail' | 'committedHash'> & {
  /** Where the committed hash starts in the tail, or -1 when none fits. */
  committedHashStart: number
}

function decodeCoinbase(compressed: Uint8Array, hashForMergedMining: Uint8Array): CoinbaseLayout {
  const byteCountBig = new DataView(compressed.buffer, compressed.byteOffset, 8).getBigInt64(0)
  const midstateByteCount = Number(byteCountBig)
  const tail = compressed.subarray(MIDSTATE_SIZE_TRIMMED)
  const expected = new Uint8Array(RSK_TAG.length + 32)
  expected.set(RSK_TAG)
  expected.set(hashForMergedMining, RSK_TAG.length)
  const tagPositionInTail = lastIndexOf(tail, expected)
  const lastTagPositionInTail = lastIndexOf(tail, RSK_TAG)
  const hashStart = lastTagPositionInTail + RSK_TAG.length
  const hasCommittedHash = lastTagPositionInTail >= 0 && hashStart + 32 <= tail.length
  return {
    midstateByteCount,
    tagPositionInTail,
    tagPositionInCoinbase: tagPositionInTail < 0 ? -1 : midstateByteCount + tagPositionInTail,
    lastTagPositionInTail,
    committedHashStart: hasCommittedHash ? hashStart : -1,
    bytesAfterHash: tagPositionInTail < 0 ? null : tail.length - tagPositionInTail - expected.length,
    coinbaseLength: midstateByteCount + tail.length,
  }
}

function describeCoinbase(compressed: Uint8Array, layout: CoinbaseLayout): DecodedCoinbase {
  const tail = compressed.subarray(MIDSTATE_SIZE_TRIMMED)
  const { committedHashStart: start, ...positions } = layout
  return {
    midstateByteCount: positions.midstateByteCount,
    midstate: bytesToHex(compressed.subarray(8, MIDSTATE_SIZE_TRIMMED)),
    tail: bytesToHex(tail),
    tagPositionInTail: positions.tagPositionInTail,
    tagPositionInCoinbase: positions.tagPositionInCoinbase,
    lastTagPositionInTail: positions.lastTagPositionInTail,
    committedHash: start < 0 ? null : bytesToHex(tail.subarray(start, start + 32)),
    bytesAfterHash: positions.bytesAfterHash,
    coinbaseLength: positions.coinbaseLength,
  }
}

/** True when `hash` (display order) is the header's merkle root (stored in internal order). */
function isHeaderMerkleRoot(header: Uint8Array, hash: Uint8Array): boolean {
  for (let i = 0; i < 32; i++) if (header[36 + i] !== hash[31 - i]) return false
  return true
}

/** Checks one RSK block's merged-mining proof of work as RSKj does. */
export function verifyMergedMining(parameters: VerifyMergedMiningParameters): VerifyMergedMiningReturnType {
  const { valid, checks, reason, work } = checkMergedMining(parameters)
  const compressed = parameters.bitcoinMergedMiningCoinbaseTransaction
  return {
    valid,
    checks,
    ...(reason === undefined ? {} : { reason }),
    decoded: {
      header: checks.headerSize === 'pass' ? decodeHeader(parameters.bitcoinMergedMiningHeader) : null,
      bitcoinHash: work.bitcoinHash === null ? null : bytesToHex(work.bitcoinHash),
      target: bytesToHex(targetBytes(work.target)),
      coinbase: work.coinbase === null ? null : describeCoinbase(compressed, work.coinbase),
      coinbaseTxid: work.coinbaseTxid === null ? null : bytesToHex(work.coinbaseTxid),
      merklePath: work.merklePath.map(
        (step): MerklePathStep => ({
          sibling: bytesToHex(step.sibling),
          parent: step.parent === null ? null : bytesToHex(step.parent),
        }),
      ),
      computedMerkleRoot: work.computedMerkleRoot === null ? null : bytesToHex(work.computedMerkleRoot),
    },
  }
}

/** What the checks computed on the way, in bytes; `verifyMergedMining` reports it as hex. */
type CheckWork = {
  bitcoinHash: Uint8Array | null
  target: bigint
  coinbase: CoinbaseLayout | null
  coinbaseTxid: Uint8Array | null
  merklePath: { sibling: Uint8Array; parent: Uint8Array | null }[]
  computedMerkleRoot: Uint8Array | null
}

/**
 * The checks of `verifyMergedMining` without its hex report: what every committed block goes
 * through (the report would be a dozen hex strings per block that nobody reads).
 */
export function checkMergedMining(parameters: VerifyMergedMiningParameters): {
  valid: boolean
  checks: MergedMiningChecks
  reason?: string
  work: CheckWork
} {
  const { hashForMergedMining, difficulty, bitcoinMergedMiningHeader: header } = parameters
  const compressed = parameters.bitcoinMergedMiningCoinbaseTransaction
  const proof = parameters.bitcoinMergedMiningMerkleProof
  const failures: string[] = []
  const fail = (reason: string): CheckStatus => {
    failures.push(reason)
    return 'fail'
  }

  // 1. Merkle proof format (validator constructor; RSKIP180 size cap first).
  let proofFormat: CheckStatus = 'pass'
  if (proof.length > MAX_MERKLE_PROOF_LENGTH) {
    proofFormat = fail(`Partial merkle tree's size is greater than ${MAX_MERKLE_PROOF_LENGTH}`)
  } else if (proof.length % 32 !== 0) {
    proofFormat = fail('Partial merkle tree does not have the expected format')
  }

  // 2. Header size, then proof of work.
  const headerSize: CheckStatus =
    header.length === BTC_HEADER_SIZE
      ? 'pass'
      : fail(`Bitcoin merged mining header must be ${BTC_HEADER_SIZE} bytes but was ${header.length}`)
  const target = (1n << 256n) / (difficulty < 3n ? 3n : difficulty)
  let bitcoinHash: Uint8Array | null = null
  let pow: CheckStatus = 'skipped'
  if (headerSize === 'pass') {
    bitcoinHash = reversed(sha256(sha256(header)))
    const hashValue = BigInt(bytesToHex(bitcoinHash))
    pow =
      hashValue <= target
        ? 'pass'
        : fail(`Hash ${hashValue.toString(16)} is higher than target ${target.toString(16)}`)
  }

  // 3. The coinbase: tag, its position, length.
  let tag: CheckStatus = 'skipped'
  let tagPosition: CheckStatus = 'skipped'
  let coinbaseLength: CheckStatus = 'skipped'
  let coinbase: CoinbaseLayout | null = null
  let coinbaseTxid: Uint8Array | null = null
  if (compressed.length < MIDSTATE_SIZE_TRIMMED) {
    coinbaseLength = fail(
      `Compressed coinbase is ${compressed.length} bytes, shorter than its 40-byte midstate`,
    )
  } else {
    coinbase = decodeCoinbase(compressed, hashForMergedMining)
    if (coinbase.tagPositionInTail === -1) {
      tag = fail(
        'bitcoin coinbase transaction tail message does not contain expected RSKBLOCK:RskBlockHeaderHash',
      )
    } else {
      tagPosition =
        coinbase.tagPositionInTail >= 64
          ? fail(
              `bitcoin coinbase transaction tag position is bigger than expected 64. Actual: ${coinbase.tagPositionInTail}.`,
            )
          : 'pass'
      tag =
        coinbase.tagPositionInTail === coinbase.lastTagPositionInTail
          ? 'pass'
          : fail('The valid RSK tag is not the last RSK tag')
      if (
        tagPosition === 'pass' &&
        (coinbase.bytesAfterHash as number) > MAX_BYTES_AFTER_MERGED_MINING_HASH
      ) {
        tagPosition = fail('More than 128 bytes after RSK tag')
      }
    }
    // RSKj checks the length after the tag; evaluated regardless here, the reason order is kept.
    coinbaseLength =
      coinbase.coinbaseLength > 64
        ? 'pass'
        : fail(
            `Coinbase transaction must always be greater than 64-bytes long. But it was: ${coinbase.coinbaseLength}`,
          )
    if (Number.isSafeInteger(coinbase.midstateByteCount) && coinbase.midstateByteCount >= 0) {
      const tail = compressed.subarray(MIDSTATE_SIZE_TRIMMED)
      const oneRound = sha256Resumed(
        compressed.subarray(8, MIDSTATE_SIZE_TRIMMED),
        coinbase.midstateByteCount,
        tail,
      )
      coinbaseTxid = reversed(sha256(oneRound))
    }
  }

  // 4. The merkle path from the coinbase to the header's merkle root.
  const merklePath: { sibling: Uint8Array; parent: Uint8Array | null }[] = []
  let computedMerkleRoot: Uint8Array | null = null
  let merkleProof: CheckStatus = 'skipped'
  if (proofFormat === 'pass' && coinbaseTxid !== null && headerSize === 'pass') {
    let current: Uint8Array | null = coinbaseTxid
    let refusal: string | null = null
    for (let offset = 0; offset < proof.length; offset += 32) {
      const sibling = proof.subarray(offset, offset + 32)
      if (current !== null) {
        try {
          current = combineLeftRight(current, sibling)
        } catch (error) {
          refusal = (error as Error).message
          current = null
        }
      }
      merklePath.push({ sibling, parent: current })
    }
    computedMerkleRoot = current
    if (refusal !== null) merkleProof = fail(refusal)
    else if (current !== null && isHeaderMerkleRoot(header, current)) merkleProof = 'pass'
    else merkleProof = fail("bitcoin merkle branch doesn't match coinbase and state root")
  }

  const checks: MergedMiningChecks = {
    headerSize,
    pow,
    tag,
    tagPosition,
    coinbaseLength,
    proofFormat,
    merkleProof,
  }
  const valid = Object.values(checks).every((status) => status === 'pass')
  return {
    valid,
    checks,
    ...(valid ? {} : { reason: failures[0] ?? 'merged-mining data could not be checked' }),
    work: { bitcoinHash, target, coinbase, coinbaseTxid, merklePath, computedMerkleRoot },
  }
}

function targetBytes(target: bigint): Uint8Array {
  const out = new Uint8Array(32)
  let value = target
  for (let i = 31; i >= 0; i--, value >>= 8n) out[i] = Number(value & 0xffn)
  return out
}
