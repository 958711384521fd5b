/**
 * The first block of a forked chain: the upstream's fork block, kept under its own number and
 * hash so that block fork+1 (ours) names it as parent and numbers, difficulty and total
 * difficulty carry on. It holds no transactions here (the upstream's are not replayed); its state
 * root is the local state's: the dev accounts funded on top of the upstream's state (their nonce
 * and code kept), which every read falls through to.
 */
import { MNEMONIC_ACCOUNTS, MNEMONIC_BALANCE } from '../../accounts/devAccounts.js'
import { type BlockHeader, hashForMergedMining } from '../../chain/header.js'
import { EMPTY_LIST_HASH, EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../../crypto/hash.js'
import type { AccountData, StateDiff } from '../../evm/types.js'
import { type ForkState, MissingRemoteStateError } from '../../fork/forkState.js'
import type { NetworkConfig } from '../../network/networks.js'
import { WorldState } from '../../state/worldState.js'
import type { KeyValueStore } from '../../storage/types.js'
import { type Address, bytesToUnprefixedHex } from '../../util/hex.js'
import { locateState, type StoredBlock } from './blockRecord.js'
import type { GenesisResult } from './genesis.js'

export async function createForkAnchor(
  network: NetworkConfig,
  kv: KeyValueStore,
  fork: ForkState,
): Promise<GenesisResult> {
  const state = new WorldState({ kv, fallback: fork })
  // The dev accounts are funded as on a local chain; their nonce and code stay the upstream's at
  // the fork block (their keys are public and used on every testnet: a deployment from one must
  // land where the upstream would put it, and a transaction signed with its nonce must fit).
  // A reset with the upstream unreachable must still leave a chain: an account never fetched (a
  // cache from before the dev accounts were read upstream) then starts as on a local chain.
  await fork
    .fetch(MNEMONIC_ACCOUNTS.map(({ address }) => ({ kind: 'account', address }) as const))
    .catch(() => undefined)
  const diff: StateDiff = new Map()
  for (const { address } of MNEMONIC_ACCOUNTS) {
    const upstream = fetchedAccount(fork, address)
    diff.set(address, {
      account: {
        nonce: upstream?.nonce ?? 0n,
        balance: MNEMONIC_BALANCE,
        codeHash: upstream?.codeHash ?? KECCAK256_EMPTY,
      },
      storage: new Map(),
    })
  }
  state.applyDiff(diff)
  const { stateRoot, stateAt, writes } = await state.commit({ forBlock: true })
  const remote = fork.point.header
  const header: BlockHeader = {
    version: 0,
    parentHash: remote.parentHash,
    unclesHash: EMPTY_LIST_HASH,
    coinbase: network.genesisCoinbase,
    stateRoot,
    transactionsRoot: EMPTY_TRIE_ROOT,
    receiptsRoot: EMPTY_TRIE_ROOT,
    logsBloom: new Uint8Array(256),
    difficulty: remote.difficulty,
    number: remote.number,
    gasLimit: remote.gasLimit,
    gasUsed: 0n,
    timestamp: remote.timestamp,
    extraData: new Uint8Array(0),
    paidFees: 0n,
    minimumGasPrice: remote.minimumGasPrice,
    uncleCount: 0,
    ummRoot: null,
    txExecutionSublistsEdges: null,
    baseEvent: null,
    bitcoinMergedMiningHeader: new Uint8Array(0),
    bitcoinMergedMiningMerkleProof: new Uint8Array(0),
    bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(0),
  }
  const block: StoredBlock = {
    header,
    hash: remote.hash,
    hashHex: bytesToUnprefixedHex(remote.hash),
    hashForMergedMining: hashForMergedMining(header),
    transactions: [],
    senders: [],
    receipts: [],
    totalDifficulty: remote.totalDifficulty,
    size: 0,
  }
  locateState(block, stateAt)
  return { block, state, writes }
}

/** The account at the fork block if it was fetched; undefined if not (or absent upstream). */
function fetchedAccount(fork: ForkState, address: Address): AccountData | undefined {
  try {
    return fork.getAccount(address)
  } catch (error) {
    if (error instanceof MissingRemoteStateError) return undefined
    throw error
  }
}
