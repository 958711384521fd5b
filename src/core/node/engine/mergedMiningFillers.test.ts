import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { coinbaseMerkleBranch } from '../../mining/bitcoin/merkle.js'
import { transactionId } from '../../mining/bitcoin/transaction.js'
import { fillerSet, fillerTransactions } from '../../mining/fillers.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import type { KeyValueStore } from '../../storage/types.js'
import { bytesToHex, concatBytes, hexToBytes } from '../../util/hex.js'
import { keys } from './keys.js'

type Node = Awaited<ReturnType<typeof createNode>>

const call = async (node: Node, method: string, params: unknown[] = []) =>
  ((await node.request({ jsonrpc: '2.0', id: 1, method, params })) as { result?: unknown }).result

/** A node over `kv`; its close leaves the store open for the next node (a restart). */
const open = (kv: KeyValueStore) =>
  createNode({
    network: 'regtest',
    storage: { ...kv, close: async () => {} },
    clock: createManualClock(1_700_000_000_000),
  })

/** Mines a block and returns its merged-mining proof and the seed it was mined with. */
async function mineOne(node: Node): Promise<{ proof: string; seed: Uint8Array }> {
  await call(node, 'evm_mine')
  const block = (await call(node, 'eth_getBlockByNumber', ['latest', false])) as Record<string, string>
  return {
    proof: block.bitcoinMergedMiningMerkleProof as string,
    seed: hexToBytes(block.hashForMergedMining as string),
  }
}

/** The proof of a block whose fillers are its own: the siblings do not depend on the coinbase. */
function perBlockProof(seed: Uint8Array): string {
  const txids = [new Uint8Array(32), ...fillerTransactions(seed, 'per-block').map(transactionId)]
  return bytesToHex(concatBytes(...coinbaseMerkleBranch(txids)))
}

describe("the built-in miner's filler transactions", () => {
  it('a new chain draws the shared filler sets, and still does after a restart', async () => {
    const kv = createMemoryStore()
    let node = await open(kv)
    for (let i = 0; i < 3; i++) {
      const { proof, seed } = await mineOne(node)
      expect(proof).toBe(bytesToHex(fillerSet(seed).proof))
    }
    await node.close()
    node = await open(kv)
    const { proof, seed } = await mineOne(node)
    expect(proof).toBe(bytesToHex(fillerSet(seed).proof))
    await node.close()
  })

  it('a chain whose settings predate the sets keeps deriving each block its own fillers', async () => {
    const kv = createMemoryStore()
    let node = await open(kv)
    await mineOne(node)
    await node.close()
    // The settings record as code before the filler sets wrote it: without the field.
    const settings = JSON.parse(new TextDecoder().decode(await kv.get(keys.settings)))
    expect(settings.mergedMiningFillers).toBe('sets')
    delete settings.mergedMiningFillers
    await kv.put(keys.settings, new TextEncoder().encode(JSON.stringify(settings)))
    node = await open(kv)
    for (let i = 0; i < 3; i++) {
      const { proof, seed } = await mineOne(node)
      expect(proof).toBe(perBlockProof(seed))
    }
    await node.close()
  })
})
