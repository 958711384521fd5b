import { describe, expect, test } from 'vitest'
import { SNIPPET_KINDS, snippet } from './snippets.js'

const target = { network: 'testnet' as const, chainId: 31, url: 'http://127.0.0.1:4444/testnet/abc123' }

describe('snippets', () => {
  test('every snippet carries the address with its key', () => {
    for (const { kind } of SNIPPET_KINDS) expect(snippet(kind, target)).toContain(target.url)
  })

  test('Foundry sends legacy transactions; viem names the Rootstock chain or defines regtest', () => {
    expect(snippet('foundry', target)).toContain('--legacy')
    expect(snippet('viem', target)).toContain("import { rootstockTestnet } from 'viem/chains'")
    const regtest = snippet('viem', { network: 'regtest', chainId: 33, url: 'http://x/regtest/k' })
    expect(regtest).toContain('defineChain')
    expect(regtest).toContain('id: 33')
    expect(snippet('hardhat', target)).toContain('chainId: 31')
    expect(snippet('ethers', target)).toContain(`new JsonRpcProvider('${target.url}', 31`)
  })
})
