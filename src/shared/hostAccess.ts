/**
 * The host permission a fork's upstream needs. The worker reaches the upstream with `fetch`; an
 * extension may do so across origins (without the upstream's CORS headers) only for hosts it has
 * access to. The pattern names the scheme and host without the port: Firefox refuses ports in
 * match patterns, and a pattern without one matches every port (`http://127.0.0.1/*` covers a
 * local node on any port).
 */
export function hostAccessPattern(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  return `${parsed.protocol}//${parsed.hostname}/*`
}

/** The part of `chrome.permissions` (or `browser.permissions`) the fork controls use. */
export interface PermissionsApi {
  request(permissions: { origins: string[] }): Promise<boolean>
}

/**
 * Asks for access to the upstream's host. Must be called straight from a click handler, before
 * any `await`: Firefox grants a request only while the user's gesture is being handled, and
 * Chromium shows its prompt only for one. A host already granted resolves `true` with no prompt.
 * Without the API (Firefox's DevTools panels have none) it resolves `true` and the worker checks.
 */
export function requestHostAccess(url: string, permissions: PermissionsApi | undefined): Promise<boolean> {
  const pattern = hostAccessPattern(url)
  if (!pattern || !permissions?.request) return Promise.resolve(true)
  // A request the browser refuses to show (no gesture, say) is left to the worker's check.
  return permissions.request({ origins: [pattern] }).catch(() => true)
}
