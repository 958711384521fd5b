/**
 * Shared test data for the chain primitives (imported by *.test.ts only).
 *
 * `rskExampleBlock` is the block example of RSKj's RPC docs
 * (`doc/rpc/components/schemas/BlockExampleResultFullTransaction.json`): a real Rootstock block
 * 436 (0x1b4, 2019, pre-UMM V0 header with two uncles and only the REMASC transaction). Its `hash`
 * and `hashForMergedMining` were computed by RSKj, so rebuilding them checks our encodings.
 */
import { EMPTY_LIST_HASH, EMPTY_TRIE_ROOT, keccak256 } from '../crypto/hash.js'
import { type Address, hexToBytes, utf8ToBytes } from '../util/hex.js'
import type { BlockHeader } from './header.js'
import { type SignedTransaction, signTransaction } from './transaction.js'

export const rskExampleBlock = {
  number: '0x1b4',
  hash: '0xf1652d8322a880e520f996f7d28b645814a58a202d7d2ab7f058e5566fe4f9f3',
  parentHash: '0x9203a97b2595a44e8d31dd7bf607155620dd50982ac282fc776e21a58b2f7795',
  sha3Uncles: '0x2f752c2e72d38f3677bfa47bd54ec10441141a6415f3be121341d94276dfd732',
  logsBloom:
    '0x00000008000000800000000000000000000000000000000000000000000008000000000000040000000000000000000050000000000000000000000000000000000000000000000000000000005000000010000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000200000000000200000000000001040000000000000400000000000000000000100000000000000010000000000000000000001000000000000001000001000000000000000000000000000020000000000080200000100000000000000000000000000000000000000000000000000000000000000000000000',
  transactionsRoot: '0xe94962ab91fe305207670ca17d958ce15bdd553aa6630eba07476c0f35a65b50',
  stateRoot: '0xa12e5b995ec8056d6c2d2558c6f4e1ab7f0d6d3eaed868e84c00923cf58bb642',
  receiptsRoot: '0x2cdc6fdc519baad55c4f9d86d1415dbfe21265c6b2ba1f283e1391e015735c42',
  miner: '0x1fab9a0e24ffc209b01faa5a61ad4366982d0b7f',
  difficulty: '0x1aa2b738',
  extraData: '0x',
  gasLimit: '0x67c280',
  gasUsed: '0x0',
  timestamp: '0x5d1f7c06',
  uncleCount: 2,
  minimumGasPrice: '0x0',
  bitcoinMergedMiningHeader:
    '0x000000202d17c9a169c4c93eaf376bc35ff6561d0b743880600f3d8370020000000000008d31ad07fc72224ddd23632463f2119d977defc86f1b0ebf16171225bf9c316c117c1f5d531d041a8046d09f',
  bitcoinMergedMiningCoinbaseTransaction:
    '0x000000000000008075aec68cfceb2bda1dcc166c1564517793f90ee07fcd446699d440628290564f6088ac0000000000000000266a24aa21a9ed08ade7f48a09603efcf910361380e3ce1ebc9813eb4a7d85473a9c170d79017e00000000000000002a6a52534b424c4f434b3ac4d2419792f08338d4fa5fd21c61ad79484c875f1ac9b483f253842edb96c92400000000',
  bitcoinMergedMiningMerkleProof:
    '0x91062f54a2ea641bebaa19e4d58df522a395bc89e6e230f98cc343d39a8deb070f190492c042ea5ebb75f6e9488345eedf5ff35219fd3ac21be0778e7feed9fc117db6cd70f02ddc5635577981626db173937a041ae38c9cebd10e645fd4ddc00d8662b4bbb4e4309ff07fb30ca6c3365bea0f823a5fe83f60750a3b0f62da5ec8ca82637afafe9869ecfdb26e5136c849080b46f6230090773949a1010a91ce82b1c65d92f57836e28e9f2f90133d4dc2376ea337bd76836058e5cc9ae6975e6211f67ff7f76793b2f505a621ef7c1f90f0f4d4badc62aaa70a20f223160961',
  hashForMergedMining: '0xc4d2419792f08338d4fa5fd21c61ad79484c875f1ac9b483f253842edb96c924',
} as const

/** The example block's header rebuilt from its JSON fields. */
export function rskExampleHeader(): BlockHeader {
  const b = rskExampleBlock
  return {
    parentHash: hexToBytes(b.parentHash),
    unclesHash: hexToBytes(b.sha3Uncles),
    coinbase: b.miner as Address,
    stateRoot: hexToBytes(b.stateRoot),
    transactionsRoot: hexToBytes(b.transactionsRoot),
    receiptsRoot: hexToBytes(b.receiptsRoot),
    logsBloom: hexToBytes(b.logsBloom),
    difficulty: BigInt(b.difficulty),
    number: BigInt(b.number),
    gasLimit: BigInt(b.gasLimit),
    gasUsed: BigInt(b.gasUsed),
    timestamp: BigInt(b.timestamp),
    extraData: hexToBytes(b.extraData),
    paidFees: 0n,
    minimumGasPrice: BigInt(b.minimumGasPrice),
    uncleCount: b.uncleCount,
    ummRoot: null,
    version: 0,
    txExecutionSublistsEdges: null,
    baseEvent: null,
    bitcoinMergedMiningHeader: hexToBytes(b.bitcoinMergedMiningHeader),
    bitcoinMergedMiningMerkleProof: hexToBytes(b.bitcoinMergedMiningMerkleProof),
    bitcoinMergedMiningCoinbaseTransaction: hexToBytes(b.bitcoinMergedMiningCoinbaseTransaction),
  }
}

/** A regtest-style header (V2, empty ummRoot, edges, baseEvent) with merged-mining fields. */
export function sampleHeader(overrides: Partial<BlockHeader> = {}): BlockHeader {
  return {
    parentHash: new Uint8Array(32).fill(0x11),
    unclesHash: EMPTY_LIST_HASH,
    coinbase: '0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d',
    stateRoot: new Uint8Array(32).fill(0x22),
    transactionsRoot: EMPTY_TRIE_ROOT,
    receiptsRoot: EMPTY_TRIE_ROOT,
    logsBloom: new Uint8Array(256).fill(0, 0, 255).fill(0x80, 255),
    difficulty: 1n,
    number: 5n,
    gasLimit: 9_990_235n,
    gasUsed: 21_000n,
    timestamp: 1_700_000_000n,
    extraData: hexToBytes('0x4b'),
    paidFees: 0n,
    minimumGasPrice: 0n,
    uncleCount: 0,
    ummRoot: new Uint8Array(0),
    version: 2,
    txExecutionSublistsEdges: [],
    baseEvent: new Uint8Array(0),
    bitcoinMergedMiningHeader: new Uint8Array(80).fill(0x33),
    bitcoinMergedMiningMerkleProof: new Uint8Array(64).fill(0x44),
    bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(90).fill(0x55),
    ...overrides,
  }
}

/**
 * RSKj's mainnet and testnet genesis headers, from `genesis/rsk-mainnet.json` and
 * `genesis/orchid-testnet.json` (their `stateRoot` fields are given there). RSKj's
 * `GenesisHashesTest` pins their hashes, so rebuilding them checks every genesis quirk: raw
 * 5-byte difficulty, stripped gas limit, signed minimum gas price, one-byte merged-mining fields.
 */
export const RSKJ_GENESIS = {
  mainnet: {
    hash: '0xf88529d4ab262c0f4d042e9d8d3f2472848eaafe1a9b7213f57617eb40a9f9e0',
    /** Orchid (RSKIP92) activates at 729000 on mainnet: the genesis hash still covers proof and coinbase. */
    rskip92: false,
    header: genesisHeader({
      stateRoot: '0x9fa70f12726ac738640a86754741bb3f5680520ccc7e6ae9d95ace566a67fe01',
      gasLimit: 0x67c280n,
      timestamp: 0x5a4af5b0n,
      extraData:
        '0x486170707920426974636f696e20446179212030332f4a616e2f32303138202d2052534b20746563686e6f6c6f6779206174207468652073657276696365206f6620736f6369657479',
      minimumGasPrice: 0x0ae85bc0n,
    }),
  },
  testnet: {
    hash: '0xcabb7fbe88cd6d922042a32ffc08ce8b1fbb37d650b9d4e7dbfe2a7469adfa42',
    rskip92: true,
    header: genesisHeader({
      stateRoot: '0x45bce5168430c42b3d568331753f900a32457b4f3748697cbd8375ff4da72641',
      gasLimit: 0x4c4b40n,
      timestamp: 0n,
      extraData: '0x434d272841',
      minimumGasPrice: 0n,
    }),
  },
} as const

function genesisHeader(fields: {
  stateRoot: string
  gasLimit: bigint
  timestamp: bigint
  extraData: string
  minimumGasPrice: bigint
}): BlockHeader {
  return {
    parentHash: new Uint8Array(32),
    unclesHash: EMPTY_LIST_HASH,
    coinbase: '0x3333333333333333333333333333333333333333',
    stateRoot: hexToBytes(fields.stateRoot),
    transactionsRoot: EMPTY_TRIE_ROOT,
    receiptsRoot: EMPTY_TRIE_ROOT,
    logsBloom: new Uint8Array(256),
    difficulty: 0x100000n,
    number: 0n,
    gasLimit: fields.gasLimit,
    gasUsed: 0n,
    timestamp: fields.timestamp,
    extraData: hexToBytes(fields.extraData),
    paidFees: 0n,
    minimumGasPrice: fields.minimumGasPrice,
    uncleCount: 0,
    ummRoot: null,
    version: 0,
    txExecutionSublistsEdges: null,
    baseEvent: null,
    // The genesis files give "0x00" for the three fields: one zero byte each, so RSKj counts them as present.
    bitcoinMergedMiningHeader: Uint8Array.of(0),
    bitcoinMergedMiningMerkleProof: Uint8Array.of(0),
    bitcoinMergedMiningCoinbaseTransaction: Uint8Array.of(0),
    genesisDifficultyBytes: hexToBytes('0x0000100000'),
  }
}

/**
 * A regtest (chain id 33) transfer of 1 wei signed by the key keccak256("cow"). Signing needs the
 * curves: call it inside a test, once the unit setup file has loaded them.
 */
export function signedCowTransfer(): SignedTransaction {
  return signTransaction(
    {
      nonce: 0n,
      gasPrice: 60_000_000n,
      gasLimit: 21_000n,
      to: '0x7986b3df570230288501eea3d890bd66948c9b79',
      value: 1n,
      data: new Uint8Array(0),
    },
    keccak256(utf8ToBytes('cow')),
    33,
  )
}
