/**
 * EIP-6963 multi-wallet discovery: announce on load and again on every `eip6963:requestProvider`.
 * wagmi uses `rdns` as the connector id, so it never changes; `uuid` is fresh per page load.
 */
import type { RskDevnodeProvider } from './provider.js'

export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: `data:image/${string}`
  rdns: string
}

/** Rootstock-orange hexagon with a node glyph; 96×96 as the EIP asks. */
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="20" fill="#1b1b1b"/>' +
  '<path d="M48 12 79 30v36L48 84 17 66V30z" fill="#ff9100"/>' +
  '<circle cx="48" cy="48" r="12" fill="#1b1b1b"/><circle cx="48" cy="48" r="5" fill="#ff9100"/></svg>'

export const PROVIDER_NAME = 'RSK Devnode'
export const PROVIDER_RDNS = 'dev.rskdevnode'
export const PROVIDER_ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as const

export function createProviderInfo(uuid: string): Eip6963ProviderInfo {
  return { uuid, name: PROVIDER_NAME, icon: PROVIDER_ICON, rdns: PROVIDER_RDNS }
}

/** Announces now and on every request; returns a function that stops re-announcing. */
export function announceProvider(
  target: Window,
  info: Eip6963ProviderInfo,
  provider: RskDevnodeProvider,
): () => void {
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = () => target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  announce()
  target.addEventListener('eip6963:requestProvider', announce)
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
