/** The RPC address of each activated network (both path forms), and snippets with the key filled in. */
import { useState } from 'preact/hooks'
import type { AppDetail } from '../api.js'
import { CopyButton } from '../components/CopyButton.js'
import { NETWORK_LABELS } from '../lib/format.js'
import { SNIPPET_KINDS, type SnippetKind, snippet } from '../lib/snippets.js'

export function AddressList({ detail }: { detail: AppDetail }) {
  return (
    <ul class="addresses">
      {detail.addresses.map((address) => (
        <li key={address.network} data-testid="address" data-network={address.network}>
          <div class="address-head">
            <strong>{NETWORK_LABELS[address.network]}</strong>
            <span class="muted">chain id {address.chainId}</span>
          </div>
          <div class="address-line">
            <code class="mono" data-testid="rpc-url">
              {address.url}
            </code>
            <CopyButton text={address.url} />
          </div>
          <div class="address-line">
            <code class="mono muted" data-testid="rpc-url-v2">
              {address.providerUrl}
            </code>
            <CopyButton text={address.providerUrl} />
          </div>
        </li>
      ))}
    </ul>
  )
}

export function NetworksTab({ detail }: { detail: AppDetail }) {
  const [kind, setKind] = useState<SnippetKind>('curl')
  const [network, setNetwork] = useState(detail.addresses[0]?.network)
  const target = detail.addresses.find((address) => address.network === network) ?? detail.addresses[0]
  return (
    <div>
      <div class="key-line">
        <span class="muted">API key</span>
        <code class="mono" data-testid="api-key">
          {detail.app.apiKey}
        </code>
        <CopyButton text={detail.app.apiKey} />
      </div>
      <h2>RPC addresses</h2>
      <p class="muted">Both forms reach the same node; the second is the one provider SDKs expect.</p>
      <AddressList detail={detail} />
      {target && (
        <>
          <h2>Use it</h2>
          <div class="snippet-controls">
            <div class="segmented" role="tablist" aria-label="Snippet">
              {SNIPPET_KINDS.map((candidate) => (
                <button
                  type="button"
                  key={candidate.kind}
                  role="tab"
                  data-testid={`snippet-${candidate.kind}`}
                  aria-selected={candidate.kind === kind}
                  onClick={() => setKind(candidate.kind)}
                >
                  {candidate.label}
                </button>
              ))}
            </div>
            {detail.addresses.length > 1 && (
              <select
                aria-label="Network"
                value={target.network}
                onChange={(e) => setNetwork(e.currentTarget.value as typeof network)}
              >
                {detail.addresses.map((address) => (
                  <option key={address.network} value={address.network}>
                    {address.network}
                  </option>
                ))}
              </select>
            )}
          </div>
          <div class="snippet">
            <pre class="mono" data-testid="snippet">
              {snippet(kind, target)}
            </pre>
            <CopyButton text={snippet(kind, target)} />
          </div>
        </>
      )}
    </div>
  )
}
