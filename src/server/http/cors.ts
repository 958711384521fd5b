/**
 * CORS per app: an app without an origin allow list answers any page (`*`); an app with one
 * echoes the calling origin, which the guard has already checked is on the list.
 */
import type { OutgoingHttpHeaders } from 'node:http'
import type { AppRuntime } from '../apps/appRegistry.js'

const ANY_ORIGIN: OutgoingHttpHeaders = Object.freeze({ 'access-control-allow-origin': '*' })
/** Shared empty header set: the common no-Origin case allocates nothing. */
export const NO_HEADERS: OutgoingHttpHeaders = Object.freeze({})

export function corsHeaders(runtime: AppRuntime, origin: string | undefined): OutgoingHttpHeaders {
  if (origin === undefined) return NO_HEADERS
  if (runtime.app.allowList.origins.length === 0) return ANY_ORIGIN
  return { 'access-control-allow-origin': origin, vary: 'Origin' }
}

/** Answer to a preflight: POST with JSON and an Authorization header (for JWT apps) may follow. */
export function preflightHeaders(
  cors: OutgoingHttpHeaders,
  requested: string | undefined,
): OutgoingHttpHeaders {
  return {
    ...cors,
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': requested ?? 'Content-Type, Authorization',
    'access-control-max-age': '86400',
    'content-length': '0',
  }
}
