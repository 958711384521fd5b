import { describe, expect, test } from 'vitest'
import { parseRoute } from './router.js'

describe('parseRoute', () => {
  test('reads network and key in both address forms', () => {
    expect(parseRoute('/testnet/abc')).toEqual({ kind: 'rpc', network: 'testnet', apiKey: 'abc' })
    expect(parseRoute('/mainnet/v2/abc')).toEqual({ kind: 'rpc', network: 'mainnet', apiKey: 'abc' })
    expect(parseRoute('/regtest/abc?x=1')).toEqual({ kind: 'rpc', network: 'regtest', apiKey: 'abc' })
    expect(parseRoute('//testnet/abc')).toEqual({ kind: 'rpc', network: 'testnet', apiKey: 'abc' })
  })

  test('tells a missing key, an unknown network and other paths apart', () => {
    expect(parseRoute('/testnet')).toEqual({ kind: 'missingKey', network: 'testnet' })
    expect(parseRoute('/testnet/v2/')).toEqual({ kind: 'missingKey', network: 'testnet' })
    expect(parseRoute('/goerli/abc')).toEqual({ kind: 'unknownNetwork' })
    expect(parseRoute('/regtestx/abc')).toEqual({ kind: 'unknownNetwork' })
    expect(parseRoute('/Regtest/abc')).toEqual({ kind: 'unknownNetwork' })
    expect(parseRoute('/')).toEqual({ kind: 'dashboard', path: [] })
    expect(parseRoute('/dashboard/api/apps')).toEqual({ kind: 'dashboard', path: ['api', 'apps'] })
    expect(parseRoute('/testnet/abc/extra')).toEqual({ kind: 'notFound' })
    expect(parseRoute('/admin/apps/my%20app')).toEqual({ kind: 'admin', path: ['apps', 'my app'] })
  })
})
