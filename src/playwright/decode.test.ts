import { describe, expect, it } from 'vitest'
import { decodeRequest } from './decode.js'

const ALICE = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'

describe('decodeRequest', () => {
  it('reads a transaction request into bigints, leaving out what the page left out', () => {
    expect(
      decodeRequest('eth_sendTransaction', [
        {
          from: ALICE.toUpperCase().replace('0X', '0x'),
          to: null,
          value: 10,
          gasLimit: '0x5208',
          data: '0xAB',
        },
      ]),
    ).toEqual({ kind: 'transaction', from: ALICE, to: null, value: 10n, gas: 21000n, data: '0xab' })
    expect(
      decodeRequest('eth_signTransaction', [{ from: ALICE, nonce: '0x7', gasPrice: '1' }]),
    ).toMatchObject({
      value: 0n,
      nonce: 7n,
      gasPrice: 1n,
      data: '0x',
    })
  })

  it('reads personal_sign in either order, as text when UTF-8 and as hex otherwise', () => {
    expect(decodeRequest('personal_sign', ['0x6869', ALICE])).toEqual({
      kind: 'message',
      address: ALICE,
      message: 'hi',
      raw: '0x6869',
    })
    expect(decodeRequest('personal_sign', [ALICE, '0xff00'])).toMatchObject({
      address: ALICE,
      message: '0xff00',
    })
    expect(decodeRequest('personal_sign', ['plain text', ALICE])).toMatchObject({
      message: 'plain text',
      raw: '0x706c61696e2074657874',
    })
    expect(decodeRequest('eth_sign', [ALICE, '0x6869'])).toMatchObject({ address: ALICE, message: 'hi' })
  })

  it('reads typed data given as JSON text or as an object', () => {
    const typed = {
      domain: { name: 'D' },
      primaryType: 'M',
      message: { a: 1 },
      types: { M: [{ name: 'a', type: 'uint8' }] },
    }
    const expected = { kind: 'typedData', address: ALICE, ...typed }
    expect(decodeRequest('eth_signTypedData_v4', [ALICE, JSON.stringify(typed)])).toEqual(expected)
    expect(decodeRequest('eth_signTypedData_v4', [ALICE, typed])).toEqual(expected)
    expect(decodeRequest('eth_signTypedData_v4', [ALICE, '{not json'])).toMatchObject({
      primaryType: '',
      domain: {},
    })
  })

  it('names connections, chain switches and the rest', () => {
    expect(decodeRequest('eth_requestAccounts', [])).toEqual({ kind: 'connect' })
    expect(decodeRequest('wallet_requestPermissions', [{ eth_accounts: {} }])).toEqual({ kind: 'connect' })
    expect(decodeRequest('wallet_switchEthereumChain', [{ chainId: '0x1e' }])).toEqual({
      kind: 'switchChain',
      chainId: '0x1e',
      network: 'mainnet',
    })
    expect(decodeRequest('wallet_addEthereumChain', [{ chainId: '0x1' }])).toMatchObject({ network: null })
    expect(decodeRequest('eth_foo', undefined)).toEqual({ kind: 'other' })
  })
})
