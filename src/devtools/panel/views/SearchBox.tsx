/**
 * The panel's one search box: a block number or hash, a transaction hash or an address opens its
 * detail; anything else, or what the chain does not hold, opens a "nothing found" pane that says why.
 */
import { useState } from 'preact/hooks'
import { useServices } from '../context.js'
import { resolveSearch } from '../lib/explore.js'

export function SearchBox() {
  const { connection, store } = useServices()
  const [query, setQuery] = useState('')
  const [searching, setSearching] = useState(false)

  async function search() {
    setSearching(true)
    try {
      store.explore(await resolveSearch(query, (method, params) => connection.rpc(method, params)))
    } catch (error) {
      store.explore({
        kind: 'notFound',
        query,
        reason: `the node could not answer: ${error instanceof Error ? error.message : String(error)}`,
      })
    } finally {
      setSearching(false)
    }
  }

  return (
    <form
      class="search"
      aria-label="Search"
      onSubmit={(e) => {
        e.preventDefault()
        void search()
      }}
    >
      <input
        type="search"
        class="mono"
        aria-label="Search block, transaction or address"
        placeholder="block, tx hash or address"
        data-testid="search-input"
        size={34}
        value={query}
        onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit" data-testid="search-go" disabled={searching}>
        Search
      </button>
    </form>
  )
}
