/**
 * A minimal client of Firefox's remote debugging protocol (the one about:debugging speaks), for
 * what WebDriver BiDi cannot do: the add-on's background page is not a BiDi target, so stopping it
 * ("Terminate background script") and reading its status go through here. Packets are
 * `<byte length>:<JSON>`; each actor answers its requests in order, and packets with a `type`
 * are events, which this client ignores.
 */
import { connect, type Socket } from 'node:net'

type Packet = { from: string; type?: string; error?: string; message?: string; [key: string]: unknown }

export interface RemoteDebugger {
  request(to: string, type: string, extra?: Record<string, unknown>): Promise<Packet>
  close(): void
}

export async function connectRemoteDebugger(port: number, timeoutMs = 30_000): Promise<RemoteDebugger> {
  const socket = await openSocket(port, timeoutMs)
  const waiting = new Map<string, Array<(packet: Packet) => void>>()
  let greeted: (packet: Packet) => void = () => {}
  const greeting = new Promise<Packet>((done) => {
    greeted = done
  })
  let buffer = Buffer.alloc(0)
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      const colon = buffer.indexOf(':')
      if (colon < 0) return
      const length = Number(buffer.subarray(0, colon).toString())
      if (buffer.length < colon + 1 + length) return
      const packet = JSON.parse(buffer.subarray(colon + 1, colon + 1 + length).toString()) as Packet
      buffer = buffer.subarray(colon + 1 + length)
      if (packet.from === 'root' && 'applicationType' in packet) greeted(packet)
      else if (!packet.type || packet.error) waiting.get(packet.from)?.shift()?.(packet)
    }
  })
  await greeting
  return {
    request(to, type, extra = {}) {
      return new Promise<Packet>((resolve, reject) => {
        const queue = waiting.get(to) ?? []
        waiting.set(to, queue)
        queue.push((packet) =>
          packet.error
            ? reject(new Error(`${to} ${type}: ${packet.error} ${packet.message ?? ''}`))
            : resolve(packet),
        )
        const body = Buffer.from(JSON.stringify({ to, type, ...extra }))
        socket.write(Buffer.concat([Buffer.from(`${body.length}:`), body]))
      })
    },
    close() {
      socket.destroy()
    },
  }
}

/** Firefox opens the debugger server's port a moment after it starts: retry until it listens. */
async function openSocket(port: number, timeoutMs: number): Promise<Socket> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await new Promise<Socket>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1')
        socket.once('connect', () => resolve(socket))
        socket.once('error', reject)
      })
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((done) => setTimeout(done, 200))
    }
  }
}
