/**
 * An approval's decoded request (ApprovalDisplay) as DOM: a summary line and one table per
 * section (domain, message fields, transaction, the calls of a batch). Text only, never HTML.
 */
import type { ApprovalDisplay } from '../../shared/protocol.js'

export function renderApprovalDisplay(display: ApprovalDisplay): HTMLElement {
  const box = document.createElement('div')
  box.className = 'decoded'
  box.dataset.testid = 'approval-decoded'
  const summary = document.createElement('p')
  summary.dataset.testid = 'approval-summary'
  summary.textContent = display.summary
  box.append(summary)
  for (const section of display.sections) {
    const table = document.createElement('table')
    const head = table.createTHead().insertRow()
    const th = document.createElement('th')
    th.colSpan = 2
    th.textContent = section.heading
    head.append(th)
    const body = table.createTBody()
    for (const { label, value } of section.rows) {
      const row = body.insertRow()
      const l = row.insertCell()
      l.className = 'label'
      l.textContent = label
      row.insertCell().textContent = value
    }
    box.append(table)
  }
  return box
}
