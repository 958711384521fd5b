// A lean HTTP/1.1 load generator: N keep-alive sockets, one request in flight on each, raw bytes
// in and out, so the client costs far less than the servers it measures. Loopback only.
import { connect } from 'node:net'

const HEADER_END = Buffer.from('\r\n\r\n')

/**
 * Sends `body` to http://127.0.0.1:port/path on `inFlight` sockets for `durationMs` (or until
 * `maxRequests`), and returns completed calls, calls per second and the statuses seen.
 */
export async function runLoad({
  port,
  path,
  body,
  inFlight = 64,
  durationMs = 3000,
  maxRequests = 2_000_000,
}) {
  const request = Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
  let completed = 0
  let sent = 0
  const statuses = new Map()
  let sample
  const started = performance.now()
  const stopAt = started + durationMs

  const worker = () =>
    new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', noDelay: true })
      let buffer = Buffer.alloc(0)
      const next = () => {
        if (performance.now() >= stopAt || sent >= maxRequests) {
          socket.end()
          resolve()
          return
        }
        sent++
        socket.write(request)
      }
      socket.on('connect', next)
      socket.on('error', reject)
      socket.on('data', (chunk) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk])
        for (;;) {
          const headerEnd = buffer.indexOf(HEADER_END)
          if (headerEnd < 0) return
          const head = buffer.subarray(0, headerEnd).toString('latin1')
          const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0)
          const total = headerEnd + 4 + length
          if (buffer.length < total) return
          const status = Number(head.slice(9, 12))
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          if (sample === undefined) sample = buffer.subarray(headerEnd + 4, total).toString('utf8')
          buffer = buffer.subarray(total)
          completed++
          next()
        }
      })
    })

  await Promise.all(Array.from({ length: inFlight }, worker))
  const seconds = (performance.now() - started) / 1000
  return {
    completed,
    callsPerSecond: completed / seconds,
    seconds,
    statuses: Object.fromEntries(statuses),
    sample,
  }
}
