/**
 * The bitcoind door of a network's node: `/<network>/<API_KEY>/bitcoin` answers the simulated
 * Bitcoin chain's bitcoind-compatible JSON-RPC after the same key, network, allow-list, JWT and
 * quota checks as the RSK address. Bitcoin clients (bitcoin-cli, python-bitcoinrpc, bitcoin-core)
 * always send HTTP Basic credentials: they are not needed (the key is in the path), and an app that
 * requires a JWT takes it as the Basic password.
 */
import type { RpcNode } from '../node/nodeHost.js'
import { chainMethodsOffError } from './rejections.js'

/** The node's bitcoind entry point (a node that has none answers every call "Method not found"). */
export function bitcoinRequestOf(node: RpcNode): (payload: unknown) => unknown {
  const door = node.bitcoinRequest
  if (door) return door.bind(node)
  return (payload) => {
    const refuse = (item: unknown) => ({
      result: null,
      error: { code: -32601, message: 'Method not found' },
      id: (item as { id?: unknown } | null)?.id ?? null,
    })
    return Array.isArray(payload) ? payload.map(refuse) : refuse(payload)
  }
}

/** `Authorization: Basic base64(user:password)` → `Bearer password` for the JWT check; others unchanged. */
export function jwtFromBasic(authorization: string | undefined): string | undefined {
  if (!authorization || !/^basic /i.test(authorization)) return authorization
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  const password = colon < 0 ? '' : decoded.slice(colon + 1)
  return password === '' ? undefined : `Bearer ${password}`
}

/**
 * bitcoind methods an app with the chain-changing methods switched off is refused: mining and the
 * node-held wallet (its keys are everybody's), as `evm_*`/`personal_*` are on the RSK address.
 */
const CHAIN_CHANGING: ReadonlySet<string> = new Set([
  'generatetoaddress',
  'generate',
  'getnewaddress',
  'getrawchangeaddress',
  'importprivkey',
  'dumpprivkey',
  'sendtoaddress',
])

export function isBitcoinChainChangingMethod(method: string): boolean {
  return CHAIN_CHANGING.has(method)
}

/** A refusal in bitcoind's 1.0 shape (a 2.0 request gets the 2.0 shape). */
export function bitcoinRefusal(item: unknown, method: string): unknown {
  const request = item as { id?: unknown; jsonrpc?: unknown }
  const error = chainMethodsOffError(method)
  if (request.jsonrpc === '2.0')
    return request.id === undefined ? undefined : { jsonrpc: '2.0', error, id: request.id }
  return { result: null, error, id: request.id ?? null }
}
