/**
 * What keeps other web pages away from the dashboard. Any site open in the same browser can send
 * requests to 127.0.0.1, so:
 * - only loopback clients are answered, and only under a loopback Host name (a DNS name rebound
 *   to 127.0.0.1 by a hostile site carries its own Host and is refused);
 * - every API call carries the session token, which is written into the page this server served
 *   and which another origin cannot read;
 * - every change also comes with an Origin header naming this server itself, and no
 *   cross-site Sec-Fetch-Site (and JSON bodies need a CORS preflight this server never grants);
 * - the page itself forbids framing and any script or connection but its own (CSP).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import { isLoopback } from '../http/admin.js'

export const PAGE_HEADERS: OutgoingHttpHeaders = Object.freeze({
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
})

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i

/** The loopback host (with port) the browser used, or undefined for any other Host. */
export function loopbackHost(request: IncomingMessage): string | undefined {
  const host = request.headers.host
  if (!isLoopback(request.socket.remoteAddress) || host === undefined || !LOOPBACK_HOST.test(host)) {
    return undefined
  }
  return host.toLowerCase()
}

export type Verdict = 'ok' | 'token' | 'origin'

/**
 * Checks an API call: the token always; for anything but GET, also that the browser says the call
 * comes from this very origin.
 */
export function checkApiCall(request: IncomingMessage, host: string, token: string): Verdict {
  const sent = request.headers['x-dashboard-token']
  if (typeof sent !== 'string' || !sameSecret(sent, token)) return 'token'
  if (request.method === 'GET') return 'ok'
  if (request.headers.origin !== `http://${host}`) return 'origin'
  const site = request.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin') return 'origin'
  return 'ok'
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
