import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { KeyValueStore } from '../../core/storage/types.js'
import { openLevelStore } from './levelStore.js'
import { decodeKey, encodeKey } from './orderedKeys.js'

const bytes = (...values: number[]) => Uint8Array.from(values)

let dir: string
let store: KeyValueStore

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'level-store-'))
  store = await openLevelStore({ path: join(dir, 'db') })
})

afterEach(async () => {
  await store.close().catch(() => {})
  await rm(dir, { recursive: true, force: true })
})

describe('KeyValueStore contract on LevelDB', () => {
  test('put then get returns the same bytes as a plain Uint8Array', async () => {
    await store.put('a', bytes(1, 2, 3))
    const value = await store.get('a')
    expect(value).toEqual(bytes(1, 2, 3))
    expect(value?.constructor).toBe(Uint8Array)
  })

  test('get of a missing key is undefined', async () => {
    expect(await store.get('missing')).toBeUndefined()
  })

  test('put overwrites and delete removes', async () => {
    await store.put('k', bytes(1))
    await store.put('k', bytes(2))
    expect(await store.get('k')).toEqual(bytes(2))
    await store.delete('k')
    expect(await store.get('k')).toBeUndefined()
  })

  test('empty values are stored and distinguished from missing keys', async () => {
    await store.put('empty', new Uint8Array(0))
    expect(await store.get('empty')).toEqual(new Uint8Array(0))
  })

  test('range returns keys in order within gte (inclusive) and lt (exclusive)', async () => {
    for (const key of ['b:3', 'a:1', 'b:1', 'b:2', 'c:1']) await store.put(key, bytes(key.charCodeAt(2)))
    const entries = await store.range({ gte: 'b:', lt: 'b;' })
    expect(entries.map(([key]) => key)).toEqual(['b:1', 'b:2', 'b:3'])
    expect(entries[0]![1]).toEqual(bytes('1'.charCodeAt(0)))
    expect((await store.range({ gte: 'b:2', lt: 'c:1' })).map(([key]) => key)).toEqual(['b:2', 'b:3'])
  })

  test('range with reverse and limit gives the newest first, bounded', async () => {
    for (let i = 0; i < 10; i++) await store.put(`n:${i}`, bytes(i))
    const entries = await store.range({ gte: 'n:', lt: 'n;', reverse: true, limit: 3 })
    expect(entries.map(([key]) => key)).toEqual(['n:9', 'n:8', 'n:7'])
  })

  test('range without bounds walks the whole store', async () => {
    await store.put('x', bytes(1))
    await store.put('y', bytes(2))
    expect((await store.range({})).map(([key]) => key)).toEqual(['x', 'y'])
  })

  test('order is UTF-16 code-unit order, also for characters beyond the BMP', async () => {
    // U+FF61 sorts after the surrogate pair of U+1F600 in UTF-16 but before it in UTF-8.
    const keys = ['\uFF61', '\u{1F600}', 'a', '\u00e9', '\u0800']
    for (const key of keys) await store.put(key, bytes(1))
    const expected = [...keys].sort()
    expect((await store.range({})).map(([key]) => key)).toEqual(expected)
    expect(await store.get('\u{1F600}')).toEqual(bytes(1))
  })

  test('batch applies puts and deletes together', async () => {
    await store.put('gone', bytes(9))
    await store.batch([
      { type: 'put', key: 'p1', value: bytes(1) },
      { type: 'put', key: 'p2', value: bytes(2) },
      { type: 'delete', key: 'gone' },
    ])
    expect(await store.get('p1')).toEqual(bytes(1))
    expect(await store.get('p2')).toEqual(bytes(2))
    expect(await store.get('gone')).toBeUndefined()
  })

  test('a batch that fails applies none of its operations', async () => {
    await expect(
      store.batch([
        { type: 'put', key: 'half', value: bytes(1) },
        // A missing value is refused while the batch is prepared, before anything is written.
        { type: 'put', key: 'bad', value: undefined as unknown as Uint8Array },
      ]),
    ).rejects.toThrow()
    expect(await store.get('half')).toBeUndefined()
  })

  test('data survives close and reopen', async () => {
    await store.batch([{ type: 'put', key: 'kept', value: bytes(7) }])
    await store.close()
    store = await openLevelStore({ path: join(dir, 'db') })
    expect(await store.get('kept')).toEqual(bytes(7))
  })
})

describe('key encoding', () => {
  test('round-trips ASCII, BMP and astral keys', () => {
    for (const key of ['', 'block:0x12', '\u00e9t\u00e9', '\uFFFF', '\u{1F600}x', '\uD800']) {
      expect(decodeKey(encodeKey(key))).toBe(key)
    }
  })
})

describe('crash safety', () => {
  test('a process killed while committing batches leaves every batch whole or absent', async () => {
    await store.close()
    const path = join(dir, 'crash')
    const child = spawn(process.execPath, [join(import.meta.dirname, 'crashWriter.fixture.mjs'), path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    // Wait until the writer reports a few committed batches, then kill it mid-stream.
    let committed = 0
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = chunk.toString().trim().split('\n')
        committed = Number(lines[lines.length - 1])
        if (committed >= 20) resolve()
      })
    })
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))

    store = await openLevelStore({ path })
    const head = await store.get('head')
    expect(head).toBeDefined()
    const headNumber = new DataView(head!.buffer, head!.byteOffset).getUint32(0)
    // Every batch the writer acknowledged is there, and the head never points past a whole batch.
    expect(headNumber).toBeGreaterThanOrEqual(committed)
    for (let n = 1; n <= headNumber; n++) {
      const parts = await store.range({ gte: `block:${pad(n)}:`, lt: `block:${pad(n)};` })
      expect(parts.length).toBe(8)
    }
    expect(await store.range({ gte: `block:${pad(headNumber + 1)}:`, lt: 'block;' })).toEqual([])
  })
})

function pad(n: number): string {
  return n.toString().padStart(8, '0')
}
