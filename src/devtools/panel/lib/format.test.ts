import { describe, expect, it } from 'vitest'
import { age, dateTime, displayField, formatGwei } from './format.js'

describe('explorer formatting', () => {
  it('shows a recent block as an age and an old one (the genesis) as its date', () => {
    const now = Date.UTC(2026, 10, 25, 19, 0, 0)
    expect(age(now / 1000 - 90, now)).toBe('1m ago')
    expect(age(0, now)).toBe('1970-01-01')
    expect(dateTime(0x6925fc2cn)).toBe('2025-11-25 18:57:48 UTC')
  })

  it('turns quantities into decimals with units, and leaves hashes and addresses alone', () => {
    expect(displayField('timestamp', '0x0')).toBe('1970-01-01 00:00:00 UTC')
    expect(displayField('gasLimit', '0x67c280')).toBe('6,800,000')
    expect(displayField('minimumGasPrice', '0x3b9aca00')).toBe('1 gwei')
    expect(displayField('paidFees', '0xde0b6b3a7640000')).toBe('1 RBTC')
    expect(displayField('value', '0x5af3107a4000')).toBe('0.0001 RBTC')
    // Not "0 RBTC" for an amount below the shown decimals.
    expect(displayField('value', '0x1')).toBe('1 wei')
    expect(displayField('value', '0x0')).toBe('0 RBTC')
    expect(formatGwei(65_164_000n)).toBe('0.065 gwei')
    const hash = `0x${'ab'.repeat(32)}`
    expect(displayField('hash', hash)).toBe(hash)
    expect(displayField('miner', '0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d')).toBe(
      '0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d',
    )
    expect(displayField('transactions', ['0x1'])).toBe('[\n  "0x1"\n]')
    expect(displayField('input', `0x${'60'.repeat(100)}`)).toBe(`0x${'60'.repeat(32)}… (100 bytes)`)
  })
})
