/**
 * Create an app: name (required, unique), description, use case, and networks picked by
 * searching among mainnet, testnet and regtest. The key and addresses are shown at once.
 */
import { useEffect, useState } from 'preact/hooks'
import { type AppDetail, type AppList, api, type NetworkChoice, type NetworkName } from '../api.js'
import { CopyButton } from '../components/CopyButton.js'
import { NETWORK_LABELS, USE_CASE_LABELS } from '../lib/format.js'
import { AddressList } from './NetworksTab.js'

export function CreateApp() {
  const [choices, setChoices] = useState<{ useCases: string[]; networks: NetworkChoice[] } | null>(null)
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [useCase, setUseCase] = useState('defi')
  const [search, setSearch] = useState('')
  const [networks, setNetworks] = useState<NetworkName[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [created, setCreated] = useState<AppDetail | null>(null)
  useEffect(() => {
    void api<AppList>('GET', 'apps').then(setChoices, (error: Error) => setProblem(error.message))
  }, [])

  if (created) {
    return (
      <section class="card" data-testid="created">
        <h1>App “{created.app.name}” created</h1>
        <p>Its API key is the last part of each RPC address. Keep it like a password.</p>
        <div class="key-line">
          <span class="muted">API key</span>
          <code class="mono" data-testid="api-key">
            {created.app.apiKey}
          </code>
          <CopyButton text={created.app.apiKey} />
        </div>
        <AddressList detail={created} />
        <p>
          <a class="button primary" href={`#/apps/${created.app.id}/networks`} data-testid="open-app">
            Open the app
          </a>{' '}
          <a class="button" href="#/">
            All apps
          </a>
        </p>
      </section>
    )
  }

  const needle = search.trim().toLowerCase()
  const matches = (choices?.networks ?? []).filter(
    (choice) =>
      needle === '' ||
      choice.name.includes(needle) ||
      NETWORK_LABELS[choice.name]!.toLowerCase().includes(needle) ||
      String(choice.chainId).includes(needle),
  )
  const toggle = (network: NetworkName) =>
    setNetworks((current) =>
      current.includes(network) ? current.filter((other) => other !== network) : [...current, network],
    )

  return (
    <section class="card" aria-label="Create app">
      <h1>Create app</h1>
      <form
        class="form"
        onSubmit={(event) => {
          event.preventDefault()
          setProblem(null)
          if (name.trim() === '') return setProblem('The app needs a name.')
          if (networks.length === 0) return setProblem('Choose at least one network.')
          void api<AppDetail>('POST', 'apps', { name, description, useCase, networks }).then(
            setCreated,
            (error: Error) => setProblem(error.message),
          )
        }}
      >
        <label>
          <span>
            Name <span class="error">*</span>
          </span>
          <input
            data-testid="app-name"
            required
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            placeholder="My dApp"
          />
        </label>
        <label>
          Description
          <textarea
            data-testid="app-description"
            rows={2}
            value={description}
            onInput={(e) => setDescription(e.currentTarget.value)}
          />
        </label>
        <label>
          Use case
          <select
            data-testid="app-use-case"
            value={useCase}
            onChange={(e) => setUseCase(e.currentTarget.value)}
          >
            {(choices?.useCases ?? ['defi']).map((value) => (
              <option key={value} value={value}>
                {USE_CASE_LABELS[value] ?? value}
              </option>
            ))}
          </select>
        </label>
        <fieldset class="network-picker">
          <legend>Networks</legend>
          <div class="chips" data-testid="chosen-networks">
            {networks.length === 0 && <span class="muted">None chosen yet</span>}
            {networks.map((network) => (
              <button
                type="button"
                key={network}
                class={`chip net-${network}`}
                onClick={() => toggle(network)}
              >
                {network} ×
              </button>
            ))}
          </div>
          <input
            type="search"
            data-testid="network-search"
            placeholder="Search networks: mainnet, testnet, regtest, 31…"
            value={search}
            onInput={(e) => setSearch(e.currentTarget.value)}
          />
          <ul class="network-options">
            {matches.map((choice) => (
              <li key={choice.name}>
                <label class="inline">
                  <input
                    type="checkbox"
                    data-testid={`network-${choice.name}`}
                    checked={networks.includes(choice.name)}
                    onChange={() => toggle(choice.name)}
                  />
                  <strong>{NETWORK_LABELS[choice.name]}</strong>
                  <span class="muted">
                    {choice.name} · chain id {choice.chainId}
                  </span>
                </label>
              </li>
            ))}
            {matches.length === 0 && <li class="muted">No network matches “{search}”.</li>}
          </ul>
        </fieldset>
        {problem && (
          <p class="error" data-testid="form-error">
            {problem}
          </p>
        )}
        <div>
          <button type="submit" class="primary" data-testid="create-submit">
            Create app
          </button>{' '}
          <a class="button" href="#/">
            Cancel
          </a>
        </div>
      </form>
    </section>
  )
}
