import { describe, expect, test } from 'vitest'
import { UpstreamRequestError, UpstreamUnavailableError } from './errors.js'
import { createFetchTransport } from './fetchTransport.js'
import { redactUrl } from './redact.js'
import {
  TransportHttpError,
  UpstreamClient,
  type UpstreamRequest,
  type UpstreamResponse,
  type UpstreamTransport,
} from './upstreamClient.js'

/** Answers `eth_getBalance` with its first parameter's length, counting batches. */
function fakeUpstream(
  behaviour: (batch: UpstreamRequest[], call: number) => Promise<UpstreamResponse[]> | 'answer',
) {
  const batches: UpstreamRequest[][] = []
  const transport: UpstreamTransport = async (batch) => {
    batches.push(batch)
    const outcome = behaviour(batch, batches.length)
    if (outcome !== 'answer') return outcome
    return batch.map((r) => ({ id: r.id, result: `0x${String(r.params[0]).length.toString(16)}` }))
  }
  return { transport, batches }
}

const TIMEOUT_MS = 12_345
const sleeps: number[] = []
/** Backoff waits end at once; the timeout of a batch ends at once only when `expire` is set. */
function fakeSleep(expire = false) {
  return (ms: number) => {
    if (ms === TIMEOUT_MS) return expire ? Promise.resolve() : new Promise<void>(() => {})
    sleeps.push(ms)
    return Promise.resolve()
  }
}
const instantSleep = fakeSleep()
const URL = 'https://rpc.testnet.example/s3cr3t'

describe('UpstreamClient', () => {
  test('reads made together travel in batches of at most 50', async () => {
    const { transport, batches } = fakeUpstream(() => 'answer')
    const client = new UpstreamClient({
      url: URL,
      transport,
      sleep: instantSleep,
      timeoutMs: TIMEOUT_MS,
      maxConcurrency: 2,
    })
    const reads = Array.from({ length: 120 }, (_, i) => client.call('eth_getBalance', [`a${i}`]))
    const answers = await Promise.all(reads)
    expect(answers[0]).toBe('0x2')
    expect(answers[119]).toBe('0x4')
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20])
    expect(client.stats).toMatchObject({ requests: 120, batches: 3, retries: 0 })
  })

  test('the same read asked for while in flight is sent once', async () => {
    const { transport, batches } = fakeUpstream(() => 'answer')
    const client = new UpstreamClient({ url: URL, transport, sleep: instantSleep, timeoutMs: TIMEOUT_MS })
    const [a, b, c] = await Promise.all([
      client.call('eth_getBalance', ['0xaa']),
      client.call('eth_getBalance', ['0xaa']),
      client.call('eth_getBalance', ['0xbb']),
    ])
    expect(a).toBe(b)
    expect(c).toBe('0x4')
    expect(batches.flat().map((r) => r.params[0])).toEqual(['0xaa', '0xbb'])
  })

  test('no more batches than maxConcurrency are in flight at once', async () => {
    let inFlight = 0
    let peak = 0
    const { transport } = fakeUpstream(async (batch) => {
      inFlight++
      peak = Math.max(peak, inFlight)
      await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
      inFlight--
      return batch.map((r) => ({ id: r.id, result: '0x1' }))
    })
    const client = new UpstreamClient({
      url: URL,
      transport,
      sleep: instantSleep,
      timeoutMs: TIMEOUT_MS,
      maxConcurrency: 2,
    })
    await Promise.all(Array.from({ length: 300 }, (_, i) => client.call('eth_getBalance', [i])))
    expect(peak).toBe(2)
  })

  test('HTTP 429 and -32005 are retried with growing backoff', async () => {
    sleeps.length = 0
    const { transport, batches } = fakeUpstream((batch, call) => {
      if (call === 1) throw new TransportHttpError(429)
      if (call === 2)
        return Promise.resolve(
          batch.map((r) => ({ id: r.id, error: { code: -32005, message: 'limit exceeded' } })),
        )
      return 'answer'
    })
    const client = new UpstreamClient({
      url: URL,
      transport,
      sleep: instantSleep,
      timeoutMs: TIMEOUT_MS,
      backoffMs: 100,
    })
    expect(await client.call('eth_getBalance', ['0xaa'])).toBe('0x4')
    expect(batches).toHaveLength(3)
    expect(sleeps).toEqual([100, 200])
    expect(client.stats.retries).toBe(2)
  })

  test('an upstream that never answers is retried, then reported with its address redacted', async () => {
    const { transport, batches } = fakeUpstream(() => new Promise(() => {}))
    const client = new UpstreamClient({
      url: URL,
      transport,
      sleep: fakeSleep(true),
      timeoutMs: TIMEOUT_MS,
      retries: 2,
    })
    const error = await client.call('eth_getBalance', ['0xaa']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UpstreamUnavailableError)
    expect((error as Error).message).toBe(
      'fork upstream https://rpc.testnet.example/*** could not provide eth_getBalance("0xaa"): no answer within 12345 ms (after 3 attempts)',
    )
    expect(batches).toHaveLength(3)
  })

  test('a JSON-RPC error other than rate limiting is not retried', async () => {
    const { transport, batches } = fakeUpstream((batch) =>
      Promise.resolve(batch.map((r) => ({ id: r.id, error: { code: -32602, message: 'bad' } }))),
    )
    const client = new UpstreamClient({ url: URL, transport, sleep: instantSleep, timeoutMs: TIMEOUT_MS })
    await expect(client.call('eth_getBalance', ['0xaa'])).rejects.toBeInstanceOf(UpstreamRequestError)
    expect(batches).toHaveLength(1)
  })
})

describe('UpstreamClient with upstreams that limit batches or rates', () => {
  test('a batch refused with one error for all (JSON-RPC): every request is sent alone from then on', async () => {
    const { transport, batches } = fakeUpstream((batch) =>
      batch.length > 1
        ? Promise.resolve(
            batch.map((r) => ({
              id: r.id,
              error: { code: -32600, message: 'batch requests are not supported' },
            })),
          )
        : 'answer',
    )
    const client = new UpstreamClient({ url: URL, transport, sleep: instantSleep, timeoutMs: TIMEOUT_MS })
    const answers = await Promise.all([
      client.call('eth_getBalance', ['a']),
      client.call('eth_getBalance', ['bb']),
    ])
    expect(answers).toEqual(['0x1', '0x2'])
    await Promise.all([client.call('eth_getBalance', ['ccc']), client.call('eth_getBalance', ['dddd'])])
    expect(batches.map((b) => b.length)).toEqual([2, 1, 1, 1, 1])
  })

  test('a batch refused over HTTP (413, 400): single requests', async () => {
    for (const status of [413, 400]) {
      const { transport, batches } = fakeUpstream((batch) =>
        batch.length > 1 ? Promise.reject(new TransportHttpError(status)) : 'answer',
      )
      const client = new UpstreamClient({ url: URL, transport, sleep: instantSleep, timeoutMs: TIMEOUT_MS })
      const answers = await Promise.all(['a', 'bb', 'ccc'].map((a) => client.call('eth_getBalance', [a])))
      expect(answers).toEqual(['0x1', '0x2', '0x3'])
      expect(batches.map((b) => b.length)).toEqual([3, 1, 1, 1])
    }
  })

  test.each([
    [429, 'Too Many Requests'],
    [-32029, 'request limit reached'],
    [-32000, 'rate limit exceeded, retry later'],
  ])('a rate-limit answer (%s %s) is retried', async (code, message) => {
    const { transport, batches } = fakeUpstream((batch, call) =>
      call === 1 ? Promise.resolve(batch.map((r) => ({ id: r.id, error: { code, message } }))) : 'answer',
    )
    const client = new UpstreamClient({ url: URL, transport, sleep: instantSleep, timeoutMs: TIMEOUT_MS })
    expect(await client.call('eth_getBalance', ['ab'])).toBe('0x2')
    expect(batches).toHaveLength(2)
  })

  test('the fetch transport sends a single request as a plain request and a batch as a list', async () => {
    const bodies: unknown[] = []
    const transport = createFetchTransport('https://node.example/', {}, async (_url, init) => {
      const body = JSON.parse(init.body) as unknown
      bodies.push(body)
      const answer = (r: { id: number }) => ({ jsonrpc: '2.0', id: r.id, result: '0x1' })
      return {
        ok: true,
        status: 200,
        json: async () => (Array.isArray(body) ? body.map(answer) : answer(body as { id: number })),
      }
    })
    const one = { jsonrpc: '2.0' as const, id: 7, method: 'eth_chainId', params: [] }
    expect(await transport([one])).toEqual([{ jsonrpc: '2.0', id: 7, result: '0x1' }])
    expect(await transport([one, { ...one, id: 8 }])).toHaveLength(2)
    expect(bodies).toEqual([one, [one, { ...one, id: 8 }]])
  })
})

describe('redactUrl', () => {
  test.each([
    ['https://rpc.mainnet.rootstock.io/AbCdEf123', 'https://rpc.mainnet.rootstock.io/***'],
    ['https://rpc.testnet.rootstock.io/AbCdEf123/', 'https://rpc.testnet.rootstock.io/***/'],
    ['http://127.0.0.1:4444/testnet/key?apikey=abc', 'http://127.0.0.1:4444/testnet/***?apikey=***'],
    ['https://user:pass@node.example/', 'https://user:***@node.example/'],
    ['not a url', '***'],
  ])('%s → %s', (url, redacted) => {
    expect(redactUrl(url)).toBe(redacted)
  })
})
