/**
 * The layout-v1 fixture (test/fixtures/layout-v1, written by scripts/make-layout-v1-fixture.ts with
 * the code of commit aa2d660): the raw entries of a chain in that storage layout, and the answers
 * that code gave over it, as a script of steps. `replay` runs the script on the current code.
 */
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'
import { createManualClock } from '../../src/core/clock/clock.js'
import { createNode, type DevNode } from '../../src/core/createNode.js'
import type { KeyValueStore, KvOperation } from '../../src/core/storage/types.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type RpcError = { code: number; message: string; data?: Json }

export type Step =
  | { method: string; params: Json[]; result?: Json; error?: RpcError; same?: number; note?: string }
  | { reopen: true; note?: string }

export interface Expected {
  network: 'regtest'
  /** The clock of the old node when the chain was written: filters expire 5 minutes after a poll. */
  clockMs: number
  accounts: Record<'a0' | 'a1' | 'a2' | 'a3' | 'a4' | 'm0' | 'outsider' | 'codeHolder' | 'token', string>
  filters: { log: string; block: string }
  snapshots: { kept: string }
  blocks: { head: number; headHash: string; deployBlock: number; keptHead: number }
  pending: string
  steps: Step[]
}

const directory = new URL('../fixtures/layout-v1/', import.meta.url)

/** Key → value, as the old layout wrote them (key order). */
export const fixtureEntries: ReadonlyArray<readonly [string, Uint8Array]> = Object.entries(
  JSON.parse(readFileSync(new URL('chain.json', directory), 'utf8')) as Record<string, string>,
).map(([key, hex]) => [key, Uint8Array.from(Buffer.from(hex, 'hex'))] as const)

export const expected = JSON.parse(readFileSync(new URL('expected.json', directory), 'utf8')) as Expected

export function fixturePuts(): KvOperation[] {
  return fixtureEntries.map(([key, value]) => ({ type: 'put', key, value: value.slice() }))
}

/** The response a step expects: its own, or the one of the earlier step it names. */
export function expectedResponse(step: Step): { result?: Json; error?: RpcError } {
  if ('reopen' in step) throw new Error('a reopen step has no response')
  if (step.same !== undefined) return expectedResponse(expected.steps[step.same]!)
  return step.error ? { error: step.error } : { result: step.result ?? null }
}

/** A chain's store across restarts: `reopen` gives the store a restarted host would open. */
export interface Backend {
  open(): Promise<KeyValueStore>
  reopen(): Promise<KeyValueStore>
}

export async function openNode(storage: KeyValueStore): Promise<DevNode> {
  return createNode({ network: expected.network, storage, clock: createManualClock(expected.clockMs) })
}

let requestId = 0
export async function ask(node: DevNode, method: string, params: Json[] = []) {
  const response = (await node.request({ jsonrpc: '2.0', id: ++requestId, method, params })) as {
    result?: Json
    error?: RpcError
  }
  // Wire JSON: what a client sees (no undefined fields).
  return JSON.parse(JSON.stringify(response.error ? { error: response.error } : { result: response.result }))
}

export interface ReplayOptions {
  /** Steps left out (and their checks), e.g. filters after a chain load, which drops them. */
  skip?: (step: Step) => boolean
  /** Called with the node each time one is opened. */
  onOpen?: (node: DevNode) => Promise<void>
}

/**
 * Runs every step of `expected.json` on nodes of the current code over `backend` and checks each
 * response is exactly the old code's; resolves with the last node, still open.
 */
export async function replay(backend: Backend, options: ReplayOptions = {}): Promise<DevNode> {
  let node = await openNode(await backend.open())
  await options.onOpen?.(node)
  for (const [index, step] of expected.steps.entries()) {
    if (options.skip?.(step)) continue
    if ('reopen' in step) {
      await node.close()
      node = await openNode(await backend.reopen())
      await options.onOpen?.(node)
      continue
    }
    const actual = await ask(node, step.method, step.params)
    expect(actual, `step ${index}: ${step.method} ${JSON.stringify(step.params)}`).toEqual(
      expectedResponse(step),
    )
  }
  return node
}

/** The store stays open when the node closes it (the memory store cannot reopen once closed). */
export function keptOpen(store: KeyValueStore): KeyValueStore {
  return { ...store, close: async () => undefined }
}

/** The filter methods: `anvil_loadState` drops installed filters. */
export const isFilterStep = (step: Step) =>
  'method' in step && (step.method === 'eth_getFilterChanges' || step.method === 'eth_getFilterLogs')
