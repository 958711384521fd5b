import { describe, expect, it } from 'vitest'
import { verifyRskTrieNodes } from '../../../test/conformance/node/rskTrieVerifier.js'
import { keccak256 } from '../crypto/hash.js'
import { orderedTrieNodes, rskTrieNodes } from './rskTrieProof.js'
import { indexKey, orderedRoot } from './tries.js'

function items(count: number, size: (i: number) => number): Uint8Array[] {
  return Array.from({ length: count }, (_, i) => {
    const seed = keccak256(Uint8Array.of(i & 0xff, i >> 8))
    return Uint8Array.from({ length: size(i) }, (_, j) => seed[j % 32]! ^ j)
  })
}

describe('rskTrieNodes', () => {
  it.each([1, 2, 3, 17, 128, 260])(
    'proves every item of a %i-item ordered trie against its root',
    (count) => {
      // Mixed sizes: short values stay inline (and small leaves embedded), long ones are hashed.
      const list = items(count, (i) => (i % 3 === 0 ? 5 : i % 3 === 1 ? 33 : 200))
      const root = orderedRoot(list)
      for (let i = 0; i < count; i++) {
        const nodes = orderedTrieNodes(list, i)
        expect(nodes, `item ${i}`).toBeDefined()
        expect(verifyRskTrieNodes(root, indexKey(i), list[i]!, nodes!), `item ${i}`).toBe(true)
      }
    },
  )

  it('lists the node holding the key first and the root last', () => {
    const list = items(40, () => 100)
    const nodes = orderedTrieNodes(list, 7)!
    expect(nodes.length).toBeGreaterThan(2)
    expect(keccak256(nodes[nodes.length - 1]!)).toEqual(orderedRoot(list))
  })

  it('fails verification for a wrong value or a wrong index', () => {
    const list = items(20, () => 100)
    const root = orderedRoot(list)
    const nodes = orderedTrieNodes(list, 4)!
    expect(verifyRskTrieNodes(root, indexKey(4), list[5]!, nodes)).toBe(false)
    expect(verifyRskTrieNodes(root, indexKey(5), list[4]!, nodes)).toBe(false)
  })

  it('answers undefined for a key that is not in the trie', () => {
    expect(
      orderedTrieNodes(
        items(5, () => 50),
        9,
      ),
    ).toBeUndefined()
    expect(rskTrieNodes([], indexKey(0))).toBeUndefined()
  })
})
