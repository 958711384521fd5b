/**
 * State reads at a block below a fork block: historical reads the user asked for, answered by the
 * upstream at that block (this node holds no state there) and kept, since the state of a past
 * block never changes. The fork block and every later block read this node's own state.
 */
import { UpstreamAnswerError } from '../../fork/errors.js'
import type { ForkHistory } from '../../fork/forkHistory.js'
import { type Address, bytesToBigint, hexToBytes } from '../../util/hex.js'
import type { Engine } from './engine.js'
import type { ExecutionTarget } from './queries.js'
import type { BlockRef } from './requests.js'
import { upstreamNumberOf } from './upstreamBlocks.js'
import { upstreamStoredBlock } from './upstreamStoredBlock.js'

/** The upstream block below the fork block `ref` names, with the fork's history; else undefined. */
export async function upstreamStateAt(
  engine: Engine,
  ref: BlockRef,
): Promise<{ history: ForkHistory; block: bigint } | undefined> {
  const history = engine.fork?.history
  if (!history) return undefined
  const block = await upstreamNumberOf(engine, history, ref)
  return block !== undefined && block < history.forkBlock ? { history, block } : undefined
}

export function upstreamAccountView(history: ForkHistory, block: bigint) {
  return {
    balance: async (a: Address) => quantity(await history.stateRead('eth_getBalance', [a], block), 'balance'),
    nonce: async (a: Address) =>
      quantity(await history.stateRead('eth_getTransactionCount', [a], block), 'nonce'),
    code: async (a: Address) => data(await history.stateRead('eth_getCode', [a], block), 'code'),
    storage: async (a: Address, slot: bigint) => {
      const key = `0x${slot.toString(16).padStart(64, '0')}`
      return bytesToBigint(data(await history.stateRead('eth_getStorageAt', [a, key], block), 'storage'))
    },
  }
}

/** `eth_call` at an upstream block below the fork block: the upstream's return data. */
export async function upstreamCall(
  history: ForkHistory,
  call: Record<string, string>,
  block: bigint,
): Promise<Uint8Array> {
  return data(await history.stateRead('eth_call', [call], block), 'eth_call result')
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw new UpstreamAnswerError(`the upstream's ${what} is not a hex quantity: ${JSON.stringify(value)}`)
  return BigInt(value)
}

function data(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw new UpstreamAnswerError(`the upstream's ${what} is not hex data: ${JSON.stringify(value)}`)
  return hexToBytes(value)
}

/**
 * Where an execution at the upstream block below the fork block `ref` names runs (`eth_estimateGas`):
 * that block's context on the upstream's state after it, read as the execution reaches it;
 * undefined for the chain's own blocks.
 */
export async function upstreamExecutionTarget(
  engine: Engine,
  ref: BlockRef,
): Promise<ExecutionTarget | undefined> {
  const below = await upstreamStateAt(engine, ref)
  const json = below && (await below.history.block(below.block))
  if (!below || !json || !engine.fork) return undefined
  return {
    block: upstreamStoredBlock(json),
    pending: false,
    upstream: await engine.fork.stateAt(below.block),
  }
}
