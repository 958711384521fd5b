/**
 * Upstream addresses carry API keys: the service's addresses end in the key
 * (`https://rpc.mainnet.rootstock.io/<key>`), others put it in the query or the user info.
 * Everything the node shows (errors, node info, logs, the panel) names the upstream through
 * `redactUrl`, never the raw address.
 */

const REDACTED = '***'

/** The address with its last path segment, query values and password replaced by `***`. */
export function redactUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return REDACTED
  }
  if (parsed.password) parsed.password = REDACTED
  if (parsed.username && parsed.password === '') parsed.username = REDACTED
  const segments = parsed.pathname.split('/')
  const last = segments.length - 1
  if (segments[last] === '' && last > 1) segments[last - 1] = REDACTED
  else if (segments[last] !== '') segments[last] = REDACTED
  parsed.pathname = segments.join('/')
  const keys: string[] = []
  parsed.searchParams.forEach((_, key) => {
    keys.push(key)
  })
  for (const key of keys) parsed.searchParams.set(key, REDACTED)
  return parsed.toString().replaceAll('%2A%2A%2A', REDACTED)
}
