import { secp256k1 } from '@noble/curves/secp256k1.js'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { describe, expect, test } from 'vitest'
import { keccak256 } from '../crypto/hash.js'
import { bytesToHex, hexToBytes, utf8ToBytes } from '../util/hex.js'
import { COW_ACCOUNTS, DEV_MNEMONIC, MNEMONIC_ACCOUNTS, REGTEST_MINER_COINBASE } from './devAccounts.js'

function addressOf(privateKey: Uint8Array): string {
  return bytesToHex(keccak256(secp256k1.getPublicKey(privateKey, false).slice(1)).slice(12))
}

describe('dev accounts', () => {
  test('cow keys are keccak256 of cow, cow1 … cow9 and match RSKj regtest addresses', () => {
    expect(COW_ACCOUNTS).toHaveLength(10)
    COW_ACCOUNTS.forEach((account, i) => {
      const key = keccak256(utf8ToBytes(i === 0 ? 'cow' : `cow${i}`))
      expect(account.privateKey).toBe(bytesToHex(key))
      expect(account.address).toBe(addressOf(key))
    })
    expect(COW_ACCOUNTS[0]?.address).toBe('0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826')
    expect(COW_ACCOUNTS[9]?.address).toBe('0x09a1eda29f664ac8f68106f6567276df0c65d859')
  })

  test('mnemonic accounts derive from the dev mnemonic at m/44h/60h/0h/0/i', () => {
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC))
    expect(MNEMONIC_ACCOUNTS).toHaveLength(10)
    MNEMONIC_ACCOUNTS.forEach((account, i) => {
      const key = root.derive(`m/44'/60'/0'/0/${i}`).privateKey!
      expect(account.privateKey).toBe(bytesToHex(key))
      expect(account.address).toBe(addressOf(hexToBytes(account.privateKey)))
    })
  })

  test('regtest miner coinbase derives from the regtest miner secret', () => {
    expect(addressOf(keccak256(utf8ToBytes('regtest_miner_secret_please_change')))).toBe(
      REGTEST_MINER_COINBASE,
    )
  })
})
