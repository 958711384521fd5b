import { describe, expect, it } from 'vitest'
import { NETWORKS } from '../network/networks.js'
import { bridgeStateAt, bridgeStateToJson, RSK_BLOCKS_PER_BTC_BLOCK } from './bridgeState.js'

describe('bridgeStateAt', () => {
  it('advances the Bitcoin light client one block per 20 Rootstock blocks', () => {
    const start = bridgeStateAt(NETWORKS.testnet, 0n)
    expect(bridgeStateAt(NETWORKS.testnet, RSK_BLOCKS_PER_BTC_BLOCK - 1n).btcBlockchainBestChainHeight).toBe(
      start.btcBlockchainBestChainHeight,
    )
    expect(bridgeStateAt(NETWORKS.testnet, 100n).btcBlockchainBestChainHeight).toBe(
      start.btcBlockchainBestChainHeight + 5,
    )
    expect(start.btcBlockchainInitialBlockHeight).toBe(start.btcBlockchainBestChainHeight)
  })

  it('has a majority threshold of its federation and no peg-out waiting', () => {
    for (const network of Object.values(NETWORKS)) {
      const state = bridgeStateAt(network, 1234n)
      expect(state.federationThreshold * 2).toBeGreaterThan(state.federationSize)
      expect(state.rskTxsWaitingForSignatures).toEqual([])
    }
  })

  it('writes the RSKj map with hashes unprefixed and the height first', () => {
    const state = {
      ...bridgeStateAt(NETWORKS.regtest, 40n),
      rskTxsWaitingForSignatures: [new Uint8Array(32).fill(0xab)],
    }
    expect(JSON.stringify(bridgeStateToJson(state))).toBe(
      `{"btcBlockchainBestChainHeight":2,"rskTxsWaitingForSignatures":["${'ab'.repeat(32)}"]}`,
    )
  })
})
