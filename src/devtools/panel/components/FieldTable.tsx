/**
 * A block's or transaction's fields as an explorer shows them (decimal with units, dates): the raw
 * value the node sent is on hover, and a click copies it.
 */
import { copyText, displayField } from '../lib/format.js'

export function FieldTable({ fields, testId }: { fields: Record<string, unknown>; testId?: string }) {
  return (
    <table class="fields" data-testid={testId}>
      <tbody>
        {Object.entries(fields).map(([key, value]) => {
          const raw = typeof value === 'string' ? value : JSON.stringify(value)
          const shown = displayField(key, value)
          return (
            <tr key={key}>
              <th>{key}</th>
              <td class="mono" data-field={key}>
                <button
                  type="button"
                  class="plain"
                  title={shown === raw ? 'Click to copy' : `${raw} (click to copy)`}
                  onClick={() => void copyText(raw)}
                >
                  {shown}
                </button>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
