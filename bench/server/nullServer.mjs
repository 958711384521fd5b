// The baseline: a Node HTTP server that does nothing but read the body and answer a fixed
// JSON-RPC result, with the same headers and keep-alive as ours. Usage: node nullServer.mjs PORT
import { createServer } from 'node:http'

const body = '{"jsonrpc":"2.0","id":1,"result":"0x0"}\n'
const length = String(Buffer.byteLength(body))
const server = createServer({ keepAlive: true }, (request, response) => {
  request.on('data', () => {})
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': length })
    response.end(body)
  })
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'))
process.once('SIGTERM', () => server.close(() => process.exit(0)) && server.closeAllConnections())
