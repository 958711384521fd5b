/**
 * EIP-55 and EIP-1191 checksums. Rootstock (chains 30 and 31) checksums addresses with the chain
 * id mixed into the hash (EIP-1191), so an EIP-55 checksum is wrong there; the wire form stays
 * lowercase either way.
 */
import { keccak256 } from '../../../core/crypto/hash.js'

/** Chains whose wallets use EIP-1191 checksums (RSK mainnet and testnet). */
export const EIP1191_CHAINS: readonly number[] = [30, 31]

export function checksumAddress(address: string, chainId?: number): string {
  const lower = address.toLowerCase().replace(/^0x/, '')
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error(`Not an address: ${address}`)
  const prefix = chainId !== undefined && EIP1191_CHAINS.includes(chainId) ? `${chainId}0x` : ''
  const hash = keccak256(new TextEncoder().encode(prefix + lower))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const byte = hash[i >> 1]!
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    const char = lower[i]!
    out += nibble >= 8 ? char.toUpperCase() : char
  }
  return out
}
