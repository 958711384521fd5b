/**
 * A synchronous `StateReader` of a past state root, for running the EVM against an old block
 * (eth_call, eth_estimateGas, tracing at a block tag). The EVM is synchronous while old trie nodes
 * may still be in storage, so a read whose node is not in memory throws `MissingTrieNodeError`;
 * `runWithStateLoading` loads that node and runs the whole computation again. Each rerun warms
 * the cache, so a call that touches k cold paths runs at most k + 1 times, and usually once.
 * The EVM must let `MissingTrieNodeError` propagate rather than turn it into a failed call.
 */
import { EMPTY_TRIE_ROOT, KECCAK256_EMPTY } from '../crypto/hash.js'
import type { AccountData, StateReader } from '../evm/types.js'
import { SecureMerklePatriciaTrie } from '../trie/secure.js'
import type { TrieNodeStore } from '../trie/store.js'
import type { TrieRoot } from '../trie/trie.js'
import { withNodeLoading } from '../trie/trie.js'
import { type Address, bytesToHex, equalBytes, hexToBytes } from '../util/hex.js'
import { decodeAccount, decodeStorageValue, type StateAccount, slotKey } from './account.js'

export class HistoricalStateReader implements StateReader {
  readonly stateRoot: Uint8Array
  readonly nodes: TrieNodeStore
  private readonly accounts: SecureMerklePatriciaTrie
  private readonly storageTries = new Map<string, SecureMerklePatriciaTrie>()
  private readonly codeByHash: (codeHash: Uint8Array) => Uint8Array | undefined

  constructor(
    { root, at }: TrieRoot,
    nodes: TrieNodeStore,
    codeByHash: (codeHash: Uint8Array) => Uint8Array | undefined,
  ) {
    this.stateRoot = root
    this.nodes = nodes
    this.codeByHash = codeByHash
    this.accounts = new SecureMerklePatriciaTrie({ root, rootAt: at, store: nodes })
  }

  private account(address: Address): StateAccount | undefined {
    const found = this.accounts.getWithLocationSync(hexToBytes(address))
    return found && decodeAccount(found.value, found.valueAt)
  }

  getAccount(address: Address): AccountData | undefined {
    const account = this.account(address)
    return account && { nonce: account.nonce, balance: account.balance, codeHash: account.codeHash }
  }

  getCode(address: Address): Uint8Array {
    const account = this.account(address)
    if (!account || equalBytes(account.codeHash, KECCAK256_EMPTY)) return new Uint8Array(0)
    const code = this.codeByHash(account.codeHash)
    if (!code) throw new Error(`code ${bytesToHex(account.codeHash)} of ${address} is not loaded`)
    return code
  }

  getStorage(address: Address, slot: bigint): bigint {
    const account = this.account(address)
    if (!account || equalBytes(account.storageRoot, EMPTY_TRIE_ROOT)) return 0n
    const id = bytesToHex(account.storageRoot)
    let trie = this.storageTries.get(id)
    if (!trie) {
      trie = new SecureMerklePatriciaTrie({
        root: account.storageRoot,
        rootAt: account.storageAt ?? 0,
        store: this.nodes,
      })
      this.storageTries.set(id, trie)
    }
    const encoded = trie.getSync(slotKey(slot))
    return encoded ? decodeStorageValue(encoded) : 0n
  }
}

/** Runs `computation` (which reads `reader` synchronously), loading missing trie nodes and rerunning. */
export function runWithStateLoading<T>(reader: HistoricalStateReader, computation: () => T): Promise<T> {
  return withNodeLoading(reader.nodes, computation)
}
