import { describe, expect, test } from 'vitest'
import { privateKeyToAddress } from '../chain/secp256k1.js'
import { keccak256 } from '../crypto/hash.js'
import { utf8ToBytes } from '../util/hex.js'
import { NETWORKS } from './networks.js'

describe('network constants', () => {
  test("regtest mines to RSKj's regtest coinbase: the account of keccak256(miner.coinbase.secret)", () => {
    // config/regtest.conf: miner.coinbase.secret = regtest_miner_secret_please_change;
    // RskSystemProperties.localCoinbaseAccount uses keccak256(secret) as the private key
    const key = keccak256(utf8ToBytes('regtest_miner_secret_please_change'))
    expect(privateKeyToAddress(key)).toBe(NETWORKS.regtest.minerCoinbase)
    expect(NETWORKS.regtest.minerCoinbase).toBe('0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d')
  })

  test('the genesis keeps its own coinbase on every network', () => {
    for (const network of Object.values(NETWORKS))
      expect(network.genesisCoinbase).toBe('0x3333333333333333333333333333333333333333')
  })
})
