import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../shared/protocol.js'
import { requestMetrics } from './lib/requests.js'
import { createStore, requestCount } from './store.js'

const entry = (id: number): RequestLogEntry =>
  ({
    id: String(id),
    method: 'eth_chainId',
    origin: 'http://a.test',
    durationMs: 1,
  }) as unknown as RequestLogEntry

describe('the request counter', () => {
  it('counts what the Requests tab lists: the log read at open, live arrivals and imports', () => {
    const store = createStore((run) => run())
    store.addRequests([entry(1), entry(2), entry(3)]) // the stored log, read when the panel opens
    store.addRequests([entry(4)]) // a live request
    store.addRequests([entry(5), entry(6)]) // an imported file
    const data = store.get()
    expect(requestCount(data)).toBe(6)
    expect(requestCount(data)).toBe(requestMetrics(data.requests).total)
  })
})
