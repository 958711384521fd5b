// JSON-RPC clients: an EIP-1193-style `request({ method, params })` over an in-process provider or
// over HTTP on loopback. Errors become RpcError so workloads can report what the target said.
import { Agent, request as httpRequest } from 'node:http'

export class RpcError extends Error {
  static code = 'RPC_ERROR'
  constructor(method, error) {
    super(`${method}: ${error?.message ?? JSON.stringify(error)}`)
    this.name = 'RpcError'
    this.rpcCode = error?.code
  }
}

/** Wraps a node whose `request` takes a JSON-RPC request object and returns the response object. */
export function jsonRpcObjectClient(node) {
  let id = 0
  return {
    async request({ method, params = [] }) {
      const response = await node.request({ jsonrpc: '2.0', id: ++id, method, params })
      if (response?.error) throw new RpcError(method, response.error)
      return response?.result
    },
  }
}

/** Wraps an EIP-1193 provider (`request({ method, params })` resolving to the result). */
export function eip1193Client(provider) {
  return {
    async request({ method, params = [] }) {
      try {
        return await provider.request({ method, params })
      } catch (error) {
        throw new RpcError(method, error)
      }
    },
  }
}

/** HTTP JSON-RPC with keep-alive sockets, enough of them for 64 requests in flight. */
export function httpClient(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  const { hostname, port, pathname } = new URL(url)
  let id = 0
  function post(body) {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          hostname,
          port,
          path: pathname,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          const chunks = []
          res.on('data', (chunk) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }
  return {
    async request({ method, params = [] }) {
      const { status, text } = await post(JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }))
      let response
      try {
        response = JSON.parse(text)
      } catch {
        throw new RpcError(method, { message: `HTTP ${status}: ${text.slice(0, 200)}` })
      }
      if (response.error) throw new RpcError(method, response.error)
      return response.result
    },
    close() {
      agent.destroy()
    },
  }
}
