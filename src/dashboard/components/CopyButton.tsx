/** A button that copies a text and says so for a moment. */
import { useState } from 'preact/hooks'
import { copyText } from '../../devtools/panel/lib/format.js'

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      class="copy"
      data-testid="copy"
      data-copy={text}
      onClick={() =>
        void copyText(text).then(() => {
          setCopied(true)
          setTimeout(() => setCopied(false), 1500)
        })
      }
    >
      {copied ? 'Copied' : label}
    </button>
  )
}
