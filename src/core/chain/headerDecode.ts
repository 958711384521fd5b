/**
 * Decoding of the full header encoding (`encodeFullHeader`), following RSKj
 * `BlockFactory.decodeHeader`. Which optional fields are present is not self-describing in RSK's
 * format — RSKj decides from the network's activation heights — so the caller passes the rules
 * of the header's network and height (`headerRulesFor`).
 */
import type { NetworkConfig } from '../network/networks.js'
import { type Address, bytesToBigint, bytesToHex, equalBytes } from '../util/hex.js'
import { InvalidChainEncodingError } from './errors.js'
import type { BlockHeader, HeaderVersion } from './header.js'
import { javaSignedBytes, parseJavaSignedBytes, parseShorts, rlpDecode } from './rlp.js'

export interface HeaderRules {
  /** RSKIPUMM active: an ummRoot field (possibly empty) follows uncleCount. */
  ummRoot: boolean
  /** Header version of the height (0 before RSKIP351; 2 with RSKIP535). */
  version: HeaderVersion
  /** RSKIP144 (with RSKIP351): the parallel-execution edges field is present. */
  txExecutionSublistsEdges: boolean
}

const GENESIS_RULES: HeaderRules = { ummRoot: false, version: 0, txExecutionSublistsEdges: false }

/**
 * The rules of a simulated network at a height. Genesis is always a plain V0 header
 * (`GenesisHeader`); later blocks carry an ummRoot (RSKIPUMM active from block 1, as in regtest)
 * and the network's header version, with edges whenever the version is 1 or 2 (RSKIP144 and
 * RSKIP351 activate together on testnet and regtest; mainnet has neither).
 */
export function headerRulesFor(
  network: Pick<NetworkConfig, 'headerVersion'>,
  blockNumber: bigint,
): HeaderRules {
  if (blockNumber === 0n) return GENESIS_RULES
  return {
    ummRoot: true,
    version: network.headerVersion,
    txExecutionSublistsEdges: network.headerVersion >= 1,
  }
}

const MERGED_MINING_FIELD_COUNT = 3
const BASE_FIELD_COUNT = 16

export function decodeFullHeader(encoded: Uint8Array, rules: HeaderRules): BlockHeader {
  let decoded: unknown
  try {
    decoded = rlpDecode(encoded)
  } catch (error) {
    throw new InvalidChainEncodingError(`header is not RLP: ${(error as Error).message}`)
  }
  if (!Array.isArray(decoded) || decoded.length < BASE_FIELD_COUNT) {
    throw new InvalidChainEncodingError('header must be a list of at least 16 items')
  }
  const items = decoded as unknown[]
  const at = (i: number): Uint8Array => {
    const item = items[i]
    if (!(item instanceof Uint8Array))
      throw new InvalidChainEncodingError(`header field ${i} is missing or a list`)
    return item
  }
  const coinbase = at(2)
  if (coinbase.length !== 20) throw new InvalidChainEncodingError('header coinbase must be 20 bytes')
  const number = bytesToBigint(at(8))
  const difficultyBytes = at(7)
  const difficulty = parseJavaSignedBytes(difficultyBytes)
  const minimumGasPrice = at(14)
  const header: BlockHeader = {
    parentHash: at(0),
    unclesHash: at(1),
    coinbase: bytesToHex(coinbase) as Address,
    stateRoot: at(3),
    transactionsRoot: at(4),
    receiptsRoot: at(5),
    logsBloom: at(6),
    difficulty,
    number,
    gasLimit: bytesToBigint(at(9)),
    gasUsed: bytesToBigint(at(10)),
    timestamp: bytesToBigint(at(11)),
    extraData: at(12),
    paidFees: bytesToBigint(at(13)),
    minimumGasPrice: minimumGasPrice.length === 0 ? null : parseJavaSignedBytes(minimumGasPrice),
    uncleCount: Number(bytesToBigint(at(15))),
    ummRoot: null,
    version: 0,
    txExecutionSublistsEdges: null,
    baseEvent: null,
    bitcoinMergedMiningHeader: new Uint8Array(0),
    bitcoinMergedMiningMerkleProof: new Uint8Array(0),
    bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(0),
  }
  if (number === 0n && !equalBytes(difficultyBytes, javaSignedBytes(difficulty))) {
    header.genesisDifficultyBytes = difficultyBytes
  }
  let r = BASE_FIELD_COUNT
  if (rules.ummRoot) header.ummRoot = at(r++)
  if (rules.version >= 1) {
    const version = at(r++)
    if (version.length !== 1 || (version[0] !== 1 && version[0] !== 2)) {
      throw new InvalidChainEncodingError(`unknown header version ${bytesToHex(version)}`)
    }
    header.version = version[0] as HeaderVersion
  }
  if (rules.txExecutionSublistsEdges && items.length > r)
    header.txExecutionSublistsEdges = parseShorts(at(r++))
  if (header.version === 2) {
    // RSKj: baseEvent is absent exactly when nothing or only the three merged-mining fields follow.
    const remaining = items.length - r
    header.baseEvent =
      remaining !== 0 && remaining !== MERGED_MINING_FIELD_COUNT ? at(r++) : new Uint8Array(0)
  }
  if (items.length > r) {
    if (items.length - r !== MERGED_MINING_FIELD_COUNT) {
      throw new InvalidChainEncodingError(`Invalid block header size: ${items.length}`)
    }
    header.bitcoinMergedMiningHeader = at(r++)
    header.bitcoinMergedMiningMerkleProof = at(r++)
    header.bitcoinMergedMiningCoinbaseTransaction = at(r++)
  }
  return header
}
