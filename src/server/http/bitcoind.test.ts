import { describe, expect, test } from 'vitest'
import { bitcoinRefusal, bitcoinRequestOf, isBitcoinChainChangingMethod, jwtFromBasic } from './bitcoind.js'
import { parseRoute } from './router.js'

describe('the bitcoind door', () => {
  test('routes /<network>/<key>/bitcoin in both address forms and its wallet paths, nothing else deeper', () => {
    expect(parseRoute('/regtest/abc/bitcoin')).toEqual({ kind: 'bitcoin', network: 'regtest', apiKey: 'abc' })
    expect(parseRoute('/testnet/v2/abc/bitcoin?x=1')).toEqual({
      kind: 'bitcoin',
      network: 'testnet',
      apiKey: 'abc',
    })
    expect(parseRoute('/regtest/abc/bitcoin/wallet/dev')).toEqual({
      kind: 'bitcoin',
      network: 'regtest',
      apiKey: 'abc',
    })
    expect(parseRoute('/regtest/abc/bitcoin/x')).toEqual({ kind: 'notFound' })
    expect(parseRoute('/regtest/abc/other')).toEqual({ kind: 'notFound' })
  })

  test('HTTP Basic credentials: the password stands for a JWT, a bearer header passes unchanged', () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`
    expect(jwtFromBasic(basic('user:token.jwt'))).toBe('Bearer token.jwt')
    expect(jwtFromBasic(basic('user:'))).toBeUndefined()
    expect(jwtFromBasic(basic('cookie'))).toBeUndefined()
    expect(jwtFromBasic('Bearer abc')).toBe('Bearer abc')
    expect(jwtFromBasic(undefined)).toBeUndefined()
  })

  test('mining and the node-held wallet are the chain-changing methods; refusals keep the request dialect', () => {
    expect(isBitcoinChainChangingMethod('generatetoaddress')).toBe(true)
    expect(isBitcoinChainChangingMethod('sendtoaddress')).toBe(true)
    expect(isBitcoinChainChangingMethod('sendrawtransaction')).toBe(false)
    expect(bitcoinRefusal({ id: 1, method: 'generate' }, 'generate')).toMatchObject({ result: null, id: 1 })
    expect(bitcoinRefusal({ jsonrpc: '2.0', id: 1 }, 'generate')).toMatchObject({ jsonrpc: '2.0', id: 1 })
    expect(bitcoinRefusal({ jsonrpc: '2.0' }, 'generate')).toBeUndefined()
  })

  test('a node without the bitcoind RPC answers every call "Method not found"', () => {
    const request = bitcoinRequestOf({ request: () => undefined, close: () => undefined })
    expect(request([{ id: 1 }, { id: 2 }])).toEqual([
      { result: null, error: { code: -32601, message: 'Method not found' }, id: 1 },
      { result: null, error: { code: -32601, message: 'Method not found' }, id: 2 },
    ])
  })
})
