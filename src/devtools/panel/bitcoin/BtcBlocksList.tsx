/** The Bitcoin chain newest first, loaded page by page as rows scroll into view; a row opens its block. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { VirtualList } from '../components/VirtualList.js'
import { age, dateTime, shortHash } from '../lib/format.js'
import { blockCount } from './btcStore.js'
import { useBtc, useBtcData } from './context.js'

/** How long the list's range must stay put before its rows load (a fast scroll loads nothing). */
const SETTLE_MS = 60

/**
 * Recent blocks by age; older ones by date and time (a simulated chain's clock may sit years
 * back, where a day alone would show the same for every block).
 */
function blockTime(seconds: number, nowMs: number): string {
  return nowMs / 1000 - seconds < 86_400 ? age(seconds, nowMs) : dateTime(seconds).replace(' UTC', '')
}

export function BtcBlocksList() {
  const data = useBtcData()
  const { store, controller } = useBtc()
  const [selected, setSelected] = useState(-1)
  const best = data.info?.blocks ?? -1
  const heightAt = (index: number) => best - index
  const now = Date.now()
  const pendingLoad = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const firstRange = useRef(true)
  const shown = useRef<{ first: number; last: number } | null>(null)
  useEffect(() => () => clearTimeout(pendingLoad.current), [])

  const loadRange = (first: number, last: number) => {
    const heights: number[] = []
    for (let i = first; i <= last; i++) heights.push(heightAt(i))
    void controller.ensureBlocks(heights).catch(() => undefined)
  }
  // A dropped cache (a revert, a reset) or a new tip refills the rows in view.
  useEffect(() => {
    if (shown.current) loadRange(shown.current.first, shown.current.last)
  }, [best, data.blocksVersion])

  return (
    <VirtualList
      label="btc-blocks"
      count={blockCount(data)}
      selected={selected}
      onSelect={setSelected}
      onOpen={(i) => {
        const block = store.blocks.get(heightAt(i))
        if (block) store.open({ kind: 'block', hash: block.hash })
      }}
      onRange={(first, last) => {
        clearTimeout(pendingLoad.current)
        shown.current = { first, last }
        const load = () => loadRange(first, last)
        if (firstRange.current) load()
        else pendingLoad.current = setTimeout(load, SETTLE_MS)
        firstRange.current = false
      }}
      header={
        <>
          <span class="c-num">Height</span>
          <span class="c-hash">Hash</span>
          <span class="btc-c-time">Time</span>
          <span class="c-num">Txs</span>
        </>
      }
      renderRow={(i) => {
        const height = heightAt(i)
        const b = store.blocks.get(height)
        return (
          <>
            <span class="c-num" data-testid="btc-block-height">
              {height}
            </span>
            <span class="c-hash mono" title={b?.hash}>
              {b ? shortHash(b.hash, 8) : '…'}
            </span>
            <span class="btc-c-time" title={b ? dateTime(b.time) : ''}>
              {b ? blockTime(b.time, now) : ''}
            </span>
            <span class="c-num" data-testid="btc-block-txs">
              {b?.nTx ?? ''}
            </span>
          </>
        )
      }}
    />
  )
}
