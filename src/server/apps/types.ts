/**
 * A provider app as the service specification's "Provider app" section describes it: a name, an
 * optional description, a use case, the networks its node API is activated on, one API key that
 * forms the last path segment of each network's RPC address, and settings (allow list, JWT keys,
 * quotas, whether it may call the methods that change the shared chain).
 */
import type { NetworkName } from '../../core/network/networks.js'

export const USE_CASES = ['defi', 'analytics', 'gaming', 'wallet', 'other'] as const
export type UseCase = (typeof USE_CASES)[number]

export interface JwtKey {
  /** Name given when the key was added; matched against a token's `kid` header when present. */
  name: string
  /** SPKI public key in PEM form. */
  publicKeyPem: string
  /** JWS algorithm the key verifies (RS256, ES256, EdDSA…), derived from the key when added. */
  algorithm: string
  addedAt: string
}

export interface AllowList {
  /** Exact origins (`https://app.example`) or subdomain wildcards (`https://*.example`). Empty: any. */
  origins: string[]
  /** IPv4/IPv6 addresses or CIDR ranges (`10.0.0.0/8`). Empty: any. */
  ips: string[]
}

export interface Quota {
  /** Requests a UTC day; undefined means unlimited. */
  daily?: number
  /** Requests a UTC calendar month; undefined means unlimited. */
  monthly?: number
}

export interface App {
  /** Stable identifier (metrics are keyed by it). */
  id: string
  name: string
  description: string
  useCase: UseCase
  apiKey: string
  createdAt: string
  allowList: AllowList
  jwtKeys: JwtKey[]
  quota: Quota
  /** Networks the app's key is served on; a request to another one is refused. */
  networks: NetworkName[]
  /**
   * Whether the key may call the methods that change the chain every app shares (`evm_*`,
   * `anvil_*`, `hardhat_*`, `personal_*`, mining control). Setting name: `chainMethods`.
   */
  chainMethods: boolean
}

export interface AppsFile {
  version: 1
  apps: App[]
}
