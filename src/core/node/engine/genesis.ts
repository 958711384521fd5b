/**
 * The genesis block and state of each network: RSKj's rsk-dev.json shape (gas limit, the 5-byte
 * difficulty quirk, "horse" extra data, the 0x3333… coinbase), funding the Bridge, the ten RSKj
 * cow accounts and the ten dev-mnemonic accounts on every network.
 */

import {
  BRIDGE_BALANCE,
  COW_ACCOUNTS,
  COW_BALANCE,
  MNEMONIC_ACCOUNTS,
  MNEMONIC_BALANCE,
} from '../../accounts/devAccounts.js'
import { type BlockHeader, hashForMergedMining } from '../../chain/header.js'
import { EMPTY_LIST_HASH, EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../../crypto/hash.js'
import type { StateDiff } from '../../evm/types.js'
import { BRIDGE_ADDRESS, type NetworkConfig } from '../../network/networks.js'
import { WorldState } from '../../state/worldState.js'
import type { KeyValueStore, KvOperation } from '../../storage/types.js'
import type { Address } from '../../util/hex.js'
import { finishBlock } from './blockBuilder.js'
import { locateState, type StoredBlock } from './blockRecord.js'

export function genesisAllocations(): Map<Address, bigint> {
  const alloc = new Map<Address, bigint>([[BRIDGE_ADDRESS, BRIDGE_BALANCE]])
  for (const a of COW_ACCOUNTS) alloc.set(a.address, COW_BALANCE)
  for (const a of MNEMONIC_ACCOUNTS) alloc.set(a.address, MNEMONIC_BALANCE)
  return alloc
}

export interface GenesisResult {
  block: StoredBlock
  state: WorldState
  writes: KvOperation[]
}

/**
 * Builds genesis on `kv`. `timestamp` differs after a reset so that the genesis hash changes and
 * wallets drop cached nonces.
 */
export async function createGenesis(
  network: NetworkConfig,
  kv: KeyValueStore,
  timestamp?: bigint,
): Promise<GenesisResult> {
  const state = new WorldState({ kv })
  const diff: StateDiff = new Map()
  for (const [address, balance] of genesisAllocations()) {
    diff.set(address, { account: { nonce: 0n, balance, codeHash: KECCAK256_EMPTY }, storage: new Map() })
  }
  state.applyDiff(diff)
  const { stateRoot, stateAt, writes } = await state.commit({ forBlock: true })
  const header: BlockHeader = {
    version: 0,
    parentHash: new Uint8Array(32),
    unclesHash: EMPTY_LIST_HASH,
    coinbase: network.genesisCoinbase,
    stateRoot,
    transactionsRoot: EMPTY_TRIE_ROOT,
    receiptsRoot: EMPTY_TRIE_ROOT,
    logsBloom: new Uint8Array(256),
    difficulty: network.difficulty,
    number: 0n,
    gasLimit: network.genesisGasLimit,
    gasUsed: 0n,
    timestamp: timestamp ?? network.genesisTimestamp,
    extraData: network.genesisExtraData,
    paidFees: 0n,
    minimumGasPrice: network.minimumGasPrice,
    uncleCount: 0,
    ummRoot: null,
    txExecutionSublistsEdges: null,
    baseEvent: null,
    bitcoinMergedMiningHeader: new Uint8Array(0),
    bitcoinMergedMiningMerkleProof: new Uint8Array(0),
    bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(0),
    // rsk-dev.json writes the difficulty as five raw bytes, and the genesis RLP keeps them.
    genesisDifficultyBytes: Uint8Array.of(0, 0, 0, 0, Number(network.difficulty)),
  }
  const block = finishBlock(header, hashForMergedMining(header), [], [], [], 0n)
  locateState(block, stateAt)
  return { block, state, writes }
}
