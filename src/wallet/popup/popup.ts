/**
 * The toolbar popup: the network, the two rejection switches, and the requests waiting for
 * approval. It speaks the panel protocol (src/shared/protocol.ts) over the same Port.
 */

import { browser } from '../../shared/extensionApi.js'
import {
  type BackgroundToPanel,
  DEVTOOLS_PORT_NAME,
  type PanelState,
  type PanelToBackground,
} from '../../shared/protocol.js'

const port = browser.runtime.connect({ name: DEVTOOLS_PORT_NAME })
let nextId = 1
const send = (message: Omit<PanelToBackground, 'id'>) => port.postMessage({ ...message, id: nextId++ })

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

port.onMessage.addListener((received: unknown) => {
  const message = received as BackgroundToPanel // only the background posts on this Port
  if (message.kind === 'state') render(message.state)
  else if (
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
