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
    const entry = written.get(kind) ?? { puts: 0, deletes: 0, bytes: 0 }
    if (value === undefined) entry.deletes++
    else {
      entry.puts++
      // Keys are ASCII; a value's bytes as stored.
      entry.bytes += key.length + value.byteLength
    }
    written.set(kind, entry)
  }
  // A delete is a record the store must write too (a tombstone in LevelDB, a request in IndexedDB).
  const addAll = (operations) => {
    for (const op of operations) add(op.key, op.type === 'put' ? op.value : undefined)
  }
  const wrapped = {
    ...store,
    get: (key) => store.get(key),
    put: (key, value) => {
      add(key, value)
      return store.put(key, value)
    },
    delete: (key) => {
      add(key, undefined)
      return store.delete(key)
    },
    range: (range) => store.range(range),
    batch: (operations) => {
      addAll(operations)
      return store.batch(operations)
    },
    close: () => store.close(),
  }
  if (store.getSync) wrapped.getSync = (key) => store.getSync(key)
  if (store.stage)
    wrapped.stage = (operations) => {
      addAll(operations)
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

const perBlockRound = (count, blocks) => Math.round((count / blocks) * 100) / 100

/** Bytes and records (puts and deletes) per block of what was written over `blocks` blocks, in all and by kind. */
export function perBlock(written, blocks) {
  const kinds = {}
  let total = 0
  let records = 0
  for (const [kind, { puts, deletes = 0, bytes }] of Object.entries(written)) {
    total += bytes
    records += puts + deletes
    kinds[kind] = {
      bytes: Math.round(bytes / blocks),
      puts: perBlockRound(puts, blocks),
      deletes: perBlockRound(deletes, blocks),
    }
  }
  return { bytes: Math.round(total / blocks), records: perBlockRound(records, blocks), kinds }
}
