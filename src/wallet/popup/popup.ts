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
} from '../../shared/protocol.js'
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
const approvals = $<HTMLDivElement>('approvals')

function render(state: PanelState): void {
  network.value = state.network
  requireApproval.checked = state.settings.requireApproval
  rejectNext.checked = state.settings.rejectNext
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
    const approve = Object.assign(document.createElement('button'), { textContent: 'Approve' })
    approve.dataset.action = 'approve'
    approve.onclick = () =>
      send({ kind: 'resolveApproval', approvalId: approval.id, approved: true } as PanelToBackground)
    const reject = Object.assign(document.createElement('button'), { textContent: 'Reject' })
    reject.dataset.action = 'reject'
    reject.onclick = () =>
      send({ kind: 'resolveApproval', approvalId: approval.id, approved: false } as PanelToBackground)
    box.append(title, params, approve, reject)
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
send({ kind: 'getState' } as PanelToBackground)
