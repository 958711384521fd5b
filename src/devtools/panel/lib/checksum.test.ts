import { checksumAddress as viemChecksum } from 'viem'
import { describe, expect, it } from 'vitest'
import { checksumAddress } from './checksum.js'

// Test cases listed in EIP-1191.
const EIP1191_VECTORS: Record<number, string[]> = {
  30: [
    '0x5aaEB6053f3e94c9b9a09f33669435E7ef1bEAeD',
    '0xFb6916095cA1Df60bb79ce92cE3EA74c37c5d359',
    '0xDBF03B407c01E7CD3cBea99509D93F8Dddc8C6FB',
    '0xD1220A0Cf47c7B9BE7a2e6ba89F429762E7B9adB',
  ],
  31: [
    '0x5aAeb6053F3e94c9b9A09F33669435E7EF1BEaEd',
    '0xFb6916095CA1dF60bb79CE92ce3Ea74C37c5D359',
    '0xdbF03B407C01E7cd3cbEa99509D93f8dDDc8C6fB',
    '0xd1220a0CF47c7B9Be7A2E6Ba89f429762E7b9adB',
  ],
}

describe('checksumAddress', () => {
  for (const [chain, vectors] of Object.entries(EIP1191_VECTORS)) {
    it(`matches the EIP-1191 test vectors for chain ${chain}`, () => {
      for (const expected of vectors)
        expect(checksumAddress(expected.toLowerCase(), Number(chain))).toBe(expected)
    })
  }

  it('agrees with viem for chains 30 and 31 on many addresses', () => {
    for (let i = 1; i < 200; i++) {
      const address = `0x${(BigInt(i) * 0x9e3779b97f4a7c15f39cc0605cedc834n).toString(16).padStart(40, '0').slice(-40)}`
      for (const chain of [30, 31])
        expect(checksumAddress(address, chain)).toBe(viemChecksum(address as `0x${string}`, chain))
    }
  })

  it('uses plain EIP-55 on chains other than 30 and 31', () => {
    const address = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'
    expect(checksumAddress(address, 33)).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
    expect(checksumAddress(address)).toBe(viemChecksum(address))
  })

  it('rejects strings that are not addresses', () => {
    expect(() => checksumAddress('0x1234')).toThrow('Not an address')
  })
})
