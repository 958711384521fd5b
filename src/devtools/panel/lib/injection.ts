/**
 * Whether an app's origin gets the provider under the allow list, for the Apps view. The
 * background validates and normalizes the patterns (src/background/injection.ts); this only reads
 * them: scheme `*` is http or https, host `*` any host, `*.example.com` the domain and its
 * subdomains, a missing or `*` port any port. A pattern with a narrower path than `/*` covers
 * only some of the origin's pages.
 */
import { ALL_SITES } from '../../../shared/panelProtocol.js'

// The pattern that means every site, as the background stores it.
export { ALL_SITES }

export type Coverage = 'all' | 'some' | 'none'

function defaultPort(scheme: string): string {
  return scheme === 'https' ? '443' : scheme === 'http' ? '80' : ''
}

/** How much of `origin` (`http://host:port`) one normalized pattern covers. */
export function patternCoverage(pattern: string, origin: string): Coverage {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return 'none'
  }
  const scheme = url.protocol.slice(0, -1)
  if (pattern === ALL_SITES) return ['http', 'https', 'file'].includes(scheme) ? 'all' : 'none'
  const match = /^(\*|[a-z]+):\/\/([^/]*)(\/.*)$/.exec(pattern)
  if (!match) return 'none'
  const [, patternScheme, hostPort, path] = match as unknown as [string, string, string, string]
  if (patternScheme === '*' ? scheme !== 'http' && scheme !== 'https' : patternScheme !== scheme)
    return 'none'
  const portAt = hostPort.startsWith('[')
    ? hostPort.indexOf(':', hostPort.indexOf(']'))
    : hostPort.indexOf(':')
  const host = portAt < 0 ? hostPort : hostPort.slice(0, portAt)
  const port = portAt < 0 ? '*' : hostPort.slice(portAt + 1)
  const hostname = url.hostname.toLowerCase()
  const hostMatches =
    host === '*' ||
    host === hostname ||
    (host.startsWith('*.') && (hostname === host.slice(2) || hostname.endsWith(host.slice(1))))
  if (!hostMatches) return 'none'
  if (port !== '*' && port !== (url.port || defaultPort(scheme))) return 'none'
  return path === '/*' ? 'all' : 'some'
}

/** The best coverage any pattern of the list gives the origin. */
export function originCoverage(patterns: readonly string[], origin: string): Coverage {
  let best: Coverage = 'none'
  for (const pattern of patterns) {
    const coverage = patternCoverage(pattern, origin)
    if (coverage === 'all') return 'all'
    if (coverage === 'some') best = 'some'
  }
  return best
}

/** The pattern that allows every page of one web origin, or null for what is not one. */
export function originPattern(origin: string): string | null {
  return /^https?:\/\/[^/]+$/.test(origin) ? `${origin}/*` : null
}
