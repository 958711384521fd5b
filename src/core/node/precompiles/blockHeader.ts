/**
 * The block header contract at 0x…01000010 (RSKIP119, RSKj `pcc/blockheader`): fields of the
 * block `blockDepth` blocks below the executing one (depth 0 = its parent), for the last 4000
 * blocks. Each method costs 4000 gas plus twice the call data length; a depth out of range (or not
 * a Java short) answers empty bytes, a negative depth fails the call, as in RSKj.
 */
import { javaSignedBytes } from '../../chain/rlp.js'
import type { Precompile, PrecompileContext } from '../../evm/types.js'
import { lastIndexOfBytes, RSK_TAG } from '../../mining/coinbase.js'
import { hexToBytes } from '../../util/hex.js'
import type { StoredBlock } from '../engine/blockRecord.js'
import type { AbiReader } from './abi.js'
import {
  dataGas,
  defineNativeContract,
  encodeOutputs,
  NativeContractError,
  type NativeMethod,
} from './nativeContract.js'

/** `BlockHeaderContract.MAX_DEPTH` (the REMASC maturity). */
export const BLOCK_HEADER_MAX_DEPTH = 4000n
const JAVA_SHORT_MAX = 32767n
const JAVA_SHORT_MIN = -32768n
const HASH_SIZE = 32

/** The fields of a block the contract answers with: all a source needs to keep per block. */
export interface HeaderContractFields {
  hash: Uint8Array
  header: Pick<
    StoredBlock['header'],
    | 'coinbase'
    | 'minimumGasPrice'
    | 'gasLimit'
    | 'gasUsed'
    | 'difficulty'
    | 'bitcoinMergedMiningHeader'
    | 'bitcoinMergedMiningCoinbaseTransaction'
  >
}

/** Synchronous access to recent blocks of the chain (the EVM runs synchronously). */
export interface RecentBlockSource {
  blockByNumber(number: bigint): HeaderContractFields | undefined
}

function blockAtDepth(blocks: RecentBlockSource, args: AbiReader, ctx: PrecompileContext) {
  const depth = args.int(0)
  // RSKj: `shortValueExact` failing answers empty bytes.
  if (depth > JAVA_SHORT_MAX || depth < JAVA_SHORT_MIN) return undefined
  if (depth < 0n)
    throw new NativeContractError(`Invalid block depth '${depth}' (should be a non-negative value)`)
  if (depth >= BLOCK_HEADER_MAX_DEPTH) return undefined
  const number = ctx.block.number - 1n - depth
  return number < 0n ? undefined : blocks.blockByNumber(number)
}

const bytesOut = (value: Uint8Array) => encodeOutputs([{ type: 'bytes', value }])

function headerMethod(
  blocks: RecentBlockSource,
  name: string,
  read: (block: HeaderContractFields, args: AbiReader) => Uint8Array,
  argumentTypes = 'int256',
): NativeMethod {
  return {
    signature: `${name}(${argumentTypes})`,
    gas: (input) => 4000n + dataGas(input),
    run(args, ctx) {
      const block = blockAtDepth(blocks, args, ctx)
      return bytesOut(block ? read(block, args) : new Uint8Array(0))
    },
  }
}

/** The tags a miner put after `RSKBLOCK:` + hash in the coinbase (RSKj `GetMergedMiningTags`). */
function mergedMiningTags(block: HeaderContractFields): Uint8Array {
  const coinbase = block.header.bitcoinMergedMiningCoinbaseTransaction
  const tag = lastIndexOfBytes(coinbase, RSK_TAG)
  if (tag < 0) return new Uint8Array(0)
  return coinbase.slice(Math.min(tag + RSK_TAG.length + HASH_SIZE, coinbase.length))
}

export function createBlockHeaderContract(blocks: RecentBlockSource): Precompile {
  return defineNativeContract([
    headerMethod(blocks, 'getCoinbaseAddress', (b) => hexToBytes(b.header.coinbase)),
    headerMethod(blocks, 'getBlockHash', (b) => b.hash),
    headerMethod(blocks, 'getMergedMiningTags', mergedMiningTags),
    headerMethod(blocks, 'getMinimumGasPrice', (b) =>
      b.header.minimumGasPrice === null ? new Uint8Array(0) : javaSignedBytes(b.header.minimumGasPrice),
    ),
    headerMethod(blocks, 'getGasLimit', (b) => javaSignedBytes(b.header.gasLimit)),
    headerMethod(blocks, 'getGasUsed', (b) => javaSignedBytes(b.header.gasUsed)),
    headerMethod(blocks, 'getDifficulty', (b) => javaSignedBytes(b.header.difficulty)),
    headerMethod(blocks, 'getBitcoinHeader', (b) => b.header.bitcoinMergedMiningHeader),
    // Blocks of this node have no uncles: the cumulative difficulty is the block's own.
    headerMethod(blocks, 'getDifficultyWithUncles', (b) => javaSignedBytes(b.header.difficulty)),
    headerMethod(
      blocks,
      'getUncleCoinbaseAddress',
      (_b, args) => {
        const index = args.int(1)
        if (index > JAVA_SHORT_MAX || index < JAVA_SHORT_MIN) return new Uint8Array(0)
        if (index < 0n)
          throw new NativeContractError(`Invalid uncle index '${index}' (should be a non-negative value)`)
        return new Uint8Array(0)
      },
      'int256,int256',
    ),
  ])
}
