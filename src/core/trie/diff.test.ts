import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { diffTries, listTrie } from './diff.js'
import { TrieNodeStore } from './store.js'
import { loaderOf } from './testLoaders.js'
import { randomBytes, seededRandom } from './testRandom.js'
import { MerklePatriciaTrie } from './trie.js'

function snapshot(entries: Map<string, Uint8Array>): Map<string, string> {
  return new Map([...entries].map(([k, v]) => [k, bytesToHex(v)]))
}

describe('diffTries', () => {
  test.each([1, 2, 3])(
    'reports exactly the keys whose values differ between two committed roots (seed %i)',
    async (seed) => {
      const random = seededRandom(seed)
      const persisted = new Map<string, Uint8Array>()
      const trie = new MerklePatriciaTrie()
      const live = new Map<string, Uint8Array>()
      const keys = Array.from({ length: 200 }, (_, i) =>
        i % 3 === 0 ? randomBytes(random, 3) : randomBytes(random, 32),
      )
      const roots: Array<{ root: Uint8Array; state: Map<string, string> }> = []
      for (let round = 0; round < 6; round++) {
        for (let i = 0; i < 60; i++) {
          const key = keys[Math.floor(random() * keys.length)] as Uint8Array
          if (random() < 0.3) {
            trie.deleteSync(key)
            live.delete(bytesToHex(key))
          } else {
            const value = randomBytes(random, random() < 0.5 ? 2 : 40)
            trie.putSync(key, value)
            live.set(bytesToHex(key), value)
          }
        }
        const { root, nodes } = trie.commit()
        for (const { hash, encoded } of nodes) persisted.set(bytesToHex(hash), encoded)
        roots.push({ root, state: snapshot(live) })
      }
      // A cold store, so the walk must load what it compares.
      const store = new TrieNodeStore({ loader: loaderOf(persisted) })
      for (const [from, to] of [
        [0, 5],
        [5, 0],
        [2, 3],
        [4, 4],
      ] as const) {
        const a = roots[from]!
        const b = roots[to]!
        const expected = new Set<string>()
        for (const key of new Set([...a.state.keys(), ...b.state.keys()])) {
          if (a.state.get(key) !== b.state.get(key)) expected.add(key)
        }
        const differences = await diffTries(store, { root: a.root, at: 0 }, { root: b.root, at: 0 })
        expect(new Set(differences.map((d) => bytesToHex(d.key)))).toEqual(expected)
        for (const { key, before, after } of differences) {
          expect(before && bytesToHex(before)).toBe(a.state.get(bytesToHex(key)))
          expect(after && bytesToHex(after)).toBe(b.state.get(bytesToHex(key)))
        }
      }
      const listed = await listTrie(store, { root: roots[5]!.root, at: 0 })
      expect(new Map(listed.map(([k, v]) => [bytesToHex(k), bytesToHex(v)]))).toEqual(roots[5]!.state)
    },
  )
})
