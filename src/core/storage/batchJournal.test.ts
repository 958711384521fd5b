import { describe, expect, test } from 'vitest'
import {
  JournalLayers,
  joinPacked,
  mergeLayers,
  packOperations,
  standaloneBytes,
  unpackOperations,
} from './batchJournal.js'
import type { KvOperation } from './types.js'

const put = (key: string, ...bytes: number[]): KvOperation => ({
  type: 'put',
  key,
  value: Uint8Array.from(bytes),
})
const del = (key: string): KvOperation => ({ type: 'delete', key })

describe('packOperations / unpackOperations', () => {
  test('round-trips puts, deletes, empty values and non-ASCII keys, in order, across batches', () => {
    const batches = [
      [put('b:1', 1, 2, 3), del('p:ab')],
      [put('é✓', 9), put('empty')],
    ]
    expect(unpackOperations(packOperations(batches))).toEqual(batches.flat())
  })

  test('records packed batch by batch join into the record of all of them', () => {
    const batches = [[put('b:1', 1, 2, 3), del('p:ab')], [put('é✓', 9)], [put('empty')]]
    const joined = joinPacked(batches.map((batch) => packOperations([batch])))
    expect(joined).toEqual(packOperations(batches))
    const single = packOperations([batches[0] as KvOperation[]])
    expect(joinPacked([single])).toBe(single)
  })

  test('standaloneBytes keeps a whole buffer and copies a view out of a larger one', () => {
    const whole = Uint8Array.of(1, 2)
    expect(standaloneBytes(whole)).toBe(whole)
    const view = Uint8Array.of(0, 1, 2, 3).subarray(1, 3)
    const copy = standaloneBytes(view)
    expect([...copy]).toEqual([1, 2])
    expect(copy.buffer.byteLength).toBe(2)
  })

  test('an empty batch packs to a record with no operations', () => {
    expect(unpackOperations(packOperations([[]]))).toEqual([])
  })

  test('rejects a record with an unknown operation type or trailing bytes', () => {
    const packed = packOperations([[put('k', 1)]])
    const badType = packed.slice()
    badType[4] = 7
    expect(() => unpackOperations(badType)).toThrow('unknown operation type 7')
    const trailing = new Uint8Array(packed.length + 1)
    trailing.set(packed)
    expect(() => unpackOperations(trailing)).toThrow('trailing bytes')
  })
})

describe('JournalLayers', () => {
  test('the newest layer decides a key; deletes hide older values; unknown keys are undefined', () => {
    const layers = new JournalLayers(1)
    layers.add([put('a', 1), put('b', 1)])
    layers.add([put('a', 2), del('b')])
    expect(layers.lookup('a')).toEqual(Uint8Array.of(2))
    expect(layers.lookup('b')).toBeNull()
    expect(layers.lookup('c')).toBeUndefined()
  })

  test('a layer added packed answers with views into its record', () => {
    const layers = new JournalLayers(1)
    const operations = [put('a', 1, 2), del('b'), put('c', 3)]
    const packed = packOperations([operations])
    layers.addPacked(packed)
    expect(layers.lookup('a')).toEqual(Uint8Array.of(1, 2))
    expect(layers.lookup('a')?.buffer).toBe(packed.buffer)
    expect(layers.lookup('b')).toBeNull()
    expect(layers.lookup('c')).toEqual(Uint8Array.of(3))
  })

  test('copies values, so a caller mutating its array later changes nothing', () => {
    const layers = new JournalLayers(1)
    const value = Uint8Array.of(1)
    layers.add([{ type: 'put', key: 'k', value }])
    value[0] = 9
    expect(layers.lookup('k')).toEqual(Uint8Array.of(1))
  })

  test('a discarded layer no longer answers, and the older value shows again', () => {
    const layers = new JournalLayers(1)
    layers.add([put('a', 1)])
    const failed = layers.add([put('a', 2)])
    layers.discard(failed)
    expect(layers.lookup('a')).toEqual(Uint8Array.of(1))
  })

  test('only the committed prefix is compacted, merged with the newest value per key', () => {
    const layers = new JournalLayers(5)
    const first = layers.add([put('a', 1), put('b', 1)])
    const second = layers.add([put('a', 2), del('b')])
    const third = layers.add([put('c', 3)])
    first.committed = true
    third.committed = true
    expect(layers.committedPrefix()).toEqual([first])
    second.committed = true
    const prefix = layers.committedPrefix()
    expect(prefix.map((l) => l.seq)).toEqual([5, 6, 7])
    expect([...mergeLayers(prefix)]).toEqual([
      ['a', Uint8Array.of(2)],
      ['b', null],
      ['c', Uint8Array.of(3)],
    ])
    layers.dropCompacted(prefix.slice(0, 2))
    expect(layers.size).toBe(1)
    expect(layers.lookup('a')).toBeUndefined()
  })

  test('inRange returns the newest decision for keys in [gte, lt) only', () => {
    const layers = new JournalLayers(1)
    layers.add([put('a', 1), put('b', 1), put('d', 1)])
    layers.add([del('b'), put('c', 2)])
    expect([...layers.inRange('b', 'd')]).toEqual([
      ['b', null],
      ['c', Uint8Array.of(2)],
    ])
    expect([...layers.inRange(undefined, 'b')].map(([k]) => k)).toEqual(['a'])
  })
})
