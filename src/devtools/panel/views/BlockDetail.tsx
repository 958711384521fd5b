/** Every field of one block, its transactions, and the merged-mining proof checked. */
import { useEffect, useState } from 'preact/hooks'
import { useServices } from '../context.js'
import { json } from '../lib/format.js'
import { MergedMiningSection, type RpcBlockFields } from './MergedMiningSection.js'

export function BlockDetail({ number, onClose }: { number: number; onClose(): void }) {
  const { connection } = useServices()
  const [block, setBlock] = useState<(RpcBlockFields & Record<string, unknown>) | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setBlock(null)
    connection
      .rpc<RpcBlockFields & Record<string, unknown>>('eth_getBlockByNumber', [
        `0x${number.toString(16)}`,
        false,
      ])
      .then(setBlock, (e: Error) => setError(e.message))
  }, [number])

  return (
    <section class="detail" data-testid="block-detail" aria-label={`Block ${number}`}>
      <header>
        <h2>Block {number}</h2>
        <button type="button" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {error && <p class="error">{error}</p>}
      {block && (
        <>
          <table class="fields">
            <tbody>
              {Object.entries(block).map(([key, value]) => (
                <tr key={key}>
                  <th>{key}</th>
                  <td class="mono">{typeof value === 'string' ? value : json(value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <MergedMiningSection block={block} />
        </>
      )}
    </section>
  )
}
