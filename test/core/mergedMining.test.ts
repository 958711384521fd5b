import { describe, expect, test } from 'vitest'
import { hashForMergedMining } from '../../src/core/chain/header.js'
import { bitcoinHeaderHash, decodeBitcoinHeader } from '../../src/core/mining/bitcoin/header.js'
import { verifyMergedMining } from '../../src/core/mining/verify/verifyMergedMining.js'
import { bytesToHex, hexToBytes } from '../../src/core/util/hex.js'
import { createTestChain } from './testChain.js'

interface BlockJson {
  number: string
  difficulty: string
  hashForMergedMining: string
  bitcoinMergedMiningHeader: string
  bitcoinMergedMiningCoinbaseTransaction: string
  bitcoinMergedMiningMerkleProof: string
}

describe('merged mining of every block', () => {
  test.each(['regtest', 'testnet'] as const)(
    'each %s block verifies with the independent checker, past block 449, with a linked Bitcoin chain',
    async (network) => {
      const { node, call } = await createTestChain(network)
      await call('evm_stopMining')
      for (let i = 0; i < 460; i++) await call('evm_mine')
      let previousBitcoinHash: Uint8Array = new Uint8Array(32)
      let proofHashes = 0
      for (let n = 1; n <= 460; n++) {
        const block = (await call('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])) as BlockJson
        const result = verifyMergedMining({
          hashForMergedMining: hexToBytes(block.hashForMergedMining),
          difficulty: BigInt(block.difficulty),
          bitcoinMergedMiningHeader: hexToBytes(block.bitcoinMergedMiningHeader),
          bitcoinMergedMiningCoinbaseTransaction: hexToBytes(block.bitcoinMergedMiningCoinbaseTransaction),
          bitcoinMergedMiningMerkleProof: hexToBytes(block.bitcoinMergedMiningMerkleProof),
        })
        expect(result.reason, `block ${n}`).toBeUndefined()
        expect(result.valid).toBe(true)
        proofHashes += (block.bitcoinMergedMiningMerkleProof.length - 2) / 64

        // hashForMergedMining recomputed from the stored header (with RSKIP110 data from 449 on).
        const stored = (await node.engine.reader.blockByNumber(BigInt(n)))!
        const forkData = n >= 449 ? hexToBytes(block.hashForMergedMining).slice(20) : undefined
        expect(bytesToHex(hashForMergedMining(stored.header, forkData))).toBe(block.hashForMergedMining)
        if (n >= 449) {
          // The last 4 bytes of the fork detection data are the block height.
          expect(Number.parseInt(block.hashForMergedMining.slice(-8), 16)).toBe(n)
        }

        const btc = decodeBitcoinHeader(hexToBytes(block.bitcoinMergedMiningHeader))
        expect(bytesToHex(btc.previousBlockHash)).toBe(bytesToHex(previousBitcoinHash))
        previousBitcoinHash = bitcoinHeaderHash(hexToBytes(block.bitcoinMergedMiningHeader))
      }
      // Filler transactions make the merkle proofs non-empty.
      expect(proofHashes).toBeGreaterThan(460)
    },
    120_000,
  )
})
