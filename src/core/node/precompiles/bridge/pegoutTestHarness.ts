/**
 * Test support for the peg-out files: a Bridge holding only the peg-out methods, run through
 * `executeTransaction` over a memory state as a block would run it, with the signer's public key
 * given as the node gives it.
 */

import { COW_ACCOUNTS } from '../../../accounts/devAccounts.js'
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { bitcoinGenesis } from '../../../bitcoin/chain/genesis.js'
import { privateKeyToAddress } from '../../../chain/secp256k1.js'
import { curves } from '../../../crypto/curves.js'
import { keccak256 } from '../../../crypto/hash.js'
import { BLOCK } from '../../../evm/testing/harness.js'
import { MemoryState } from '../../../evm/testing/memoryState.js'
import { executeTransaction } from '../../../evm/transaction.js'
import type { ExecutionResult, Precompile, PrecompileContext } from '../../../evm/types.js'
import { type Address, bytesToHex, hexToBytes, utf8ToBytes } from '../../../util/hex.js'
import { defineNativeContract } from '../nativeContract.js'
import { type PegoutEnvironment, plainTransferToBridge } from './pegout.js'
import { pegoutMethods } from './pegoutMethods.js'
import { BRIDGE_STORAGE_ADDRESS, type BridgeGenesis, type BridgeStorage, bridgeStorageOf } from './storage.js'

export const NETWORK = 'regtest'
export const RBTC = 10n ** 18n

function genesis(): BridgeGenesis {
  const g = bitcoinGenesis(NETWORK)
  return { header: g.raw.slice(0, 80), hash: g.hash, height: g.height, federationUtxos: g.federationUtxos }
}

export const ENV: PegoutEnvironment = {
  network: NETWORK,
  storage: (ctx) => bridgeStorageOf(ctx, NETWORK, genesis),
}

export function pegoutBridge(): Precompile {
  const contract = defineNativeContract(pegoutMethods(ENV))
  const plain = plainTransferToBridge(ENV)
  return {
    gas: (input) => (input.length === 0 ? plain.gas() : contract.gas(input)),
    run: (input, ctx) => (input.length === 0 ? plain.run(ctx) : contract.run(input, ctx)),
  }
}

export interface Sender {
  address: Address
  privateKey: Uint8Array
}

export const COW: Sender = {
  address: COW_ACCOUNTS[0]?.address.toLowerCase() as Address,
  privateKey: hexToBytes(COW_ACCOUNTS[0]?.privateKey ?? '0x'),
}

export function federators(): Sender[] {
  return federationOf(NETWORK).privateKeys.map((privateKey) => ({
    address: privateKeyToAddress(privateKey),
    privateKey,
  }))
}

/** A chain of blocks over one memory state, each transaction applied as it runs. */
export class PegoutWorld {
  readonly state: MemoryState
  blockNumber = 1n
  #txCount = 0

  /** `bridge`: the peg-out methods alone by default, or the whole Bridge contract. */
  constructor(readonly bridge: Precompile = pegoutBridge()) {
    const accounts: Record<string, { balance: bigint }> = {
      [COW.address]: { balance: 1_000n * RBTC },
      [BRIDGE_STORAGE_ADDRESS]: { balance: 21_000_000n * RBTC },
    }
    for (const f of federators()) accounts[f.address] = { balance: RBTC }
    this.state = new MemoryState(accounts)
  }

  send(
    from: Sender,
    data: Uint8Array,
    value = 0n,
    options: { publicKey?: Uint8Array | null } = {},
  ): ExecutionResult & { txHash: Uint8Array } {
    const txHash = keccak256(utf8ToBytes(`pegout test tx ${this.#txCount++}`))
    const publicKey =
      options.publicKey === undefined
        ? curves().secp256k1.getPublicKey(from.privateKey, false)
        : options.publicKey
    const result = executeTransaction(
      this.state,
      {
        from: from.address,
        to: BRIDGE_STORAGE_ADDRESS,
        value,
        data,
        gasLimit: 1_000_000n,
        gasPrice: 0n,
        nonce: this.state.getAccount(from.address)?.nonce ?? 0n,
      },
      { ...BLOCK, number: this.blockNumber, minimumGasPrice: 0n },
      {
        precompiles: new Map([[BRIDGE_STORAGE_ADDRESS, this.bridge]]),
        txHash,
        senderPublicKey: () => publicKey,
      },
    )
    this.state.applyDiff(result.diff)
    return { ...result, txHash }
  }

  /** The Bridge's storage as of now, read-only. */
  storage(): BridgeStorage {
    return bridgeStorageOf({ state: this.state, write: undefined }, NETWORK, genesis)
  }

  balance(address: Address): bigint {
    return this.state.getAccount(address)?.balance ?? 0n
  }
}

export function topicOf(signature: string): string {
  return bytesToHex(keccak256(utf8ToBytes(signature)))
}

/** A native-call context over plain maps, recording what the call wrote, moved and logged. */
export function fakeContext(overrides: Partial<PrecompileContext> = {}) {
  const slots = new Map<string, bigint>()
  const logs: { topics: Uint8Array[]; data: Uint8Array }[] = []
  const transfers: { from: Address; to: Address; amount: bigint }[] = []
  const ctx: PrecompileContext = {
    caller: COW.address,
    origin: COW.address,
    value: 0n,
    block: { ...BLOCK, number: 10n },
    txHash: keccak256(utf8ToBytes('fake context')),
    state: {
      getAccount: () => undefined,
      getCode: () => new Uint8Array(0),
      getStorage: (address, slot) => slots.get(`${address}:${slot}`) ?? 0n,
    },
    write: {
      setStorage: (address, slot, value) => {
        slots.set(`${address}:${slot}`, value)
      },
      transfer: (from, to, amount) => {
        transfers.push({ from, to, amount })
      },
      log: (_address, topics, data) => {
        logs.push({ topics, data })
      },
    },
    ...overrides,
  }
  return { ctx, logs, transfers, storage: () => ENV.storage(ctx) }
}
