/**
 * The toolbar popup: the network, the two rejection switches, the requests waiting for
 * approval, and the fork control (forkSection.ts). It speaks the panel protocol
 * (src/shared/protocol.ts, src/shared/panelProtocol.ts) over the same Port.
 */

import { browser } from '../../shared/extensionApi.js'
import type { ForkView } from '../../shared/panelProtocol.js'
import {
  type BackgroundToPanel,
  DEVTOOLS_PORT_NAME,
  type PanelState,
  type PanelToBackground,
  type WatchedAssetView,
} from '../../shared/protocol.js'
import { renderApprovalDisplay } from './approvalView.js'
import { setUpForkSection } from './forkSection.js'

const port = browser.runtime.connect({ name: DEVTOOLS_PORT_NAME })
let nextId = 1
const send = (message: Omit<PanelToBackground, 'id'>) => port.postMessage({ ...message, id: nextId++ })
/** Requests whose answer the popup waits for (the fork control's). */
const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
const request = (message: { kind: string; [key: string]: unknown }) =>
  new Promise<unknown>((resolve, reject) => {
    const id = nextId++
    waiting.set(id, { resolve, reject })
    port.postMessage({ ...message, id })
  })

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const network = $<HTMLSelectElement>('network')
const requireApproval = $<HTMLInputElement>('requireApproval')
const rejectNext = $<HTMLInputElement>('rejectNext')
const isMetaMask = $<HTMLInputElement>('isMetaMask')
const approvals = $<HTMLDivElement>('approvals')
const assets = $<HTMLDivElement>('assets')

function renderAssets(list: WatchedAssetView[]): void {
  assets.replaceChildren()
  if (list.length === 0) {
    assets.append(Object.assign(document.createElement('p'), { textContent: 'None.' }))
    return
  }
  const table = document.createElement('table')
  for (const asset of list) {
    const row = table.insertRow()
    row.dataset.asset = asset.address
    const name = asset.symbol ?? asset.type
    const amount =
      asset.balance === null
        ? '(balance unavailable)'
        : asset.type === 'ERC20'
          ? `${asset.formatted ?? asset.balance} ${name}`
          : `${asset.balance} owned`
    for (const text of [
      `${name} (${asset.type}${asset.tokenId !== undefined ? ` #${asset.tokenId}` : ''})`,
      amount,
      asset.address,
    ])
      row.insertCell().textContent = text
  }
  assets.append(table)
}

async function refreshAssets(): Promise<void> {
  try {
    renderAssets((await request({ kind: 'getWatchedAssets' })) as WatchedAssetView[])
  } catch {
    // The next state push tries again.
  }
}

function render(state: PanelState): void {
  network.value = state.network
  requireApproval.checked = state.settings.requireApproval
  rejectNext.checked = state.settings.rejectNext
  isMetaMask.checked = state.settings.isMetaMask !== false
  approvals.replaceChildren()
  if (state.approvals.length === 0)
    approvals.append(Object.assign(document.createElement('p'), { textContent: 'None.' }))
  for (const approval of state.approvals) {
    const box = document.createElement('div')
    box.className = 'approval'
    box.dataset.approvalId = approval.id
    const title = document.createElement('strong')
    title.textContent = `${approval.origin} → ${approval.method}`
    const params = document.createElement('pre')
    params.textContent = JSON.stringify(approval.params, null, 2)
    const decoded = approval.display ? renderApprovalDisplay(approval.display) : null
    const approve = Object.assign(document.createElement('button'), { textContent: 'Approve' })
    approve.dataset.action = 'approve'
    approve.onclick = () =>
      send({ kind: 'resolveApproval', approvalId: approval.id, approved: true } as PanelToBackground)
    const reject = Object.assign(document.createElement('button'), { textContent: 'Reject' })
    reject.dataset.action = 'reject'
    reject.onclick = () =>
      send({ kind: 'resolveApproval', approvalId: approval.id, approved: false } as PanelToBackground)
    if (decoded) {
      // The decoded request first; the raw parameters folded away under it.
      const raw = document.createElement('details')
      raw.append(Object.assign(document.createElement('summary'), { textContent: 'Raw request' }), params)
      box.append(title, decoded, raw, approve, reject)
    } else box.append(title, params, approve, reject)
    approvals.append(box)
  }
}

const forkSection = setUpForkSection(request)

port.onMessage.addListener((received: unknown) => {
  const message = received as BackgroundToPanel // only the background posts on this Port
  const waiter = message.kind === 'reply' ? waiting.get(message.id) : undefined
  if (message.kind === 'reply' && waiter) {
    waiting.delete(message.id)
    if (message.error) waiter.reject(new Error(message.error.message))
    else waiter.resolve(message.result)
    return
  }
  if (message.kind === 'node' && message.event === 'fork' && message.network === network.value)
    forkSection.show(message.data as ForkView | null)
  else if (message.kind === 'state') {
    const switched = message.state.network !== network.value
    render(message.state)
    void refreshAssets()
    // Another network: its own chain, fork or not.
    if (switched) forkSection.refresh()
  } else if (
    message.kind === 'reply' &&
    message.result &&
    typeof message.result === 'object' &&
    'settings' in message.result
  ) {
    render(message.result as PanelState)
  }
})

network.onchange = () => send({ kind: 'setNetwork', network: network.value } as PanelToBackground)
requireApproval.onchange = () =>
  send({ kind: 'setSettings', settings: { requireApproval: requireApproval.checked } } as PanelToBackground)
rejectNext.onchange = () =>
  send({ kind: 'setSettings', settings: { rejectNext: rejectNext.checked } } as PanelToBackground)
isMetaMask.onchange = () =>
  send({ kind: 'setSettings', settings: { isMetaMask: isMetaMask.checked } } as PanelToBackground)
send({ kind: 'getState' } as PanelToBackground)
void refreshAssets()
