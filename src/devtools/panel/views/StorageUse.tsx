/**
 * Storage use in the status bar (the browser's estimate for the extension: chains, wallet, request
 * log) and the ways to free space: clear the request log, or wipe the selected network's chain.
 * It turns red when a write was refused for want of space (the background's `storageFull` event).
 */
import { useEffect, useState } from 'preact/hooks'
import { useAction, usePanelData, useServices } from '../context.js'
import { describeStorage, estimateStorage, STORAGE_WARN_SHARE, type StorageUse } from '../lib/storage.js'

const REFRESH_MS = 5000

export function StorageUseStatus() {
  const { state } = usePanelData()
  const { connection, store } = useServices()
  const act = useAction()
  const [use, setUse] = useState<StorageUse | null>(null)
  const [full, setFull] = useState(false)
  const [open, setOpen] = useState(false)

  const refresh = () => void estimateStorage().then(setUse, () => setUse(null))

  useEffect(() => {
    refresh()
    const timer = setInterval(refresh, REFRESH_MS)
    connection.onPush((message) => {
      if (message.kind === 'node' && message.event === 'storageFull') {
        setFull(true)
        refresh()
      }
    })
    return () => clearInterval(timer)
  }, [])

  const warn = full || (use !== null && use.quota > 0 && use.usage / use.quota >= STORAGE_WARN_SHARE)
  const network = state?.network

  async function freed(label: string, run: () => Promise<unknown>) {
    const done = await act(label, async () => {
      await run()
      return true
    })
    if (done) {
      setFull(false)
      setOpen(false)
    }
    refresh()
  }

  return (
    <span class="storage-use">
      <button
        type="button"
        class={`plain${warn ? ' error' : ''}`}
        data-testid="storage-use"
        title="IndexedDB and the rest of the extension's storage, as the browser estimates it. Click for ways to free space."
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {full ? 'Storage full: ' : 'Storage: '}
        {use ? describeStorage(use) : 'unknown'}
      </button>
      {open && (
        <span class="storage-actions" data-testid="storage-actions">
          <button
            type="button"
            data-testid="storage-clear-log"
            title="Deletes every logged request (the chains keep everything)"
            onClick={() =>
              void freed('Clear request log', async () => {
                await connection.request({ kind: 'clearLog' })
                store.set({ requests: [] })
              })
            }
          >
            Clear request log
          </button>
          <button
            type="button"
            data-testid="storage-wipe-network"
            disabled={!network}
            title="Deletes this network's chain (blocks, state, pool, snapshots) and starts it again from a new genesis"
            onClick={() => {
              if (!network) return
              if (!confirm(`Delete the ${network} chain and start it again from a new genesis?`)) return
              void freed(`Wipe ${network}`, async () => {
                await connection.request({ kind: 'wipeNetwork', network })
                store.set({ snapshots: [] })
              })
            }}
          >
            Wipe {network ?? 'network'} chain
          </button>
        </span>
      )}
    </span>
  )
}
