/**
 * A seeded run of fuzzed requests (FUZZ_REQUESTS, default 20,000) against an in-process node:
 * every answer is a valid JSON-RPC response, none is -32603 (no internal error is reported), and
 * every 2,000 requests and at the end the node still mines a valid transfer.
 * `scripts/fuzz-http.mjs` runs the same generators against the HTTP server.
 */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { createNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { answerProblem, requestArbitrary } from './requestArbitraries.js'
import { assertStillMines, type Call } from './stillMines.js'

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 20_000)
const SEED = Number(process.env.FUZZ_SEED ?? 22)
const CHECK_EVERY = 2_000

test(`${TOTAL} fuzzed requests: valid answers, no -32603, the chain still mines`, async () => {
  const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
  const internalErrors: unknown[] = []
  node.on('internalError', (e) => internalErrors.push(e))
  let id = 0
  const call: Call = async (method, params = []) =>
    (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: unknown
      error?: unknown
    }

  // Values the generators draw from: the genesis and a mined block and transaction.
  await assertStillMines(call)
  const head = (await call('eth_getBlockByNumber', ['latest', false])).result as {
    hash: string
    transactions: string[]
  }
  const genesis = (await call('eth_getBlockByNumber', ['0x0', false])).result as { hash: string }
  const known = {
    addresses: [
      COW_ACCOUNTS[0]!.address,
      COW_ACCOUNTS[1]!.address,
      '0x0000000000000000000000000000000001000008',
    ],
    hashes: [head.hash, genesis.hash, ...head.transactions],
  }
  const requests = requestArbitrary(node.registry.entries(), known)

  const problems: string[] = []
  const spent = new Map<string, number>()
  const started = Date.now()
  for (let done = 0; done < TOTAL; done += CHECK_EVERY) {
    const batch = fc.sample(requests, { numRuns: Math.min(CHECK_EVERY, TOTAL - done), seed: SEED + done })
    for (const generated of batch) {
      const request = { ...(generated as object), id: ++id }
      const t0 = performance.now()
      const response = await node.request(request)
      const method = String((request as { method?: unknown }).method)
      spent.set(method, (spent.get(method) ?? 0) + performance.now() - t0)
      const problem = answerProblem(request, response)
      if (problem) problems.push(`${JSON.stringify(request).slice(0, 300)} → ${problem}`)
    }
    await assertStillMines(call)
  }
  const seconds = (Date.now() - started) / 1000
  const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 8)
  console.log(
    `fuzz: ${TOTAL} requests in ${seconds.toFixed(1)} s, ${problems.length} problems; slowest methods (ms): ${slowest
      .map(([m, ms]) => `${m} ${ms.toFixed(0)}`)
      .join(', ')}`,
  )
  expect(internalErrors.map((e) => (e instanceof Error ? e.stack : String(e))).slice(0, 5)).toEqual([])
}, 300_000)
