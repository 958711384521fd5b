/**
 * An app's settings compiled for the request path: origin and IP allow lists as constant-time
 * lookups, JWT keys imported once, verified tokens cached until they expire.
 */
import { createPublicKey, type KeyObject } from 'node:crypto'
import { BlockList, isIPv4 } from 'node:net'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import type { App } from './types.js'

export type JwtVerdict = 'ok' | 'missing' | 'invalid'

export interface AppGuard {
  /** True when the app accepts requests from this Origin header (undefined: no header). */
  allowsOrigin(origin: string | undefined): boolean
  /** True when the app accepts requests from this remote address. */
  allowsIp(address: string | undefined): boolean
  /** Whether the app has an IP allow list at all (without one, the address need not be read). */
  readonly restrictsIp: boolean
  /** Whether the app wants a JWT at all. */
  readonly requiresJwt: boolean
  /** Checks an `Authorization` header value against the app's JWT keys. */
  verifyJwt(authorization: string | undefined, nowMs: number): Promise<JwtVerdict>
}

const MAX_CACHED_TOKENS = 1024

export function compileGuard(app: App): AppGuard {
  const exactOrigins = new Set<string>()
  const wildcardOrigins: Array<{ scheme: string; suffix: string }> = []
  for (const origin of app.allowList.origins) {
    const wildcard = /^(https?):\/\/\*\.(.+)$/.exec(origin)
    if (wildcard) wildcardOrigins.push({ scheme: `${wildcard[1]}://`, suffix: `.${wildcard[2]}` })
    else exactOrigins.add(origin)
  }
  const anyOrigin = app.allowList.origins.length === 0

  const ipList = new BlockList()
  for (const entry of app.allowList.ips) {
    const [address, prefix] = entry.split('/') as [string, string | undefined]
    const family = isIPv4(address) ? 'ipv4' : 'ipv6'
    if (prefix === undefined) ipList.addAddress(address, family)
    else ipList.addSubnet(address, Number(prefix), family)
  }
  const anyIp = app.allowList.ips.length === 0

  const keys = app.jwtKeys.map((key) => ({
    name: key.name,
    algorithm: key.algorithm,
    key: createPublicKey(key.publicKeyPem) as KeyObject,
  }))
  /** token → expiry (ms); a token verified once is not re-verified on every request. */
  const verified = new Map<string, number>()

  return {
    allowsOrigin(origin) {
      if (anyOrigin) return true
      // With an origin allow list, a request that names no origin (curl, a backend) is refused:
      // otherwise the list would be bypassed by simply leaving the header out.
      if (origin === undefined) return false
      const normalized = origin.toLowerCase()
      if (exactOrigins.has(normalized)) return true
      return wildcardOrigins.some(
        ({ scheme, suffix }) => normalized.startsWith(scheme) && normalized.endsWith(suffix),
      )
    },
    allowsIp(address) {
      if (anyIp) return true
      if (address === undefined) return false
      const mapped = address.startsWith('::ffff:') ? address.slice(7) : address
      return ipList.check(mapped, isIPv4(mapped) ? 'ipv4' : 'ipv6')
    },
    restrictsIp: !anyIp,
    requiresJwt: keys.length > 0,
    async verifyJwt(authorization, nowMs) {
      if (keys.length === 0) return 'ok'
      const match = authorization === undefined ? null : /^Bearer\s+(\S+)$/i.exec(authorization)
      if (!match) return 'missing'
      const token = match[1]!
      const expiry = verified.get(token)
      if (expiry !== undefined) {
        if (expiry > nowMs) return 'ok'
        verified.delete(token)
        return 'invalid'
      }
      let kid: string | undefined
      try {
        kid = decodeProtectedHeader(token).kid
      } catch {
        return 'invalid'
      }
      const candidates = kid === undefined ? keys : keys.filter((key) => key.name === kid)
      for (const candidate of candidates) {
        try {
          const { payload } = await jwtVerify(token, candidate.key, {
            algorithms: [candidate.algorithm],
            requiredClaims: ['exp'],
            currentDate: new Date(nowMs),
          })
          if (verified.size >= MAX_CACHED_TOKENS) verified.clear()
          verified.set(token, (payload.exp ?? 0) * 1000)
          return 'ok'
        } catch {
          // Try the next key; a token signed by none of them is invalid.
        }
      }
      return 'invalid'
    },
  }
}
