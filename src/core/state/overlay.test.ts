import { describe, expect, test } from 'vitest'
import { seededRandom } from '../trie/testRandom.js'
import { bytesToHex } from '../util/hex.js'
import { StateOverlay } from './overlay.js'
import { addressOf, type Model, randomBlockDiff } from './testSupport.js'
import { WorldState } from './worldState.js'

const ADDRESSES = Array.from({ length: 12 }, (_, i) => addressOf(i))

describe('StateOverlay', () => {
  test.each([1, 2, 3, 4])(
    'layered diffs read like the same diffs applied to the state, and merge into one diff (seed %i)',
    async (seed) => {
      const random = seededRandom(seed)
      const model: Model = new Map()
      const base = new WorldState()
      const direct = new WorldState()
      for (let block = 0; block < 5; block++) {
        const diff = randomBlockDiff(random, model, ADDRESSES)
        base.applyDiff(diff)
        direct.applyDiff(diff)
      }
      await base.commit()
      await direct.commit()
      const overlay = new StateOverlay(base)
      const baseRoot = base.stateRoot
      // Many small diffs, as transactions of one block; deletions and re-creations included.
      for (let tx = 0; tx < 40; tx++) {
        const diff = randomBlockDiff(random, model, ADDRESSES, 2)
        overlay.apply(diff)
        direct.applyDiff(diff)
        for (const address of ADDRESSES) {
          expect(overlay.getAccount(address)).toEqual(direct.getAccount(address))
          expect(bytesToHex(overlay.getCode(address))).toBe(bytesToHex(direct.getCode(address)))
          for (let slot = 0n; slot < 12n; slot++)
            expect(overlay.getStorage(address, slot)).toBe(direct.getStorage(address, slot))
        }
      }
      expect(base.stateRoot).toEqual(baseRoot)
      base.applyDiff(overlay.diff())
      expect(bytesToHex((await base.commit()).stateRoot)).toBe(bytesToHex((await direct.commit()).stateRoot))
    },
  )
})
