import { describe, expect, test } from 'vitest'
import { parseForks } from '../../src/server/cli/main.js'

describe('serve --fork NETWORK=URL[@BLOCK]', () => {
  test('one upstream per network, with an optional block', () => {
    expect(
      parseForks([
        'testnet=https://rpc.testnet.rootstock.io/KEY@6400000',
        'mainnet=https://user:pw@rpc.mainnet.example/KEY',
      ]),
    ).toEqual({
      testnet: { url: 'https://rpc.testnet.rootstock.io/KEY', blockNumber: 6_400_000n },
      mainnet: { url: 'https://user:pw@rpc.mainnet.example/KEY' },
    })
    expect(parseForks(['regtest=http://127.0.0.1:4444/regtest/KEY@0x10']).regtest?.blockNumber).toBe(16n)
  })

  test('refusals name the problem without showing the key', () => {
    expect(() => parseForks(['devnet=https://node.example/SECRET'])).toThrow(
      '--fork https://node.example/***: use NETWORK=URL[@BLOCK] with mainnet, testnet or regtest',
    )
    expect(() => parseForks(['testnet=https://a.example/K1', 'testnet=https://b.example/K2'])).toThrow(
      '--fork testnet is given twice: one upstream per network',
    )
    expect(() => parseForks(['testnet=ws://node.example/SECRET'])).toThrow(
      '--fork testnet: ws://node.example/*** is not an http(s) address',
    )
  })
})
