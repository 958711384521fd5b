/**
 * Calls an app may not make (its chain-changing methods are off) are answered by the server, the
 * rest go to the node; the refusals are merged back into the node's answer.
 */
import { isChainChangingMethod } from '../apps/chainMethods.js'
import { methodName } from './answerCounting.js'
import { bitcoinRefusal, isBitcoinChainChangingMethod } from './bitcoind.js'
import { chainMethodsOffError } from './rejections.js'

/** Which JSON-RPC a request is for: the network's RSK node, or its simulated Bitcoin chain's bitcoind. */
export type Door = 'rsk' | 'bitcoin'

/** Nothing is left for the node to answer. */
export const NOTHING: unique symbol = Symbol('nothing')

export interface ChainMethodSplit {
  /** What the node still answers: the payload, a smaller batch, or NOTHING. */
  forward: unknown
  /** The refusals of calls that expect an answer (notifications get none). */
  refusals: unknown[]
}

export function splitChainMethods(payload: unknown, door: Door): ChainMethodSplit | undefined {
  const changes = door === 'bitcoin' ? isBitcoinChainChangingMethod : isChainChangingMethod
  const refuses = (item: unknown) => {
    const method = methodName(item)
    return method !== '(invalid)' && changes(method)
  }
  const refusal = (item: unknown) => {
    if (door === 'bitcoin') return [bitcoinRefusal(item, methodName(item))].filter((r) => r !== undefined)
    const id = (item as { id?: unknown }).id
    return id === undefined ? [] : [{ jsonrpc: '2.0', id, error: chainMethodsOffError(methodName(item)) }]
  }
  if (!Array.isArray(payload)) {
    return refuses(payload) ? { forward: NOTHING, refusals: refusal(payload) } : undefined
  }
  if (!payload.some(refuses)) return undefined
  const kept = payload.filter((item) => !refuses(item))
  return { forward: kept.length === 0 ? NOTHING : kept, refusals: payload.filter(refuses).flatMap(refusal) }
}

export function mergeRefusals(payload: unknown, nodeAnswer: unknown, refusals: unknown[]): unknown {
  if (!Array.isArray(payload)) return refusals[0]
  const answered = Array.isArray(nodeAnswer) ? nodeAnswer : nodeAnswer === undefined ? [] : [nodeAnswer]
  const all = [...answered, ...refusals]
  // A batch of notifications only gets no answer at all (JSON-RPC 2.0 §6).
  return all.length === 0 ? undefined : all
}
