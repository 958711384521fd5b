/** Wallet accounts with balance, nonce and code; set a balance; impersonate any address. */
import { useEffect, useState } from 'preact/hooks'
import { AddressLink } from '../components/ExploreLink.js'
import { useAction, usePanelData, useServices } from '../context.js'
import { checksumAddress } from '../lib/checksum.js'
import { formatRbtc } from '../lib/format.js'
import { WatchedAssets } from './WatchedAssets.js'

interface AccountInfo {
  address: string
  balance: string
  nonce: number
  hasCode: boolean
}

export function AccountsView() {
  const { state, head } = usePanelData()
  const { connection } = useServices()
  const act = useAction()
  const [infos, setInfos] = useState<AccountInfo[]>([])
  const [target, setTarget] = useState('')
  const [amount, setAmount] = useState('100')
  const chainId = state ? Number(state.chainId) : undefined
  const addresses = state?.accounts ?? []

  useEffect(() => {
    void Promise.all(
      addresses.map(async (address) => {
        const [balance, nonce, code] = await Promise.all([
          connection.rpc<string>('eth_getBalance', [address, 'latest']),
          connection.rpc<string>('eth_getTransactionCount', [address, 'latest']),
          connection.rpc<string>('eth_getCode', [address, 'latest']),
        ])
        return { address, balance, nonce: Number(nonce), hasCode: code !== '0x' }
      }),
    ).then(setInfos, () => undefined)
  }, [addresses.join(), head])

  return (
    <div class="scroll">
      <div class="toolbar">
        <input
          aria-label="Address"
          placeholder="0x address"
          class="mono"
          value={target}
          onInput={(e) => setTarget((e.currentTarget as HTMLInputElement).value)}
        />
        <input
          aria-label="Balance in RBTC"
          size={8}
          value={amount}
          onInput={(e) => setAmount((e.currentTarget as HTMLInputElement).value)}
        />
        <button
          type="button"
          onClick={() =>
            void act('Set balance', () =>
              connection.rpc('anvil_setBalance', [
                target.toLowerCase(),
                `0x${(BigInt(Math.round(Number(amount) * 1e6)) * 10n ** 12n).toString(16)}`,
              ]),
            )
          }
        >
          Set balance
        </button>
        <button
          type="button"
          onClick={() =>
            void act('Impersonate', () => connection.rpc('anvil_impersonateAccount', [target.toLowerCase()]))
          }
        >
          Impersonate
        </button>
      </div>
      <table class="grid" data-testid="accounts">
        <thead>
          <tr>
            <th>Address (wire)</th>
            <th>EIP-1191 chain 30</th>
            <th>EIP-1191 chain 31</th>
            <th>Balance</th>
            <th>Nonce</th>
            <th>Code</th>
          </tr>
        </thead>
        <tbody>
          {infos.map((a) => (
            <tr key={a.address} data-testid="account-row" class={chainId !== undefined ? '' : 'muted'}>
              <td>
                <AddressLink address={a.address}>{a.address.toLowerCase()}</AddressLink>
              </td>
              <td class="mono">{checksumAddress(a.address, 30)}</td>
              <td class="mono">{checksumAddress(a.address, 31)}</td>
              <td>{formatRbtc(a.balance)}</td>
              <td>{a.nonce}</td>
              <td>{a.hasCode ? 'contract' : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <WatchedAssets />
    </div>
  )
}
