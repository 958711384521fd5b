/** Blocks: the whole chain newest first, loaded row by row as it scrolls into view; a row opens its detail. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { AddressLink } from '../components/ExploreLink.js'
import { VirtualList } from '../components/VirtualList.js'
import { usePanelData, useServices } from '../context.js'
import { age, shortHash } from '../lib/format.js'

/** How long the list's range must stay put before the rows it shows are loaded. */
const SETTLE_MS = 60

export function BlocksView() {
  const data = usePanelData()
  const { store, controller } = useServices()
  const [selected, setSelected] = useState(-1)
  const count = data.head + 1
  const numberAt = (index: number) => data.head - index
  const now = Date.now()
  // Rows that fly past during a fast scroll are not fetched: a range loads once the scroll has
  // settled for SETTLE_MS. The list's first range (the panel opening) loads at once. (Loading any
  // range that comes after a pause at once made a scroll on a loaded machine, whose frames are
  // often over SETTLE_MS apart, load rows in the middle of the scroll.)
  const pendingLoad = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const firstRange = useRef(true)
  useEffect(() => () => clearTimeout(pendingLoad.current), [])

  return (
    <div class="split">
      <VirtualList
        label="blocks"
        count={count}
        selected={selected}
        onSelect={setSelected}
        onOpen={(i) => store.explore({ kind: 'block', id: numberAt(i) })}
        onRange={(first, last) => {
          clearTimeout(pendingLoad.current)
          const load = () => {
            const numbers: number[] = []
            for (let i = first; i <= last; i++) numbers.push(numberAt(i))
            void controller.ensureBlocks(numbers)
          }
          if (firstRange.current) load()
          else pendingLoad.current = setTimeout(load, SETTLE_MS)
          firstRange.current = false
        }}
        header={
          <>
            <span class="c-num">Number</span>
            <span class="c-hash">Hash</span>
            <span class="c-age">Age</span>
            <span class="c-num">Txs</span>
            <span class="c-num">Gas used</span>
            <span class="c-hash">Miner</span>
          </>
        }
        renderRow={(i) => {
          const n = numberAt(i)
          const b = store.blocks.get(n)
          return (
            <>
              <span class="c-num" data-testid="block-number">
                {n}
              </span>
              <span class="c-hash mono">{b ? shortHash(b.hash) : '…'}</span>
              <span class="c-age">{b ? age(b.timestamp, now) : ''}</span>
              <span class="c-num">{b?.transactions ?? ''}</span>
              <span class="c-num">{b ? b.gasUsed.toString() : ''}</span>
              <span class="c-hash">{b ? <AddressLink address={b.miner} /> : ''}</span>
            </>
          )
        }}
      />
    </div>
  )
}
