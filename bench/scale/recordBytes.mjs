// Counts what a store is asked to write, by kind of key (the prefix before the first ':', and
// the next part for state keys), so the bytes per block can be said and what they are made of.

function kindOf(key) {
  const first = key.indexOf(':')
  if (first < 0) return key
  const prefix = key.slice(0, first)
  if (prefix === 'meta' || prefix === 'host')
    return key.slice(0, key.indexOf(':', first + 1) >>> 0 || key.length)
  return prefix
}

/** Wraps a KeyValueStore; `take()` returns the bytes written since the last take, by kind. */
export function countingStore(store) {
  let written = new Map()
  const add = (key, value) => {
    const kind = kindOf(key)
    const entry = written.get(kind) ?? { puts: 0, bytes: 0 }
    entry.puts++
    // Keys are ASCII; a value's bytes as stored.
    entry.bytes += key.length + value.byteLength
    written.set(kind, entry)
  }
  const wrapped = {
    ...store,
    get: (key) => store.get(key),
    put: (key, value) => {
      add(key, value)
      return store.put(key, value)
    },
    delete: (key) => store.delete(key),
    range: (range) => store.range(range),
    batch: (operations) => {
      for (const op of operations) if (op.type === 'put') add(op.key, op.value)
      return store.batch(operations)
    },
    close: () => store.close(),
  }
  if (store.getSync) wrapped.getSync = (key) => store.getSync(key)
  if (store.stage)
    wrapped.stage = (operations) => {
      for (const op of operations) if (op.type === 'put') add(op.key, op.value)
      return store.stage(operations)
    }
  return {
    store: wrapped,
    take() {
      const out = Object.fromEntries([...written].sort((a, b) => b[1].bytes - a[1].bytes))
      written = new Map()
      return out
    },
  }
}

/** Bytes per block of what was written over `blocks` blocks, in all and by kind. */
export function perBlock(written, blocks) {
  const kinds = {}
  let total = 0
  for (const [kind, { puts, bytes }] of Object.entries(written)) {
    total += bytes
    kinds[kind] = { bytes: Math.round(bytes / blocks), puts: Math.round((puts / blocks) * 100) / 100 }
  }
  return { bytes: Math.round(total / blocks), kinds }
}
