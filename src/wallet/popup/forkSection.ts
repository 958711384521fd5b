/**
 * The popup's fork control, as in the DevTools panel's toolbar (ForkControl.tsx): fork the
 * selected network from an upstream URL at an optional block, see the fork's origin (URL
 * redacted by the worker, block, hash) and its progress, and go back to a local chain. In
 * Firefox, whose DevTools panels have no permissions API, this is where the upstream's host
 * access is asked for.
 */

import { browser } from '../../shared/extensionApi.js'
import { hostAccessPattern, type PermissionsApi, requestHostAccess } from '../../shared/hostAccess.js'
import type { ForkView } from '../../shared/panelProtocol.js'

export type PopupRequest = (message: { kind: string; [key: string]: unknown }) => Promise<unknown>

export function progressText(progress: ForkView['progress']): string {
  return [
    `${progress.upstreamRequests} upstream requests`,
    `${progress.accountsFetched} accounts`,
    `${progress.slotsFetched} slots fetched`,
    `${progress.cacheHits} cache hits`,
    ...(progress.inFlight > 0 ? ['fetching…'] : []),
  ].join(' · ')
}

export function setUpForkSection(request: PopupRequest): {
  show(fork: ForkView | null): void
  refresh(): void
} {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
  const origin = $<HTMLParagraphElement>('forkOrigin')
  const progress = $<HTMLParagraphElement>('forkProgress')
  const form = $<HTMLFormElement>('forkForm')
  const url = $<HTMLInputElement>('forkUrl')
  const block = $<HTMLInputElement>('forkBlock')
  const reset = $<HTMLButtonElement>('forkReset')
  const status = $<HTMLParagraphElement>('forkStatus')

  function show(fork: ForkView | null): void {
    origin.textContent = fork
      ? `Fork of ${fork.upstream} at block ${fork.blockNumber} (${fork.blockHash})`
      : 'A local chain (not a fork).'
    progress.textContent = fork ? progressText(fork.progress) : ''
    reset.hidden = !fork
  }

  async function run(label: string, action: () => Promise<unknown>): Promise<void> {
    status.textContent = `${label}…`
    status.className = ''
    try {
      await action()
      status.textContent = ''
    } catch (error) {
      status.textContent = `${label}: ${error instanceof Error ? error.message : String(error)}`
      status.className = 'error'
    }
  }

  form.onsubmit = (event) => {
    event.preventDefault()
    const target = url.value.trim()
    // Inside the submit handler, before any await: host access is granted only during a gesture.
    // Firefox's DevTools panels have no `permissions` (undefined there): the worker then checks.
    const access = requestHostAccess(target, browser.permissions as PermissionsApi | undefined)
    void run('Fork', async () => {
      if (!(await access)) throw new Error(`access to ${hostAccessPattern(target)} was not granted`)
      const blockNumber = block.value.trim()
      show(
        (await request({
          kind: 'setFork',
          url: target,
          ...(blockNumber && { blockNumber }),
        })) as ForkView | null,
      )
      url.value = ''
      block.value = ''
    })
  }
  reset.onclick = () =>
    void run('Reset to local chain', async () => {
      await request({ kind: 'resetToLocal' })
      show(null)
    })
  const refresh = () =>
    void request({ kind: 'getFork' }).then(
      (fork) => show(fork as ForkView | null),
      () => show(null),
    )
  refresh()
  return { show, refresh }
}
