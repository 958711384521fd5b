/** What an approval shows of a request (describe.ts). */
import { describe, expect, it } from 'vitest'
import { hexToBytes } from '../core/util/hex.js'
import {
  describeMessage,
  describeTransaction,
  describeTypedData,
  formatUnits,
  messageText,
} from './describe.js'
import { parseTypedMessage } from './eip712.js'

describe('approval displays', () => {
  it('formats wei as RBTC with every significant digit', () => {
    expect(formatUnits(0n)).toBe('0')
    expect(formatUnits(10n ** 15n)).toBe('0.001')
    expect(formatUnits(1234n * 10n ** 16n)).toBe('12.34')
    expect(formatUnits(1n)).toBe('0.000000000000000001')
    expect(formatUnits(5n, 0)).toBe('5')
  })

  it('shows a message as text when it is printable UTF-8, else as hex', () => {
    expect(messageText(new TextEncoder().encode('Sign in to example.com\nNonce: 1'))).toBe(
      'Sign in to example.com\nNonce: 1',
    )
    expect(messageText(hexToBytes('0x00ff01'))).toBe('0x00ff01')
    expect(describeMessage('personal_sign', '0xab', hexToBytes('0x6869')).sections[0]!.rows).toContainEqual({
      label: 'Text',
      value: 'hi',
    })
  })

  it("shows a transaction's value, gas price and maximum fee in the chain's currency", () => {
    const display = describeTransaction(
      {
        from: '0xab',
        to: '0xcd',
        value: 10n ** 15n,
        gas: 21_000n,
        gasPrice: 60_000_000n,
        nonce: 3n,
        data: new Uint8Array(),
        chainId: 31,
      },
      'tRBTC',
    )
    expect(display.summary).toBe('Send 0.001 tRBTC to 0xcd')
    expect(display.sections[0]!.rows).toEqual(
      expect.arrayContaining([
        { label: 'Value', value: '0.001 tRBTC' },
        { label: 'Gas limit', value: '21000' },
        { label: 'Max fee', value: '0.00000126 tRBTC' },
      ]),
    )
  })

  it("shows typed data's domain, primary type and fields, nested and in arrays", () => {
    const data = parseTypedMessage({
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Person: [{ name: 'wallet', type: 'address' }],
        Mail: [
          { name: 'to', type: 'Person[]' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail' },
      message: { to: [{ wallet: '0xbb' }], contents: 'Hello' },
    })
    const display = describeTypedData('eth_signTypedData_v4', '0xab', data)
    expect(display.summary).toBe('Sign typed data (eth_signTypedData_v4): Mail')
    expect(display.sections.map((s) => s.heading)).toEqual(['Domain', 'Message: Mail'])
    expect(display.sections[1]!.rows).toEqual([
      { label: 'to[0].wallet (address)', value: '0xbb' },
      { label: 'contents (string)', value: 'Hello' },
    ])
  })
})
