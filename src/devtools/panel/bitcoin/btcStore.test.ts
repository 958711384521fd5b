import { describe, expect, it } from 'vitest'
import { fakeBtcNode, hashOf } from './btcFixtures.js'
import { blockCount, createBtcStore } from './btcStore.js'
import type { BtcInfo } from './types.js'

const summary = (height: number, parent = true) => ({
  hash: hashOf(height),
  height,
  time: 0,
  nTx: 1,
  ...(parent ? { previousblockhash: hashOf(height - 1) } : {}),
})

async function infoAt(blocks: number): Promise<BtcInfo> {
  const node = fakeBtcNode({ blocks: blocks + 1 })
  return node.rpc<BtcInfo>('btc_getInfo')
}

describe('the Bitcoin view store', () => {
  it('coalesces changes into one notification per frame', () => {
    const frames: Array<() => void> = []
    const store = createBtcStore((run) => frames.push(run))
    let notified = 0
    store.subscribe(() => notified++)
    store.set({ section: 'pegs' })
    store.putBlocks([summary(1)])
    store.open({ kind: 'tx', txid: 'aa' })
    expect(frames).toHaveLength(1)
    frames[0]!()
    expect(notified).toBe(1)
  })

  it('keeps the blocks of the chain it shows and drops those of a chain that is gone', async () => {
    const store = createBtcStore((run) => run())
    store.putBlocks([summary(3), summary(2)])
    store.setInfo(await infoAt(3))
    expect(store.blocks.size).toBe(2)
    store.setInfo(await infoAt(5))
    expect(store.blocks.size).toBe(2)
    store.setInfo(await infoAt(2))
    expect(store.blocks.size).toBe(0)
  })

  it('counts the rows from the tip down to the first block once a block without a parent shows it', async () => {
    const store = createBtcStore((run) => run())
    expect(blockCount(store.get())).toBe(0)
    store.setInfo(await infoAt(9))
    expect(blockCount(store.get())).toBe(10)
    store.putBlocks([summary(5, false)])
    expect(store.get().genesisHeight).toBe(5)
    expect(blockCount(store.get())).toBe(5)
  })

  it('opens details with a way back, and closes them all at once', () => {
    const store = createBtcStore((run) => run())
    store.open({ kind: 'block', hash: 'b1' })
    store.open({ kind: 'tx', txid: 't1' })
    expect(store.get().detail).toEqual({ kind: 'tx', txid: 't1' })
    store.back()
    expect(store.get().detail).toEqual({ kind: 'block', hash: 'b1' })
    store.open({ kind: 'tx', txid: 't2' })
    store.close()
    expect(store.get()).toMatchObject({ detail: null, trail: [] })
  })
})
