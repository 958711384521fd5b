import { beforeAll, describe, expect, it } from 'vitest'
import { loadCurves } from '../crypto/curves.js'
import { loadFastSha256 } from '../crypto/fastSha256.js'
import { MemoryState } from '../evm/testing/memoryState.js'
import { NETWORKS } from '../network/networks.js'
import { bridgeStateAt, bridgeStateToJson } from './bridgeState.js'

beforeAll(() => Promise.all([loadCurves(), loadFastSha256()]))

describe('bridgeStateAt', () => {
  it("starts each network's light client at its checkpoint, with nothing waiting for signatures", () => {
    const heights = { regtest: 0, testnet: 2_580_000, mainnet: 838_000 }
    for (const network of Object.values(NETWORKS)) {
      const state = bridgeStateAt(network, new MemoryState())
      expect(state.btcBlockchainBestChainHeight).toBe(heights[network.name])
      expect(state.btcBlockchainInitialBlockHeight).toBe(heights[network.name])
      expect(state.rskTxsWaitingForSignatures).toEqual([])
      expect(state.federationThreshold * 2).toBeGreaterThan(state.federationSize)
    }
  })

  it('writes the RSKj map with hashes unprefixed and the height first', () => {
    const state = {
      ...bridgeStateAt(NETWORKS.regtest, new MemoryState()),
      btcBlockchainBestChainHeight: 2,
      rskTxsWaitingForSignatures: [new Uint8Array(32).fill(0xab)],
    }
    expect(JSON.stringify(bridgeStateToJson(state))).toBe(
      `{"btcBlockchainBestChainHeight":2,"rskTxsWaitingForSignatures":["${'ab'.repeat(32)}"]}`,
    )
  })
})
