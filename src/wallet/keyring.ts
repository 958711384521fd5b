/**
 * The wallet's keys: the dev accounts funded by every genesis (RSKj's cow keys, then the dev
 * mnemonic's first ten) and keys the developer imports. Imported keys persist in the store.
 */
import { DEV_ACCOUNTS } from '../core/accounts/devAccounts.js'
import type { Address, Hex } from '../core/util/hex.js'
import { InvalidParamsError } from './errors.js'
import { addressOfPrivateKey } from './signer.js'
import type { WalletStore } from './store.js'

export interface KeyringAccount {
  address: Address
  privateKey: Hex
  /** 'dev' for genesis accounts, 'imported' for keys added by the developer. */
  kind: 'dev' | 'imported'
}

const IMPORTED_KEY = 'importedKeys'
const SELECTED_KEY = 'selectedAccount'

export interface Keyring {
  list(): Promise<KeyringAccount[]>
  find(address: string): Promise<KeyringAccount | undefined>
  importKey(privateKey: string): Promise<Address>
  /** The account newly connected sites get; the first dev account unless changed. */
  selected(): Promise<Address>
  select(address: string): Promise<void>
}

export function createKeyring(store: WalletStore): Keyring {
  const dev: KeyringAccount[] = DEV_ACCOUNTS.map((a) => ({
    address: a.address,
    privateKey: a.privateKey,
    kind: 'dev',
  }))

  async function list(): Promise<KeyringAccount[]> {
    const imported = (await store.get<Hex[]>(IMPORTED_KEY)) ?? []
    const extra = imported.map((privateKey) => ({
      address: addressOfPrivateKey(privateKey),
      privateKey,
      kind: 'imported' as const,
    }))
    return [...dev, ...extra.filter((e) => !dev.some((d) => d.address === e.address))]
  }

  async function find(address: string): Promise<KeyringAccount | undefined> {
    const wanted = address.toLowerCase()
    return (await list()).find((a) => a.address === wanted)
  }

  return {
    list,
    find,
    async importKey(privateKey) {
      const normalized = (privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`).toLowerCase() as Hex
      if (!/^0x[0-9a-f]{64}$/.test(normalized))
        throw new InvalidParamsError('A private key is 32 bytes of hex.')
      let address: Address
      try {
        address = addressOfPrivateKey(normalized)
      } catch {
        throw new InvalidParamsError('Not a valid secp256k1 private key.')
      }
      const imported = (await store.get<Hex[]>(IMPORTED_KEY)) ?? []
      if (!imported.includes(normalized)) await store.put(IMPORTED_KEY, [...imported, normalized])
      return address
    },
    async selected() {
      return (await store.get<Address>(SELECTED_KEY)) ?? dev[0]!.address
    },
    async select(address) {
      const account = await find(address)
      if (!account) throw new InvalidParamsError(`Unknown account ${address}.`)
      await store.put(SELECTED_KEY, account.address)
    },
  }
}
