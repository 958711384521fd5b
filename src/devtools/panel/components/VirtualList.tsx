/**
 * A fixed-row-height virtualized list: only the rows in view (plus a small buffer) are in the
 * DOM, so 10,000 rows scroll like 30. Arrow keys, Page Up/Down, Home and End move the selection
 * and keep it in view; Enter opens it.
 */
import type { ComponentChildren } from 'preact'
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'

export interface VirtualListProps {
  count: number
  rowHeight?: number
  selected: number
  onSelect(index: number): void
  onOpen?(index: number): void
  /** Called with the first and last rendered index (to load data for them). */
  onRange?(first: number, last: number): void
  renderRow(index: number): ComponentChildren
  header?: ComponentChildren
  label: string
}

const BUFFER = 8

export function VirtualList({
  count,
  rowHeight = 22,
  selected,
  onSelect,
  onOpen,
  onRange,
  renderRow,
  header,
  label,
}: VirtualListProps) {
  const viewport = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(400)

  useLayoutEffect(() => {
    const element = viewport.current
    if (!element) return
    const observer = new ResizeObserver(() => setHeight(element.clientHeight))
    observer.observe(element)
    setHeight(element.clientHeight)
    return () => observer.disconnect()
  }, [])

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - BUFFER)
  const last = Math.min(count - 1, Math.ceil((scrollTop + height) / rowHeight) + BUFFER)

  useEffect(() => {
    if (count > 0) onRange?.(first, last)
  }, [first, last, count])

  function reveal(index: number) {
    const element = viewport.current
    if (!element) return
    const top = index * rowHeight
    if (top < element.scrollTop) element.scrollTop = top
    else if (top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top + rowHeight - element.clientHeight
  }

  function onKeyDown(event: KeyboardEvent) {
    if (count === 0) return
    const page = Math.max(1, Math.floor(height / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: selected + 1,
      ArrowUp: selected - 1,
      PageDown: selected + page,
      PageUp: selected - page,
      Home: 0,
      End: count - 1,
    }
    if (event.key === 'Enter' && selected >= 0) {
      onOpen?.(selected)
      event.preventDefault()
      return
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const index = Math.max(0, Math.min(count - 1, target))
    onSelect(index)
    reveal(index)
  }

  const rows = []
  for (let i = first; i <= last; i++) {
    rows.push(
      // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles keys for all its rows (roving selection).
      <div
        key={i}
        role="option"
        tabIndex={-1}
        aria-selected={i === selected}
        class={i === selected ? 'row selected' : 'row'}
        style={{ top: `${i * rowHeight}px`, height: `${rowHeight}px` }}
        onClick={() => {
          onSelect(i)
          onOpen?.(i)
        }}
      >
        {renderRow(i)}
      </div>,
    )
  }

  return (
    <div class="list">
      {header && <div class="row list-header">{header}</div>}
      <div
        ref={viewport}
        class="viewport"
        role="listbox"
        aria-label={label}
        tabIndex={0}
        data-testid={`list-${label}`}
        onScroll={(e) => setScrollTop((e.currentTarget as HTMLDivElement).scrollTop)}
        onKeyDown={onKeyDown}
      >
        <div class="spacer" style={{ height: `${count * rowHeight}px` }}>
          {rows}
        </div>
      </div>
    </div>
  )
}
