/**
 * An app's settings: networks and details, the chain-changing-methods switch, the allow list,
 * JWT keys, quotas, key regeneration and deletion. Each change is saved at once and takes effect
 * on the app's next request.
 */
import { useEffect, useState } from 'preact/hooks'
import { type AppDetail, api, type NetworkName } from '../api.js'
import { NETWORK_LABELS, USE_CASE_LABELS } from '../lib/format.js'

interface Props {
  detail: AppDetail
  onChange(detail: AppDetail): void
}

/** Runs a change, shows its error (or a short confirmation) next to the section. */
function useChange(onChange: (detail: AppDetail) => void) {
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const run = async (what: string, method: string, path: string, body?: unknown) => {
    setProblem(null)
    setSaved(null)
    try {
      onChange(await api<AppDetail>(method, path, body))
      setSaved(what)
      return true
    } catch (error) {
      setProblem((error as Error).message)
      return false
    }
  }
  return { problem, saved, run }
}

export function SettingsTab({ detail, onChange }: Props) {
  const { problem, saved, run } = useChange(onChange)
  const { app } = detail
  const base = `apps/${app.id}`
  return (
    <div class="settings">
      {problem && (
        <p class="error banner" data-testid="settings-error">
          {problem}
        </p>
      )}
      {saved && (
        <p class="saved banner" data-testid="settings-saved">
          {saved}: saved.
        </p>
      )}
      <Details detail={detail} run={(body) => run('Details', 'PATCH', base, body)} />
      <ChainMethodsSwitch
        allowed={app.chainMethods}
        summary={detail.chainMethodsSummary}
        onToggle={(chainMethods) => run('Chain-changing methods', 'PATCH', base, { chainMethods })}
      />
      <AllowList detail={detail} run={(body) => run('Allow list', 'PUT', `${base}/allow-list`, body)} />
      <JwtKeys
        detail={detail}
        add={(body) => run('JWT key', 'POST', `${base}/jwt-keys`, body)}
        remove={(name) => run('JWT key', 'DELETE', `${base}/jwt-keys/${encodeURIComponent(name)}`)}
      />
      <Quota detail={detail} run={(body) => run('Quota', 'PUT', `${base}/quota`, body)} />
      <Danger detail={detail} regenerate={() => run('API key', 'POST', `${base}/regenerate-key`)} />
    </div>
  )
}

type Run = (body: unknown) => Promise<boolean>

/** Shows the new position at once (the save follows); back to the stored one if the save fails. */
function ChainMethodsSwitch(props: {
  allowed: boolean
  summary: string
  onToggle(on: boolean): Promise<boolean>
}) {
  const [on, setOn] = useState(props.allowed)
  useEffect(() => setOn(props.allowed), [props.allowed])
  return (
    <section class="setting">
      <h2>Chain-changing methods</h2>
      <label class="switch">
        <input
          type="checkbox"
          data-testid="chain-methods"
          checked={on}
          onChange={(e) => {
            const next = e.currentTarget.checked
            setOn(next)
            void props.onToggle(next).then((ok) => ok || setOn(!next))
          }}
        />
        <span>{on ? 'Allowed' : 'Refused'}</span>
      </label>
      <p class="muted">
        {props.summary}: they change the chain every app of this server shares (time, mining, balances,
        snapshots, node-held keys). When refused, a call gets JSON-RPC error -32059 naming this setting.
      </p>
    </section>
  )
}

function Details({ detail, run }: { detail: AppDetail; run: Run }) {
  const { app } = detail
  const [description, setDescription] = useState(app.description)
  const [useCase, setUseCase] = useState(app.useCase)
  const [networks, setNetworks] = useState<NetworkName[]>(app.networks)
  return (
    <section class="setting">
      <h2>Networks and details</h2>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault()
          void run({ description, useCase, networks })
        }}
      >
        <div class="inline-list">
          {detail.networks.map((choice) => (
            <label class="inline" key={choice.name}>
              <input
                type="checkbox"
                data-testid={`settings-network-${choice.name}`}
                checked={networks.includes(choice.name)}
                onChange={() =>
                  setNetworks((current) =>
                    current.includes(choice.name)
                      ? current.filter((other) => other !== choice.name)
                      : [...current, choice.name],
                  )
                }
              />
              {NETWORK_LABELS[choice.name]}
            </label>
          ))}
        </div>
        <label>
          Description
          <input value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        </label>
        <label>
          Use case
          <select value={useCase} onChange={(e) => setUseCase(e.currentTarget.value)}>
            {detail.useCases.map((value) => (
              <option key={value} value={value}>
                {USE_CASE_LABELS[value] ?? value}
              </option>
            ))}
          </select>
        </label>
        <div>
          <button type="submit" data-testid="save-details">
            Save
          </button>
        </div>
      </form>
    </section>
  )
}

function ListEditor(props: {
  title: string
  entries: string[]
  placeholder: string
  testid: string
  any: string
  onSave(entries: string[]): Promise<boolean>
}) {
  const [draft, setDraft] = useState('')
  return (
    <div class="list-editor" data-testid={props.testid}>
      <h3>{props.title}</h3>
      <ul>
        {props.entries.length === 0 && <li class="muted">{props.any}</li>}
        {props.entries.map((entry) => (
          <li key={entry}>
            <span class="mono">{entry}</span>
            <button
              type="button"
              aria-label={`Remove ${entry}`}
              onClick={() => void props.onSave(props.entries.filter((other) => other !== entry))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        class="add-row"
        onSubmit={(e) => {
          e.preventDefault()
          if (draft.trim() === '') return
          void props.onSave([...props.entries, draft.trim()]).then((ok) => ok && setDraft(''))
        }}
      >
        <input
          class="mono"
          data-testid={`${props.testid}-input`}
          placeholder={props.placeholder}
          value={draft}
          onInput={(e) => setDraft(e.currentTarget.value)}
        />
        <button type="submit" data-testid={`${props.testid}-add`}>
          Add
        </button>
      </form>
    </div>
  )
}

function AllowList({ detail, run }: { detail: AppDetail; run: Run }) {
  const { origins, ips } = detail.app.allowList
  return (
    <section class="setting">
      <h2>Allow list</h2>
      <p class="muted">
        With origins listed, only pages from those origins (and no request without an Origin) are served; with
        IPs, only those addresses. Empty means any.
      </p>
      <div class="columns">
        <ListEditor
          title="Origins"
          testid="allow-origins"
          entries={origins}
          any="Any origin"
          placeholder="https://app.example or https://*.example"
          onSave={(next) => run({ origins: next, ips })}
        />
        <ListEditor
          title="IP addresses"
          testid="allow-ips"
          entries={ips}
          any="Any IP"
          placeholder="203.0.113.7 or 10.0.0.0/8"
          onSave={(next) => run({ origins, ips: next })}
        />
      </div>
    </section>
  )
}

function JwtKeys(props: { detail: AppDetail; add: Run; remove(name: string): Promise<boolean> }) {
  const [name, setName] = useState('')
  const [pem, setPem] = useState('')
  const keys = props.detail.app.jwtKeys
  return (
    <section class="setting">
      <h2>JWT keys</h2>
      <p class="muted">
        With a key, every request needs <code>Authorization: Bearer &lt;JWT&gt;</code> signed by one of them
        (with an <code>exp</code>; a <code>kid</code> picks the key by name).
      </p>
      <ul class="plain" data-testid="jwt-keys">
        {keys.length === 0 && <li class="muted">No keys: no JWT needed.</li>}
        {keys.map((key) => (
          <li key={key.name} data-testid="jwt-key" data-name={key.name}>
            <span>
              <strong>{key.name}</strong> <span class="muted">{key.algorithm}</span>
            </span>
            <button
              type="button"
              aria-label={`Remove ${key.name}`}
              onClick={() => void props.remove(key.name)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault()
          void props.add({ name, publicKeyPem: pem }).then((ok) => {
            if (ok) {
              setName('')
              setPem('')
            }
          })
        }}
      >
        <label>
          Key name
          <input data-testid="jwt-name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Public key (PEM)
          <textarea
            class="mono"
            rows={4}
            data-testid="jwt-pem"
            placeholder="-----BEGIN PUBLIC KEY-----"
            value={pem}
            onInput={(e) => setPem(e.currentTarget.value)}
          />
        </label>
        <div>
          <button type="submit" data-testid="jwt-add">
            Add key
          </button>
        </div>
      </form>
    </section>
  )
}

function Quota({ detail, run }: { detail: AppDetail; run: Run }) {
  const { quota } = detail.app
  const [daily, setDaily] = useState(quota.daily === undefined ? '' : String(quota.daily))
  const [monthly, setMonthly] = useState(quota.monthly === undefined ? '' : String(quota.monthly))
  const number = (value: string) => (value.trim() === '' ? null : Number(value))
  const usage = detail.metrics.usage
  return (
    <section class="setting">
      <h2>Quota</h2>
      <p class="muted">
        Requests per UTC day and month (each call of a batch counts); empty means unlimited. Used today:{' '}
        {usage.dayCount}, this month: {usage.monthCount}.
      </p>
      <form
        class="add-row"
        onSubmit={(e) => {
          e.preventDefault()
          void run({ daily: number(daily), monthly: number(monthly) })
        }}
      >
        <label class="inline">
          Daily
          <input
            type="number"
            min={0}
            data-testid="quota-daily"
            value={daily}
            onInput={(e) => setDaily(e.currentTarget.value)}
          />
        </label>
        <label class="inline">
          Monthly
          <input
            type="number"
            min={0}
            data-testid="quota-monthly"
            value={monthly}
            onInput={(e) => setMonthly(e.currentTarget.value)}
          />
        </label>
        <button type="submit" data-testid="quota-save">
          Save quota
        </button>
      </form>
    </section>
  )
}

function Danger({ detail, regenerate }: { detail: AppDetail; regenerate(): Promise<boolean> }) {
  const [confirmRegenerate, setConfirmRegenerate] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const { app } = detail
  return (
    <section class="setting danger">
      <h2>Key and deletion</h2>
      <div class="danger-row">
        <div>
          <strong>Regenerate the API key</strong>
          <p class="muted">Every address gets the new key; the old key stops working at once.</p>
        </div>
        {confirmRegenerate ? (
          <span class="confirm">
            <button
              type="button"
              class="warn"
              data-testid="regenerate-confirm"
              onClick={() => void regenerate().then(() => setConfirmRegenerate(false))}
            >
              Yes, regenerate
            </button>
            <button type="button" onClick={() => setConfirmRegenerate(false)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" data-testid="regenerate" onClick={() => setConfirmRegenerate(true)}>
            Regenerate key
          </button>
        )}
      </div>
      <div class="danger-row">
        <div>
          <strong>Delete the app</strong>
          <p class="muted">Its key stops working and its metrics are dropped. This cannot be undone.</p>
        </div>
        {confirmDelete ? (
          <form
            class="confirm"
            onSubmit={(e) => {
              e.preventDefault()
              void api('DELETE', `apps/${app.id}`).then(
                () => {
                  location.hash = '#/'
                },
                (error: Error) => setProblem(error.message),
              )
            }}
          >
            <input
              data-testid="delete-name"
              placeholder={`Type ${app.name} to confirm`}
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
            />
            <button type="submit" class="warn" data-testid="delete-confirm" disabled={typed !== app.name}>
              Delete forever
            </button>
            <button type="button" onClick={() => setConfirmDelete(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <button type="button" class="warn" data-testid="delete" onClick={() => setConfirmDelete(true)}>
            Delete app
          </button>
        )}
      </div>
      {problem && <p class="error">{problem}</p>}
    </section>
  )
}
