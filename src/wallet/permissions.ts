/**
 * EIP-2255 grants per origin. Only `eth_accounts` exists; its caveat lists the accounts the
 * origin may see, in the `restrictReturnedAccounts` shape MetaMask uses and wagmi reads
 * (`permissions[0].caveats[0].value`). Grants persist until revoked.
 */
import type { Address } from '../core/util/hex.js'
import type { WalletStore } from './store.js'

export interface Eip2255Permission {
  invoker: string
  parentCapability: 'eth_accounts'
  caveats: Array<{ type: 'restrictReturnedAccounts'; value: Address[] }>
  date: number
}

interface Grant {
  accounts: Address[]
  date: number
}

const STORE_KEY = 'permissions'

export interface Permissions {
  accounts(origin: string): Promise<Address[]>
  grant(origin: string, accounts: Address[], date: number): Promise<void>
  revoke(origin: string): Promise<void>
  list(origin: string): Promise<Eip2255Permission[]>
  all(): Promise<Record<string, Address[]>>
}

export function createPermissions(store: WalletStore): Permissions {
  const load = async () => (await store.get<Record<string, Grant>>(STORE_KEY)) ?? {}
  return {
    async accounts(origin) {
      return (await load())[origin]?.accounts ?? []
    },
    async grant(origin, accounts, date) {
      const grants = await load()
      grants[origin] = { accounts, date }
      await store.put(STORE_KEY, grants)
    },
    async revoke(origin) {
      const grants = await load()
      if (!(origin in grants)) return
      delete grants[origin]
      await store.put(STORE_KEY, grants)
    },
    async list(origin) {
      const grant = (await load())[origin]
      if (!grant) return []
      return [
        {
          invoker: origin,
          parentCapability: 'eth_accounts',
          caveats: [{ type: 'restrictReturnedAccounts', value: grant.accounts }],
          date: grant.date,
        },
      ]
    },
    async all() {
      const grants = await load()
      return Object.fromEntries(Object.entries(grants).map(([origin, g]) => [origin, g.accounts]))
    },
  }
}
