/**
 * The toolbar's fork control: fork the selected network from an upstream URL at a block, show
 * where the fork comes from (the URL as the worker redacts it, the block and its hash) and how
 * its state arrives (upstream requests, accounts and slots fetched, cache hits, pushed by the
 * worker), and go back to a plain local chain. The URL typed here is sent to the worker once and
 * cleared; only its redacted form is ever shown.
 */
import { useState } from 'preact/hooks'
import { browser } from '../../../shared/extensionApi.js'
import { hostAccessPattern, type PermissionsApi, requestHostAccess } from '../../../shared/hostAccess.js'
import type { ForkView } from '../../../shared/panelProtocol.js'
import { useAction, usePanelData, useServices } from '../context.js'
import { forkProgressText, shortHash } from '../lib/fork.js'

export function ForkControl() {
  const { node } = usePanelData()
  const { connection, controller } = useServices()
  const act = useAction()
  const [open, setOpen] = useState(false)
  const [url, setUrl] = useState('')
  const [block, setBlock] = useState('')
  const fork = node?.fork

  function startFork() {
    const target = url.trim()
    // Asked here, inside the click, before any await: browsers grant host access only while
    // the user's gesture is handled. A host granted already answers at once, with no prompt.
    // Firefox's DevTools panels have no `permissions` (undefined there): the worker then checks.
    const access = requestHostAccess(target, browser.permissions as PermissionsApi | undefined)
    void act('Fork', async () => {
      if (!(await access)) throw new Error(`access to ${hostAccessPattern(target)} was not granted`)
      const made = await connection.request<ForkView | null>({
        kind: 'setFork',
        url: target,
        ...(block.trim() && { blockNumber: block.trim() }),
      })
      controller.forkChanged(made)
      setUrl('')
      setBlock('')
      setOpen(false)
    })
  }

  function resetToLocal() {
    if (!confirm('Replace the fork with a fresh local chain? Every local block and transaction is lost.'))
      return
    void act('Reset to local chain', async () => {
      await connection.request({ kind: 'resetToLocal' })
      controller.forkChanged(null)
    })
  }

  return (
    <div class={`group fork-control${fork || open ? ' wide' : ''}`} data-testid="fork-control">
      {fork && (
        <>
          <span class="fork-origin" data-testid="fork-origin" title={`fork block hash ${fork.blockHash}`}>
            fork of <span class="mono">{fork.upstream}</span> at block{' '}
            <span class="mono">{fork.blockNumber}</span>{' '}
            <span class="mono muted">{shortHash(fork.blockHash)}</span>
          </span>
          <span class="fork-progress muted" data-testid="fork-progress" aria-live="polite">
            {forkProgressText(fork.progress)}
          </span>
        </>
      )}
      {open ? (
        <form
          class="fork-form"
          onSubmit={(e) => {
            e.preventDefault()
            startFork()
          }}
        >
          <input
            aria-label="Upstream JSON-RPC URL"
            data-testid="fork-url"
            type="url"
            size={36}
            required
            placeholder="https://rpc.testnet.rootstock.io/<API key>"
            value={url}
            onInput={(e) => setUrl((e.currentTarget as HTMLInputElement).value)}
          />
          <input
            aria-label="Fork block number"
            data-testid="fork-block"
            size={9}
            placeholder="latest − 6"
            value={block}
            onInput={(e) => setBlock((e.currentTarget as HTMLInputElement).value)}
          />
          <button type="submit" data-testid="fork-start">
            Fork
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button
          type="button"
          data-testid="fork-open"
          title="Continue a live network (mainnet, testnet or any JSON-RPC node) from one of its blocks"
          onClick={() => setOpen(true)}
        >
          {fork ? 'Move fork…' : 'Fork…'}
        </button>
      )}
      {fork && (
        <button type="button" data-testid="fork-reset" onClick={resetToLocal}>
          Reset to local chain
        </button>
      )}
    </div>
  )
}
