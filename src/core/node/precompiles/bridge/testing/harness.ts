/**
 * Runs the Bridge the way a transaction does (`executeTransaction` over a memory state), and
 * builds a Bitcoin chain on top of the simulated chain's genesis for its light client: for tests.
 */
import { bitcoinGenesis } from '../../../../bitcoin/chain/genesis.js'
import { mineHeader } from '../../../../bitcoin/pow.js'
import { keccak256 } from '../../../../crypto/hash.js'
import { MemoryState } from '../../../../evm/testing/memoryState.js'
import { executeTransaction } from '../../../../evm/transaction.js'
import type { BlockEnv, ExecutionResult } from '../../../../evm/types.js'
import { bitcoinHeaderHash, encodeBitcoinHeader } from '../../../../mining/bitcoin/header.js'
import { merkleRoot } from '../../../../mining/bitcoin/merkle.js'
import type { Address } from '../../../../util/hex.js'
import { concatBytes, hexToBytes } from '../../../../util/hex.js'
import { encodeOutputs, selectorOf } from '../../abi.js'
import { bridgeGenesis } from '../genesis.js'
import { createBridgeContract } from '../index.js'
import { BRIDGE_STORAGE_ADDRESS, BridgeStorage } from '../storage.js'

export const BRIDGE = BRIDGE_STORAGE_ADDRESS
export const USER = `0x${'a1'.repeat(20)}` as Address

export function block(number = 100n, timestamp = 1_700_000_000n): BlockEnv {
  return {
    number,
    timestamp,
    coinbase: `0x${'cb'.repeat(20)}` as Address,
    difficulty: 1n,
    gasLimit: 6_800_000n,
    minimumGasPrice: 0n,
    chainId: 33n,
    getBlockHash: () => undefined,
  }
}

export interface Bridge {
  state: MemoryState
  /** Sends a transaction to the Bridge from `from`; its changes are kept when it succeeds. */
  send(
    from: Address,
    data: Uint8Array,
    options?: { value?: bigint; block?: BlockEnv; to?: Address },
  ): ExecutionResult
  /** A call that changes nothing (eth_call). */
  call(data: Uint8Array, block?: BlockEnv): ExecutionResult
}

export function bridgeOnMemoryState(accounts: readonly Address[] = [USER]): Bridge {
  const state = new MemoryState({
    [BRIDGE]: { balance: 21_000_000n * 10n ** 18n },
    ...Object.fromEntries(accounts.map((a) => [a, { balance: 10n ** 24n }])),
  })
  const precompiles = new Map([[BRIDGE, createBridgeContract({ name: 'regtest' })]])
  let sent = 0
  const run = (
    from: Address,
    data: Uint8Array,
    value: bigint,
    env: BlockEnv,
    localCall: boolean,
    to = BRIDGE,
  ) =>
    executeTransaction(state, { from, to, value, data, gasLimit: 6_000_000n, gasPrice: 0n }, env, {
      precompiles,
      localCall,
      txHash: keccak256(Uint8Array.of(sent++)),
    })
  return {
    state,
    send(from, data, options = {}) {
      const result = run(from, data, options.value ?? 0n, options.block ?? block(), false, options.to)
      state.applyDiff(result.diff)
      return result
    },
    call: (data, env = block()) => run(USER, data, 0n, env, true),
  }
}

/** ABI call data: selector and already-encoded arguments. */
export function callData(signature: string, ...args: Parameters<typeof encodeOutputs>[0]): Uint8Array {
  return concatBytes(selectorOf(signature), encodeOutputs(args))
}

export interface TestBlock {
  header: Uint8Array
  hash: Uint8Array
  height: number
  txids: Uint8Array[]
}

/** A chain of mined blocks on the regtest genesis, each holding a coinbase-like txid and `txids`. */
export function mineBlocks(
  count: number,
  parent?: TestBlock,
  txids: Uint8Array[][] = [],
  coinbases: Uint8Array[] = [],
): TestBlock[] {
  const genesis = bitcoinGenesis('regtest')
  let previous = parent ?? {
    header: encodeBitcoinHeader(genesis.block.header),
    hash: genesis.hash,
    height: genesis.height,
    txids: [],
  }
  const blocks: TestBlock[] = []
  for (let i = 0; i < count; i++) {
    const coinbase = coinbases[i] ?? keccak256(Uint8Array.of(previous.height + 1, ...previous.hash))
    const ids = [coinbase, ...(txids[i] ?? [])]
    const header = mineHeader({
      version: 0x20000000,
      previousBlockHash: previous.hash,
      merkleRoot: merkleRoot(ids),
      time: 1_296_688_602 + (previous.height + 1) * 600,
      bits: 0x207fffff,
      nonce: 0,
    })
    const encoded = encodeBitcoinHeader(header)
    previous = { header: encoded, hash: bitcoinHeaderHash(encoded), height: previous.height + 1, txids: ids }
    blocks.push(previous)
  }
  return blocks
}

/** EVM code that forwards its call data to the Bridge and returns the Bridge's first word. */
export function forwarderCode(): Uint8Array {
  return concatBytes(
    Uint8Array.of(0x36, 0x60, 0x00, 0x60, 0x00, 0x37),
    Uint8Array.of(0x60, 0x20, 0x60, 0x00, 0x36, 0x60, 0x00, 0x60, 0x00, 0x73),
    hexToBytes(BRIDGE),
    Uint8Array.of(0x5a, 0xf1, 0x50, 0x60, 0x20, 0x60, 0x00, 0xf3),
  )
}

/** Bitcoin Core's partial merkle tree of a two-transaction block proving its second one. */
export function proofOfSecond(mined: Pick<TestBlock, 'txids'>): Uint8Array {
  return twoLeafProof(mined.txids, 0b101)
}

/** The same tree proving the block's first transaction (its coinbase). */
export function proofOfFirst(mined: Pick<TestBlock, 'txids'>): Uint8Array {
  return twoLeafProof(mined.txids, 0b011)
}

// Flag bits, least significant first: the root (a parent of a match), then the two leaves.
function twoLeafProof(txids: Uint8Array[], flags: number): Uint8Array {
  const [first, second] = txids as [Uint8Array, Uint8Array]
  const hashes = concatBytes(first.slice().reverse(), second.slice().reverse())
  return concatBytes(Uint8Array.of(2, 0, 0, 0, 2), hashes, Uint8Array.of(1, flags))
}

/** receiveHeaders(bytes[]) call data for 80-byte headers. */
export function headersData(blocks: TestBlock[]): Uint8Array {
  const w = (v: number) =>
    Uint8Array.from({ length: 32 }, (_, i) => (i >= 28 ? (v >> (8 * (31 - i))) & 0xff : 0))
  const offsets = blocks.map((_, i) => w(blocks.length * 32 + i * 128))
  const parts = [callData('receiveHeaders(bytes[])'), w(32), w(blocks.length), ...offsets]
  for (const b of blocks) parts.push(w(80), b.header, new Uint8Array(16))
  return concatBytes(...parts)
}

/** EVM code that STATICCALLs the Bridge with its call data and returns whether the call succeeded. */
export function staticCallerCode(): Uint8Array {
  return concatBytes(
    Uint8Array.of(0x36, 0x60, 0x00, 0x60, 0x00, 0x37),
    Uint8Array.of(0x60, 0x20, 0x60, 0x00, 0x36, 0x60, 0x00, 0x73),
    hexToBytes(BRIDGE),
    Uint8Array.of(0x5a, 0xfa, 0x60, 0x00, 0x52, 0x60, 0x20, 0x60, 0x00, 0xf3),
  )
}

/** The Bridge's storage in a memory state, writable outside a transaction (to set up a test). */
export function writableBridgeStorage(state: MemoryState): BridgeStorage {
  const getStorage = (slot: bigint) => state.getStorage(BRIDGE, slot)
  const setStorage = (slot: bigint, value: bigint) => {
    const account = state.getAccount(BRIDGE) ?? null
    state.applyDiff(new Map([[BRIDGE, { account, storage: new Map([[slot, value]]) }]]))
  }
  return new BridgeStorage('regtest', { getStorage }, { getStorage, setStorage }, () =>
    bridgeGenesis('regtest'),
  )
}
