import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../../shared/protocol.js'
import { exportRequests, filterRequests, importRequests, requestMetrics, toCurl } from './requests.js'

const entry = (
  id: number,
  method: string,
  durationMs: number,
  failed = false,
  origin = 'http://a.test',
): RequestLogEntry => ({
  id,
  time: 1_700_000_000_000 + id,
  origin,
  network: 'testnet',
  method,
  params: [`p${id}`],
  durationMs,
  ...(failed ? { error: { code: -32000, message: `boom ${id}` } } : { result: `0x${id}` }),
})

const log = [
  entry(1, 'eth_blockNumber', 4),
  entry(2, 'eth_call', 10, true),
  entry(3, 'eth_blockNumber', 2, false, 'http://b.test'),
  entry(4, 'eth_sendTransaction', 30),
]

describe('requests', () => {
  it('filters by method, origin, errors and free text', () => {
    expect(filterRequests(log, { method: 'eth_blockNumber' }).map((e) => e.id)).toEqual([1, 3])
    expect(filterRequests(log, { origin: 'http://b.test' }).map((e) => e.id)).toEqual([3])
    expect(filterRequests(log, { errorsOnly: true }).map((e) => e.id)).toEqual([2])
    expect(filterRequests(log, { search: 'BOOM' }).map((e) => e.id)).toEqual([2])
    expect(filterRequests(log, { search: 'p4' }).map((e) => e.id)).toEqual([4])
  })

  it('computes total, success rate and the median latency', () => {
    expect(requestMetrics(log)).toEqual({ total: 4, successRate: 0.75, p50Ms: 4 })
    expect(requestMetrics(log.slice(0, 3))).toEqual({ total: 3, successRate: 2 / 3, p50Ms: 4 })
    expect(requestMetrics([])).toEqual({ total: 0, successRate: 1, p50Ms: 0 })
  })

  it('copies a request as a curl command with quotes escaped', () => {
    const quoted = { ...entry(9, 'eth_call', 1), params: ["it's"] }
    expect(toCurl(quoted)).toBe(
      `curl -s -X POST -H 'content-type: application/json' --data '{"jsonrpc":"2.0","id":9,"method":"eth_call","params":["it'\\''s"]}' http://127.0.0.1:4444`,
    )
  })

  it('imports what it exports and refuses other files', () => {
    expect(importRequests(exportRequests(log))).toEqual(log)
    expect(importRequests(JSON.stringify(log))).toEqual(log)
    expect(() => importRequests('{"x":1}')).toThrow('No requests array')
    expect(() => importRequests('[{"method":1}]')).toThrow('1 entries are not requests')
  })
})
