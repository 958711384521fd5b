/**
 * External merged mining end to end: a pool-like client written in the test takes `mnr_getWork`,
 * builds and grinds its own Bitcoin block, and submits it in each of the three `mnr_submit*`
 * forms; the chain imports the blocks and the independent checker verifies what was stored.
 */
import { describe, expect, it } from 'vitest'
import type { MinerWork } from '../../../src/core/mining/rpc/minerWork.js'
import { solveMinerWork } from '../../../src/core/mining/testing/externalMiner.js'
import { verifyMergedMining } from '../../../src/core/mining/verify/verifyMergedMining.js'
import { hexToBytes } from '../../../src/core/util/hex.js'
import { COW1, createConformanceNode } from '../node/nodeTestChain.js'

type WireBlock = {
  number: string
  hash: string
  hashForMergedMining: string
  difficulty: string
  bitcoinMergedMiningHeader: string
  bitcoinMergedMiningCoinbaseTransaction: string
  bitcoinMergedMiningMerkleProof: string
  transactions: string[]
}

async function manualNode() {
  const chain = await createConformanceNode('rskj')
  await chain.result('evm_stopMining')
  return chain
}

/** The checker, fed only with what the wire says about the block. */
function checkWireBlock(block: WireBlock) {
  return verifyMergedMining({
    hashForMergedMining: hexToBytes(block.hashForMergedMining),
    difficulty: BigInt(block.difficulty),
    bitcoinMergedMiningHeader: hexToBytes(block.bitcoinMergedMiningHeader),
    bitcoinMergedMiningCoinbaseTransaction: hexToBytes(block.bitcoinMergedMiningCoinbaseTransaction),
    bitcoinMergedMiningMerkleProof: hexToBytes(block.bitcoinMergedMiningMerkleProof),
  })
}

describe('mnr_getWork', () => {
  it('answers the template work with notify true once, then the same work with notify false', async () => {
    const { wire } = await manualNode()
    expect(await wire('mnr_getWork')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"blockHashForMergedMining":"0x3a16658d0fde4dc5e5cef67cc67e487ed198199db6d226d2d76226ea3c463f9d","target":"0x5555555555555555555555555555555555555555555555555555555555555555","feesPaidToMiner":"0","notify":true,"parentBlockHash":"0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355"}}"`,
    )
    expect(await wire('mnr_getWork')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"blockHashForMergedMining":"0x3a16658d0fde4dc5e5cef67cc67e487ed198199db6d226d2d76226ea3c463f9d","target":"0x5555555555555555555555555555555555555555555555555555555555555555","feesPaidToMiner":"0","notify":false,"parentBlockHash":"0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355"}}"`,
    )
  })

  it('names a new template once a block is mined on top', async () => {
    const { result } = await manualNode()
    const first = await result<MinerWork>('mnr_getWork')
    await result('evm_mine')
    const second = await result<MinerWork>('mnr_getWork')
    expect(second.blockHashForMergedMining).not.toBe(first.blockHashForMergedMining)
    expect(second.parentBlockHash).not.toBe(first.parentBlockHash)
    expect(second.notify).toBe(true)
  })

  it('rebuilds the work when a transaction arrives, notifying when the fees grow by more than 10%', async () => {
    const { result, sendRaw } = await manualNode()
    const empty = await result<MinerWork>('mnr_getWork')
    await sendRaw({
      nonce: 0n,
      to: COW1.address as `0x${string}`,
      gasLimit: 21_000n,
      gasPrice: 1_000_000_000n,
    })
    const paying = await result<MinerWork>('mnr_getWork')
    expect(paying.blockHashForMergedMining).not.toBe(empty.blockHashForMergedMining)
    expect(paying.parentBlockHash).toBe(empty.parentBlockHash)
    expect(paying).toMatchObject({ feesPaidToMiner: '21000000000000', notify: true })
    // A second transaction at a lower price adds less than 10% to the fees: same parent, no notify.
    await sendRaw({ nonce: 1n, to: COW1.address as `0x${string}`, gasLimit: 21_000n, gasPrice: 50_000_000n })
    const more = await result<MinerWork>('mnr_getWork')
    expect(more.blockHashForMergedMining).not.toBe(paying.blockHashForMergedMining)
    expect(more).toMatchObject({ feesPaidToMiner: '22050000000000', notify: false })
  })
})

describe('mnr_submit* from an external miner', () => {
  it('imports a block submitted whole with mnr_submitBitcoinBlock, including a pending transaction', async () => {
    const { wire, result, sendRaw } = await manualNode()
    const txHash = await sendRaw({ nonce: 0n, to: COW1.address as `0x${string}`, value: 1000n })
    const work = await result<MinerWork>('mnr_getWork')
    const solution = solveMinerWork({ work, seed: 1 })
    expect(await wire('mnr_submitBitcoinBlock', solution.submitBitcoinBlockParams)).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"blockImportedResult":"0x494d504f525445445f42455354","blockHash":"0xe7f12d718af68260aa83111432eebe4a5bda9767bb836c7bca95a4ceb5d91159","blockIncludedHeight":"0x1"}}"`,
    )
    const block = await result<WireBlock>('eth_getBlockByNumber', ['latest', false])
    expect(block.number).toBe('0x1')
    expect(block.hashForMergedMining).toBe(work.blockHashForMergedMining)
    expect(block.transactions[0]).toBe(txHash)
    expect(checkWireBlock(block).valid).toBe(true)
    const receipt = await result<{ status: string; blockHash: string }>('eth_getTransactionReceipt', [txHash])
    expect(receipt).toMatchObject({ status: '0x1', blockHash: block.hash })
  })

  it('imports blocks submitted with the transactions form and the partial-merkle form, segwit included', async () => {
    const { result } = await manualNode()
    const forms = ['submitBitcoinBlockTransactionsParams', 'submitBitcoinBlockPartialMerkleParams'] as const
    const methods = {
      submitBitcoinBlockTransactionsParams: 'mnr_submitBitcoinBlockTransactions',
      submitBitcoinBlockPartialMerkleParams: 'mnr_submitBitcoinBlockPartialMerkle',
    }
    let height = 0
    for (const segwit of [false, true]) {
      for (const form of forms) {
        const work = await result<MinerWork>('mnr_getWork')
        const solution = solveMinerWork({ work, seed: 10 + height, segwit, otherTransactions: 5 })
        const info = await result<{ blockHash: string; blockIncludedHeight: string }>(
          methods[form],
          solution[form],
        )
        height++
        const block = await result<WireBlock>('eth_getBlockByNumber', ['latest', false])
        expect(info.blockHash).toBe(block.hash)
        expect(info.blockIncludedHeight).toBe(`0x${height.toString(16)}`)
        expect(block.hashForMergedMining).toBe(work.blockHashForMergedMining)
        const check = checkWireBlock(block)
        expect(check.valid).toBe(true)
        // Five other transactions: the proof has three levels of siblings.
        expect(block.bitcoinMergedMiningMerkleProof.length).toBe(2 + 3 * 64)
      }
    }
    expect(await result('eth_blockNumber')).toBe('0x4')
  })

  it('refuses a template it never handed out with -33000 and the hash', async () => {
    const { wire } = await manualNode()
    const solution = solveMinerWork({
      work: { blockHashForMergedMining: `0x${'ab'.repeat(32)}`, target: `0x${'ff'.repeat(32)}` },
      seed: 3,
    })
    expect(await wire('mnr_submitBitcoinBlock', solution.submitBitcoinBlockParams)).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-33000,"message":"Cannot publish block, could not find hash 0xabababababababababababababababababababababababababababababababab in the cache"}}"`,
    )
  })

  it('refuses a stale template once the head moved', async () => {
    const { request, result } = await manualNode()
    const work = await result<MinerWork>('mnr_getWork')
    const solution = solveMinerWork({ work, seed: 4 })
    await result('evm_mine')
    const response = await request('mnr_submitBitcoinBlock', solution.submitBitcoinBlockParams)
    expect(response.error).toEqual({
      code: -33000,
      message: `Cannot publish block, could not find hash ${work.blockHashForMergedMining} in the cache`,
    })
  })

  it('refuses a proof that does not reach the header merkle root as an invalid block, committing nothing', async () => {
    const { wire, result } = await manualNode()
    const work = await result<MinerWork>('mnr_getWork')
    const solution = solveMinerWork({ work, seed: 5 })
    const [blockHashHex, header, coinbase, txids] = solution.submitBitcoinBlockTransactionsParams
    const missingOne = txids.split(' ').slice(0, -1).join(' ')
    expect(
      await wire('mnr_submitBitcoinBlockTransactions', [blockHashHex, header, coinbase, missingOne]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-33000,"message":"Invalid block supplied by miner: 2ebec81b6366a1e844c83db76d6f79f55f77256aa7092a06c5ad2cdbb724e475 3a16658d0fde4dc5e5cef67cc67e487ed198199db6d226d2d76226ea3c463f9d at height 1"}}"`,
    )
    expect(await result('eth_blockNumber')).toBe('0x0')
  })

  it('answers -32602 naming the problem for hex with 0x (RSKj: -32603) and -33000 for an empty merkle hash list', async () => {
    const { wire, result } = await manualNode()
    const work = await result<MinerWork>('mnr_getWork')
    const solution = solveMinerWork({ work, seed: 6 })
    expect(
      await wire('mnr_submitBitcoinBlock', [`0x${solution.submitBitcoinBlockParams[0]}`]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument: bitcoinBlockHex: invalid characters encountered in Hex string (hex without 0x expected)"}}"`,
    )
    const [a, b, c, , e] = solution.submitBitcoinBlockPartialMerkleParams
    expect(await wire('mnr_submitBitcoinBlockPartialMerkle', [a, b, c, '', e])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-33000,"message":"The list of merkle hashes can't be empty"}}"`,
    )
  })

  it('keeps automine working after external blocks', async () => {
    const { result, sendRaw } = await manualNode()
    const work = await result<MinerWork>('mnr_getWork')
    await result('mnr_submitBitcoinBlock', solveMinerWork({ work, seed: 7 }).submitBitcoinBlockParams)
    await result('evm_startMining')
    await sendRaw({ nonce: 0n, to: COW1.address as `0x${string}`, value: 1n })
    const block = await result<WireBlock>('eth_getBlockByNumber', ['latest', false])
    expect(block.number).toBe('0x2')
    expect(block.transactions).toHaveLength(2)
    expect(checkWireBlock(block).valid).toBe(true)
  })
})

describe('eth_getWork / eth_submitWork', () => {
  it('answers [hashForMergedMining, previous Bitcoin header hash, target]', async () => {
    const { wire } = await manualNode()
    expect(await wire('eth_getWork')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":["0x3a16658d0fde4dc5e5cef67cc67e487ed198199db6d226d2d76226ea3c463f9d","0x0000000000000000000000000000000000000000000000000000000000000000","0x5555555555555555555555555555555555555555555555555555555555555555"]}"`,
    )
  })

  it('imports the block once a submitted nonce meets the target, then says false for the spent template', async () => {
    const { result, request } = await manualNode()
    const [powHash] = await result<[string, string, string]>('eth_getWork')
    const mixDigest = `0x${'00'.repeat(32)}`
    let accepted = -1
    // Each nonce meets the regtest target (2^256 / 3) with probability 1/3: a few tries suffice.
    for (let n = 0; n < 64 && accepted < 0; n++) {
      const nonce = `0x${n.toString(16).padStart(16, '0')}`
      if (await result<boolean>('eth_submitWork', [nonce, powHash, mixDigest])) accepted = n
    }
    expect(accepted).toBeGreaterThanOrEqual(0)
    const block = await result<WireBlock>('eth_getBlockByNumber', ['latest', false])
    expect(block.number).toBe('0x1')
    expect(block.hashForMergedMining).toBe(powHash)
    expect(checkWireBlock(block).valid).toBe(true)
    // The template is spent: the same nonce again names no importable template.
    const again = `0x${accepted.toString(16).padStart(16, '0')}`
    expect(await request('eth_submitWork', [again, powHash, mixDigest])).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: false,
    })
  })

  it('says false for a pow hash it never handed out', async () => {
    const { result } = await manualNode()
    const unknown = [`0x${'00'.repeat(8)}`, `0x${'cd'.repeat(32)}`, `0x${'00'.repeat(32)}`]
    expect(await result('eth_submitWork', unknown)).toBe(false)
    expect(await result('eth_blockNumber')).toBe('0x0')
  })

  it('refuses a nonce above 48 bits with -32602', async () => {
    const { wire, result } = await manualNode()
    const [powHash] = await result<[string, string, string]>('eth_getWork')
    expect(
      await wire('eth_submitWork', ['0xffffffffffffffff', powHash, `0x${'00'.repeat(32)}`]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"nonce does not fit the Bitcoin header: at most 48 bits are used"}}"`,
    )
  })
})
