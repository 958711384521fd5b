/** Request-log entries for the panel's tests: entry `id` is method `m<id>` at time `id`. */
import type { RequestLogEntry } from '../../shared/protocol.js'

export const loggedEntry = (id: number): RequestLogEntry => ({
  id,
  time: id,
  origin: 'http://a.test',
  network: 'regtest',
  method: `m${id}`,
  params: [],
  durationMs: 1,
})
