/**
 * Fuzzed requests against the HTTP server (run by scripts/fuzz-http.mjs, not by `npm test`).
 * Counts: crashes (no HTTP answer, a 5xx, a body that is not JSON-RPC), hangs (no answer in 30 s;
 * the run waits up to 5 minutes and prints whether the answer came late or never),
 * -32603 answers and other invalid answers; every 10,000 requests the chain must still mine a
 * valid transfer. Progress goes to stdout every 10,000 requests.
 */
import { writeFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { createRegistry } from '../../src/core/rpc/registry.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { startTestServer } from '../server/helpers.js'
import { answerProblem, requestArbitrary } from './requestArbitraries.js'
import { assertStillMines, type Call } from './stillMines.js'

const TOTAL = Number(process.env.FUZZ_HTTP_REQUESTS ?? 1_000_000)
const SEED = Number(process.env.FUZZ_SEED ?? 22)
/** Where to start in the seeded sequence (a multiple of 10,000): resumes a run that was cut short. */
const FROM = Number(process.env.FUZZ_FROM ?? 0)
const BATCH = 10_000
const CONCURRENCY = 4
const HANG_MS = 30_000
/** A request slower than HANG_MS still counts as a hang; waiting this long tells slow from stuck. */
const GIVE_UP_MS = 300_000

interface Reply {
  status: number
  body: string
  ms: number
}

test(`${TOTAL} fuzzed requests over HTTP`, async () => {
  const harness = await startTestServer({ nodeFactory: coreNodeFactory(), host: '127.0.0.1' })
  const url = new URL(harness.url('regtest'))
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to fuzz ${url.hostname}`)
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const post = (body: string) =>
    new Promise<Reply | 'hang' | 'error'>((resolve) => {
      const sent = Date.now()
      const req = httpRequest(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: Date.now() - sent,
            }),
          )
          res.on('error', () => resolve('error'))
        },
      )
      req.setTimeout(GIVE_UP_MS, () => {
        req.destroy()
        resolve('hang')
      })
      req.on('error', () => resolve('error'))
      req.end(body)
    })
  let id = 0
  const call: Call = async (method, params = []) => {
    const reply = await post(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }))
    if (typeof reply === 'string') throw new Error(`${method}: ${reply}`)
    return JSON.parse(reply.body)
  }

  await assertStillMines(call)
  const head = (await call('eth_getBlockByNumber', ['latest', false])).result as {
    hash: string
    transactions: string[]
  }
  const known = {
    addresses: [
      COW_ACCOUNTS[0]!.address,
      COW_ACCOUNTS[1]!.address,
      '0x0000000000000000000000000000000001000008',
    ],
    hashes: [head.hash, ...head.transactions],
  }
  const requests = requestArbitrary(createRegistry().entries(), known)
  const counts = { requests: 0, crashes: 0, hangs: 0, internalErrors: 0, invalid: 0, invariantFailures: 0 }
  const samples: string[] = []
  const note = (kind: string, body: string) => {
    if (samples.length < 50) samples.push(`${kind}: ${body.slice(0, 300)}`)
  }
  const started = Date.now()
  for (let done = FROM; done < TOTAL; done += BATCH) {
    const batch = fc.sample(requests, { numRuns: Math.min(BATCH, TOTAL - done), seed: SEED + done })
    let next = 0
    const worker = async () => {
      while (next < batch.length) {
        const request = { ...(batch[next++] as object), id: ++id }
        const body = JSON.stringify(request)
        const reply = await post(body)
        counts.requests++
        if (reply === 'hang' || (reply !== 'error' && reply.ms > HANG_MS)) {
          counts.hangs++
          const took = reply === 'hang' ? `no answer in ${GIVE_UP_MS} ms` : `answered after ${reply.ms} ms`
          note(`hang (${took})`, body)
          console.log(`fuzz-http: hang (${took}): ${body.slice(0, 300)}`)
        } else if (reply === 'error' || reply.status >= 500) {
          counts.crashes++
          note(`crash ${typeof reply === 'string' ? reply : reply.status}`, body)
        } else {
          let json: unknown
          try {
            json = JSON.parse(reply.body)
          } catch {
            counts.crashes++
            note('not JSON', body)
            continue
          }
          const problem = answerProblem(request, json)
          if (problem?.startsWith('-32603')) {
            counts.internalErrors++
            note(problem, body)
            console.log(`fuzz-http: ${problem}: ${body.slice(0, 300)}`)
          } else if (problem) {
            counts.invalid++
            note(problem, body)
          }
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    try {
      await assertStillMines(call)
    } catch (e) {
      counts.invariantFailures++
      note('invariant', String(e))
    }
    const seconds = (Date.now() - started) / 1000
    console.log(`fuzz-http: ${JSON.stringify({ from: FROM, ...counts, seconds: Math.round(seconds) })}`)
  }
  const report = { seed: SEED, from: FROM, ...counts, seconds: (Date.now() - started) / 1000, samples }
  writeFileSync('fuzz-http-report.json', `${JSON.stringify(report, null, 2)}\n`)
  agent.destroy()
  await harness.stop()
  expect(report).toMatchObject({ crashes: 0, hangs: 0, internalErrors: 0, invalid: 0, invariantFailures: 0 })
})
