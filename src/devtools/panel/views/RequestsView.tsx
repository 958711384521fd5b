/** Every page request: metrics header, filters, search, detail, replay, copy, export/import, clear. */
import { useMemo, useState } from 'preact/hooks'
import { VirtualList } from '../components/VirtualList.js'
import { useAction, usePanelData, useServices } from '../context.js'
import { copyText, download, json } from '../lib/format.js'
import {
  exportRequests,
  filterRequests,
  importRequests,
  type RequestFilter,
  requestMetrics,
  toCurl,
} from '../lib/requests.js'
import { requestCount } from '../store.js'

export function RequestsView() {
  const { requests } = usePanelData()
  const { connection, store } = useServices()
  const act = useAction()
  const [filter, setFilter] = useState<RequestFilter>({})
  const [selected, setSelected] = useState(-1)
  const [open, setOpen] = useState<number | null>(null)
  const [replayed, setReplayed] = useState<unknown>(undefined)

  // Newest first.
  const shown = useMemo(() => filterRequests(requests, filter).slice().reverse(), [requests, filter])
  const metrics = useMemo(() => requestMetrics(requests), [requests])
  const methods = useMemo(() => [...new Set(requests.map((r) => r.method))].sort(), [requests])
  const origins = useMemo(() => [...new Set(requests.map((r) => r.origin))].sort(), [requests])
  const entry = open === null ? undefined : shown[open]

  async function importFile(file: File) {
    await act('Import requests', async () => store.addRequests(importRequests(await file.text())))
  }

  return (
    <div class="requests">
      <div class="metrics" data-testid="request-metrics">
        <span>
          <b data-testid="metric-total">{requestCount({ requests })}</b> requests
        </span>
        <span>
          <b>{(metrics.successRate * 100).toFixed(1)}%</b> success
        </span>
        <span>
          p50 <b>{metrics.p50Ms.toFixed(1)} ms</b>
        </span>
      </div>
      <div class="toolbar">
        <select
          aria-label="Method"
          value={filter.method ?? ''}
          onChange={(e) =>
            setFilter({ ...filter, method: (e.currentTarget as HTMLSelectElement).value || undefined })
          }
        >
          <option value="">all methods</option>
          {methods.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <select
          aria-label="Origin"
          value={filter.origin ?? ''}
          onChange={(e) =>
            setFilter({ ...filter, origin: (e.currentTarget as HTMLSelectElement).value || undefined })
          }
        >
          <option value="">all origins</option>
          {origins.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
        <label>
          <input
            type="checkbox"
            checked={!!filter.errorsOnly}
            onChange={(e) =>
              setFilter({ ...filter, errorsOnly: (e.currentTarget as HTMLInputElement).checked })
            }
          />{' '}
          errors only
        </label>
        <input
          type="search"
          placeholder="Search"
          aria-label="Search requests"
          value={filter.search ?? ''}
          onInput={(e) => setFilter({ ...filter, search: (e.currentTarget as HTMLInputElement).value })}
        />
        <button type="button" onClick={() => download('rsk-devnode-requests.json', exportRequests(requests))}>
          Export
        </button>
        <label class="button">
          Import
          <input
            type="file"
            accept="application/json"
            hidden
            onChange={(e) => {
              const file = (e.currentTarget as HTMLInputElement).files?.[0]
              if (file) void importFile(file)
            }}
          />
        </label>
        <button
          type="button"
          onClick={() =>
            void act('Clear requests', async () => {
              await connection.request({ kind: 'clearLog' })
              store.set({ requests: [] })
              setOpen(null)
            })
          }
        >
          Clear
        </button>
      </div>
      <div class="split">
        <VirtualList
          label="requests"
          count={shown.length}
          selected={selected}
          onSelect={setSelected}
          onOpen={(i) => {
            setOpen(i)
            setReplayed(undefined)
          }}
          header={
            <>
              <span class="c-age">Time</span>
              <span class="c-hash">Origin</span>
              <span class="c-method">Method</span>
              <span class="c-num">ms</span>
              <span class="c-age">Result</span>
            </>
          }
          renderRow={(i) => {
            const r = shown[i]!
            return (
              <>
                <span class="c-age">{new Date(r.time).toLocaleTimeString()}</span>
                <span class="c-hash">{r.origin}</span>
                <span class="c-method" data-testid="request-method">
                  {r.method}
                </span>
                <span class="c-num">{r.durationMs.toFixed(1)}</span>
                <span class={r.error ? 'c-age error' : 'c-age'}>
                  {r.error ? `error ${r.error.code}` : 'ok'}
                </span>
              </>
            )
          }}
        />
        {entry && (
          <section class="detail" data-testid="request-detail">
            <header>
              <h2>{entry.method}</h2>
              <button type="button" onClick={() => setOpen(null)} aria-label="Close">
                ×
              </button>
            </header>
            <p>
              {entry.origin} · {entry.network} · {new Date(entry.time).toISOString()} ·{' '}
              {entry.durationMs.toFixed(2)} ms
            </p>
            <div class="toolbar">
              <button
                type="button"
                onClick={() =>
                  void act('Replay', async () =>
                    setReplayed(
                      await connection
                        .rpc(entry.method, (entry.params as unknown[]) ?? [])
                        .catch((e: Error) => ({ error: e.message })),
                    ),
                  )
                }
              >
                Replay
              </button>
              <button type="button" onClick={() => void copyText(toCurl(entry))}>
                Copy as curl
              </button>
              <button type="button" onClick={() => void copyText(json(entry))}>
                Copy as JSON
              </button>
            </div>
            <pre>{json(entry)}</pre>
            {replayed !== undefined && (
              <>
                <h3>Replayed</h3>
                <pre data-testid="replay-result">{json(replayed)}</pre>
              </>
            )}
          </section>
        )}
      </div>
    </div>
  )
}
