import { createServer } from 'node:net'

/** A port on 127.0.0.1 free right now (the OS picks it; the listener is closed before returning). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}
