import { describe, expect, test } from 'vitest'
import { objectMemo } from './objectMemo.js'

describe('objectMemo', () => {
  test('answers what was set on the same object, and nothing for another', () => {
    const memo = objectMemo<{ n: number }, string>('label')
    const a = { n: 1 }
    expect(memo.get(a)).toBeUndefined()
    memo.set(a, 'one')
    memo.set(a, 'uno')
    expect(memo.get(a)).toBe('uno')
    expect(memo.get({ n: 1 })).toBeUndefined()
  })

  test('two memos with the same name keep their own values', () => {
    const first = objectMemo<object, number>('same')
    const second = objectMemo<object, number>('same')
    const o = {}
    first.set(o, 1)
    second.set(o, 2)
    expect([first.get(o), second.get(o)]).toEqual([1, 2])
  })

  test('the memo is invisible to keys, spread, JSON, structured clone and deep equality', () => {
    const memo = objectMemo<{ n: number }, number[]>('hidden')
    const o = { n: 1 }
    memo.set(o, [1, 2, 3])
    expect(Object.keys(o)).toEqual(['n'])
    expect(JSON.stringify(o)).toBe('{"n":1}')
    expect(memo.get({ ...o })).toBeUndefined()
    expect(memo.get(structuredClone(o))).toBeUndefined()
    expect(o).toStrictEqual({ n: 1 })
  })
})
