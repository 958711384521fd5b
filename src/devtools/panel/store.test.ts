import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../shared/protocol.js'
import { requestMetrics } from './lib/requests.js'
import { loggedEntry } from './requestLogFixtures.js'
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

describe('the stored log read at open', () => {
  const logged = loggedEntry

  it('goes before what arrived live while it was read, each entry once', () => {
    const store = createStore((run) => run())
    // Pushed live while the panel waited for the stored log; 7 was written before the read.
    store.addRequests([logged(7), logged(8), logged(9)])
    store.addStoredRequests([logged(7), logged(6), logged(5)]) // newest first, as getLog answers
    expect(store.get().requests.map((e) => e.method)).toEqual(['m5', 'm6', 'm7', 'm8', 'm9'])
  })

  it('keeps live entries that have no id yet', () => {
    const store = createStore((run) => run())
    const { id: _none, ...unsaved } = logged(0)
    store.addRequests([unsaved])
    store.addStoredRequests([logged(2), logged(1)])
    expect(store.get().requests.map((e) => e.method)).toEqual(['m1', 'm2', 'm0'])
  })
})
