/**
 * The server's addresses: `/<network>/<API_KEY>` and the provider form `/<network>/v2/<API_KEY>`
 * for JSON-RPC, `/<network>/<API_KEY>/bitcoin` for the simulated Bitcoin chain's bitcoind RPC, `/admin/...` for the local admin endpoint, `/` and `/dashboard/...` for the dashboard. Parsed by hand: this runs for every
 * request and a URL object would cost more than the rest of the routing.
 */
import type { NetworkName } from '../../core/network/networks.js'

export type Route =
  | { kind: 'rpc'; network: NetworkName; apiKey: string }
  /** `/<network>/<API_KEY>/bitcoin`: the simulated Bitcoin chain's bitcoind-compatible JSON-RPC. */
  | { kind: 'bitcoin'; network: NetworkName; apiKey: string }
  | { kind: 'missingKey'; network: NetworkName }
  | { kind: 'unknownNetwork' }
  | { kind: 'admin'; path: string[] }
  /** `/` (the dashboard page) and `/dashboard/...` (its assets and JSON API). */
  | { kind: 'dashboard'; path: string[] }
  | { kind: 'notFound' }

const NETWORKS: ReadonlySet<string> = new Set(['mainnet', 'testnet', 'regtest'])

export function parseRoute(url: string): Route {
  const queryAt = url.indexOf('?')
  const path = queryAt < 0 ? url : url.slice(0, queryAt)
  // The common case, `/<network>/<key>`: the network told by its prefix (no substring to hash),
  // the key the only slice.
  const prefixed = networkPrefix(path)
  if (prefixed !== undefined) {
    const apiKey = path.slice(PREFIX_LENGTH)
    if (apiKey !== '' && apiKey !== 'v2' && apiKey.indexOf('/') < 0) {
      return { kind: 'rpc', network: prefixed, apiKey }
    }
  }
  const segments = path.split('/').filter((segment) => segment !== '')
  const first = segments[0]
  if (first === undefined) return { kind: 'dashboard', path: [] }
  if (first === 'dashboard') return { kind: 'dashboard', path: segments.slice(1).map(decodeURIComponentSafe) }
  if (first === 'admin') return { kind: 'admin', path: segments.slice(1).map(decodeURIComponentSafe) }
  if (!NETWORKS.has(first)) return { kind: 'unknownNetwork' }
  const network = first as NetworkName
  const rest = segments[1] === 'v2' ? segments.slice(2) : segments.slice(1)
  if (rest.length === 0) return { kind: 'missingKey', network }
  // bitcoind clients address a wallet as `…/wallet/<name>`: the dev wallet answers for every name.
  const walletPath = rest.length === 2 || (rest.length === 4 && rest[2] === 'wallet')
  if (rest[1] === 'bitcoin' && walletPath) return { kind: 'bitcoin', network, apiKey: rest[0]! }
  if (rest.length > 1) return { kind: 'notFound' }
  return { kind: 'rpc', network, apiKey: rest[0]! }
}

/** `/mainnet/`, `/testnet/` and `/regtest/` are all this long. */
const PREFIX_LENGTH = 9

function networkPrefix(path: string): NetworkName | undefined {
  if (path.charCodeAt(PREFIX_LENGTH - 1) !== 47) return undefined
  if (path.startsWith('/regtest/')) return 'regtest'
  if (path.startsWith('/testnet/')) return 'testnet'
  if (path.startsWith('/mainnet/')) return 'mainnet'
  return undefined
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
