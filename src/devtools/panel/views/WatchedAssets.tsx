/** The assets pages asked the wallet to watch (wallet_watchAsset), with their balances; removable. */
import { useEffect, useState } from 'preact/hooks'
import type { WatchedAssetView } from '../../../shared/protocol.js'
import { AddressLink } from '../components/ExploreLink.js'
import { useAction, usePanelData, useServices } from '../context.js'

export function WatchedAssets() {
  const { state, head } = usePanelData()
  const { connection } = useServices()
  const act = useAction()
  const [assets, setAssets] = useState<WatchedAssetView[]>([])
  const [version, setVersion] = useState(0)

  useEffect(() => {
    void connection.request<WatchedAssetView[]>({ kind: 'getWatchedAssets' }).then(setAssets, () => undefined)
  }, [state, head, version])

  return (
    <section data-testid="watched-assets">
      <h3>Watched assets</h3>
      {assets.length === 0 ? (
        <p class="muted">None: a page adds one with wallet_watchAsset.</p>
      ) : (
        <table class="grid">
          <thead>
            <tr>
              <th>Asset</th>
              <th>Contract</th>
              <th>Account</th>
              <th>Balance</th>
              <th>Added by</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {assets.map((a) => (
              <tr key={`${a.address}:${a.tokenId ?? ''}:${a.account}`} data-testid="watched-asset-row">
                <td>
                  {a.symbol ?? a.type} ({a.type}
                  {a.tokenId !== undefined ? ` #${a.tokenId}` : ''})
                </td>
                <td>
                  <AddressLink address={a.address}>{a.address}</AddressLink>
                </td>
                <td>
                  <AddressLink address={a.account}>{a.account}</AddressLink>
                </td>
                <td>
                  {a.balance === null
                    ? 'unavailable'
                    : a.type === 'ERC20'
                      ? `${a.formatted ?? a.balance} ${a.symbol ?? ''}`
                      : `${a.balance} owned`}
                </td>
                <td>{a.origin}</td>
                <td>
                  <button
                    type="button"
                    onClick={() =>
                      void act('Remove asset', async () => {
                        await connection.request({
                          kind: 'removeWatchedAsset',
                          address: a.address,
                          account: a.account,
                          ...(a.tokenId !== undefined && { tokenId: a.tokenId }),
                        })
                        setVersion((v) => v + 1)
                      })
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
