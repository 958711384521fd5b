/**
 * A block's or transaction's fields as an explorer shows them (decimal with units, dates): the raw
 * value the node sent is on hover, and a click copies it. Hashes and addresses of other blocks,
 * transactions and accounts open their detail instead (their copy button copies them).
 */
import { fieldTarget } from '../lib/explore.js'
import { copyText, displayField } from '../lib/format.js'
import { ExploreLink } from './ExploreLink.js'

export function FieldTable({ fields, testId }: { fields: Record<string, unknown>; testId?: string }) {
  return (
    <table class="fields" data-testid={testId}>
      <tbody>
        {Object.entries(fields).map(([key, value]) => {
          const raw = typeof value === 'string' ? value : JSON.stringify(value)
          const shown = displayField(key, value)
          const target = fieldTarget(key, value)
          return (
            <tr key={key}>
              <th>{key}</th>
              <td class="mono" data-field={key}>
                {target ? (
                  <>
                    <ExploreLink target={target}>{shown}</ExploreLink>
                    <button
                      type="button"
                      class="plain copy"
                      title={`Copy ${raw}`}
                      aria-label={`Copy ${key}`}
                      onClick={() => void copyText(raw)}
                    >
                      copy
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    class="plain"
                    title={shown === raw ? 'Click to copy' : `${raw} (click to copy)`}
                    onClick={() => void copyText(raw)}
                  >
                    {shown}
                  </button>
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
