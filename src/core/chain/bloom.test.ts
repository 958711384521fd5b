import { describe, expect, test } from 'vitest'
import { keccak256 } from '../crypto/hash.js'
import { type Address, hexToBytes } from '../util/hex.js'
import { bloomContains, bloomMayMatch, emptyBloom, logsBloom, mergeBlooms } from './bloom.js'

/** Independent formulation: the bloom as one 2048-bit big-endian integer, bit m set for each pick. */
function referenceBloom(values: Uint8Array[]): Uint8Array {
  let bits = 0n
  for (const value of values) {
    const h = keccak256(value)
    for (let i = 0; i < 6; i += 2)
      bits |= 1n << BigInt((((h[i] as number) << 8) | (h[i + 1] as number)) & 2047)
  }
  return hexToBytes(`0x${bits.toString(16).padStart(512, '0')}`)
}

const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3' as Address
const transferTopic = hexToBytes('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
const from = new Uint8Array(32).fill(1)

describe('logs bloom', () => {
  test('sets three bits per address and topic, matching the 2048-bit integer formulation', () => {
    const log = { address: token, topics: [transferTopic, from], data: new Uint8Array(0) }
    expect(logsBloom([log])).toEqual(referenceBloom([hexToBytes(token), transferTopic, from]))
  })

  test('of no logs is all zeros, and merging is a bitwise OR', () => {
    expect(logsBloom([])).toEqual(emptyBloom())
    const a = logsBloom([{ address: token, topics: [] }])
    const b = logsBloom([{ address: '0x0000000000000000000000000000000001000008', topics: [transferTopic] }])
    const merged = mergeBlooms([a, b])
    expect(merged).toEqual(
      referenceBloom([
        hexToBytes(token),
        hexToBytes('0x0000000000000000000000000000000001000008'),
        transferTopic,
      ]),
    )
  })

  test('contains what was added', () => {
    const bloom = logsBloom([{ address: token, topics: [transferTopic] }])
    expect(bloomContains(bloom, hexToBytes(token))).toBe(true)
    expect(bloomContains(bloom, transferTopic)).toBe(true)
    expect(bloomContains(emptyBloom(), transferTopic)).toBe(false)
  })

  test('filter pre-check: may match when address and each topic position can be present', () => {
    const bloom = logsBloom([{ address: token, topics: [transferTopic, from] }])
    expect(bloomMayMatch(bloom, { addresses: [], topics: [] })).toBe(true)
    expect(bloomMayMatch(bloom, { addresses: [token], topics: [[transferTopic], null, [from]] })).toBe(true)
    expect(
      bloomMayMatch(bloom, { addresses: ['0x000000000000000000000000000000000000dead'], topics: [] }),
    ).toBe(false)
    expect(bloomMayMatch(bloom, { addresses: [], topics: [[new Uint8Array(32).fill(9)]] })).toBe(false)
    expect(
      bloomMayMatch(bloom, { addresses: [], topics: [[new Uint8Array(32).fill(9), transferTopic]] }),
    ).toBe(true)
  })
})
