// The baselines: a Node HTTP server that reads the body and answers a JSON-RPC result, with the
// same headers and keep-alive as ours, and no other work.
//   node nullServer.mjs PORT          fixed answer (the do-nothing server)
//   node nullServer.mjs PORT --json   parses the request and stringifies an answer echoing its id:
//                                     the least any JSON-RPC server does
import { createServer } from 'node:http'

const json = process.argv.includes('--json')
const fixed = '{"jsonrpc":"2.0","id":1,"result":"0x0"}\n'
const server = createServer({ keepAlive: true }, (request, response) => {
  const chunks = []
  request.on('data', (chunk) => chunks.push(chunk))
  request.on('end', () => {
    let body = fixed
    if (json) {
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      body = `${JSON.stringify({ jsonrpc: '2.0', id: payload.id, result: '0x0' })}\n`
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    response.end(body)
  })
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'))
process.once('SIGTERM', () => server.close(() => process.exit(0)) && server.closeAllConnections())
