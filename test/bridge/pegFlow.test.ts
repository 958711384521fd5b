/**
 * The two-way peg end to end in one node, driven as a dApp developer would: a peg-in built and
 * proven outside the node (bitcoinjs-lib, a partial merkle tree built in the test) registered
 * through the Bridge's real method, and a peg-out of 0.5 RBTC released to the sender's Bitcoin key
 * with the federation's 2-of-3 signatures, checked by the same library.
 */
import { Interface } from 'ethers'
import { beforeEach, describe, expect, it } from 'vitest'
import { createNode, type DevNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { p2pkhOf } from './outsideBitcoin.js'
import {
  type BitcoindCall,
  bridgeAbi,
  cow,
  pegInFromOutside,
  pegInThroughBitcoind,
  type Rpc,
  releasedPegout,
} from './pegScenarios.js'

let node: DevNode
const rpc: Rpc = async (method, params = []) => {
  const response = (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as {
    result?: unknown
    error?: { code: number; message: string }
  }
  if (response.error) throw new Error(`${method}: ${response.error.code} ${response.error.message}`)
  // biome-ignore lint/suspicious/noExplicitAny: see Rpc.
  return response.result as any
}

beforeEach(async () => {
  node = await createNode({ network: 'regtest', storage: createMemoryStore() })
})

describe('a peg-in built outside the node', () => {
  it('is registered with its own proof, credits exactly its value and is refused the second time', async () => {
    const value = 50_000_000n
    const outcome = await pegInFromOutside(rpc, value)
    expect(outcome.txid).toBe(outcome.expectedTxid)
    expect(outcome.firstEvents).toHaveLength(1)
    expect(outcome.firstEvents[0]?.args.receiver.toLowerCase()).toBe(cow.address)
    expect(outcome.firstEvents[0]?.args.btcTxHash).toBe(`0x${outcome.txid}`)
    expect(outcome.credited).toBe(value * 10n ** 10n)
    expect(outcome.secondEvents).toHaveLength(0)
    expect(outcome.creditedAgain).toBe(0n)
    expect(outcome.processedHeight).toBeGreaterThan(0n)
  })
})

describe('a peg-in driven only through the bitcoind-compatible RPC', () => {
  it('registers with the proof gettxoutproof returns (the tree this test builds) and credits the signer', async () => {
    const bitcoind: BitcoindCall = async (method, ...params) => {
      const answer = (await node.bitcoinRequest({ jsonrpc: '1.0', id: 1, method, params })) as {
        result: unknown
        error: { code: number; message: string } | null
      }
      if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
      // biome-ignore lint/suspicious/noExplicitAny: see BitcoindCall.
      return answer.result as any
    }
    const outcome = await pegInThroughBitcoind(rpc, bitcoind, 0.5)
    expect(outcome.headerIsTheBlock).toBe(true)
    expect(outcome.treeMatchesOurs).toBe(true)
    expect(outcome.events).toHaveLength(1)
    expect(outcome.events[0]?.args.receiver.toLowerCase()).toBe(outcome.recipient)
    expect(outcome.credited).toBe(50_000_000n * 10n ** 10n)
  })
})

describe('a peg-out of 0.5 RBTC from a cow account', () => {
  it('pays the same key on Bitcoin, with 2-of-3 federation signatures that verify', async () => {
    const result = await rpc('btc_pegOut', [
      { from: cow.address, value: `0x${(5n * 10n ** 17n).toString(16)}` },
    ])
    expect(result.status).toBe('released')
    const receipt = await rpc('eth_getTransactionReceipt', [result.rskTxHash])
    const received = receipt.logs
      .map((l: { topics: string[]; data: string }) => bridgeAbi.parseLog(l))
      .find((l: { name: string } | null) => l?.name === 'release_request_received')
    expect(received?.args.btcDestinationAddress).toBe(p2pkhOf(cow.privateKey))
    const released = await releasedPegout(rpc, result.btcTxid)
    expect(released.confirmations).toBe(1)
    expect(released.paid).toBeLessThan(50_000_000n)
    expect(released.paid).toBeGreaterThan(49_000_000n)
    expect(released.signaturesVerify).toBe(true)
    expect(released.forgedVerifies).toBe(false)
    const pegs = await rpc('btc_getPegs')
    expect(pegs.pegouts).toMatchObject([
      { rskTxHash: result.rskTxHash, status: 'confirmed', btcTxid: result.btcTxid },
    ])
  })
})

describe('the Bridge at a past block', () => {
  it("answers that block's light client, read from stored state (eth_call and a trace replay)", async () => {
    const bestHeight = new Interface(['function getBtcBlockchainBestChainHeight() view returns (int256)'])
    const data = bestHeight.encodeFunctionData('getBtcBlockchainBestChainHeight')
    const heightAt = async (block: string) =>
      BigInt(await rpc('eth_call', [{ to: '0x0000000000000000000000000000000001000006', data }, block]))
    await rpc('btc_mine', [2]) // and one RSK block that feeds the light client
    const fed = await rpc('eth_blockNumber')
    await rpc('btc_mine', [3])
    expect(await heightAt('latest')).toBe(5n)
    expect(await heightAt(fed)).toBe(2n)
    expect(await heightAt('0x0')).toBe(0n)
    const peg = await rpc('btc_pegIn', [{ from: cow.address, value: '100000000' }])
    const trace = await rpc('trace_transaction', [peg.rskTxHash])
    expect(trace[0].error).toBeUndefined()
    expect(trace[0].action.to).toBe('0x0000000000000000000000000000000001000006')
  })
})

describe('a Bitcoin chain that follows the RSK chain', () => {
  it('gets a block before every n-th RSK block, which the federation then feeds to the light client', async () => {
    await rpc('btc_setMining', [{ followRsk: 2 }])
    const start = (await rpc('btc_getInfo')).blocks
    await rpc('anvil_mine', [6])
    const info = await rpc('btc_getInfo')
    expect(info.mining).toEqual({ followRsk: 2 })
    expect(info.blocks - start).toBe(3)
    // The last Bitcoin block came before the last RSK block; one more RSK block feeds it.
    await rpc('evm_mine')
    expect((await rpc('btc_getInfo')).lightClient.bestHeight).toBe(info.blocks)
    // Its replays start from the Bitcoin block mined before it.
    const block = await rpc('eth_getBlockByNumber', ['latest', false])
    expect(await rpc('debug_traceBlockByHash', [block.hash, {}])).toBeDefined()
    await rpc('btc_setMining', [{ followRsk: false }])
    await rpc('anvil_mine', [4])
    expect((await rpc('btc_getInfo')).blocks).toBe(info.blocks)
  })
})

describe('both chains under the dev controls', () => {
  it('a snapshot revert, a reset and a dump loaded back take the Bitcoin chain and the light client along', async () => {
    await rpc('btc_mine', [2])
    const snapshot = await rpc('evm_snapshot')
    await rpc('btc_mine', [3])
    expect((await rpc('btc_getInfo')).blocks).toBe(5)
    await rpc('evm_revert', [snapshot])
    const reverted = await rpc('btc_getInfo')
    expect([reverted.blocks, reverted.lightClient.bestHeight]).toEqual([2, 2])
    const dump = await rpc('anvil_dumpState')
    await rpc('anvil_reset')
    expect((await rpc('btc_getInfo')).blocks).toBe(0)
    await rpc('anvil_loadState', [dump])
    const loaded = await rpc('btc_getInfo')
    expect([loaded.blocks, loaded.bestBlockHash, loaded.lightClient.bestHeight]).toEqual([
      2,
      reverted.bestBlockHash,
      2,
    ])
  })
})
