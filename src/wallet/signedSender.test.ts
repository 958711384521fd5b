import { getAddress } from 'viem'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEV_ACCOUNTS } from '../core/accounts/devAccounts.js'
import { nobleBackend, type RecoveryBackend, setRecoveryBackend } from '../core/chain/secp256k1.js'
import { decodeTransaction, transactionSender } from '../core/chain/transaction.js'
import { loadCurves } from '../core/crypto/curves.js'
import { type Address, hexToBytes } from '../core/util/hex.js'
import { signLegacyTransaction } from './signer.js'
import { signFilled } from './transactions.js'

const alice = DEV_ACCOUNTS[1]!
const transfer = (nonce: bigint) => ({
  nonce,
  gasPrice: 60_000_000n,
  gas: 21_000n,
  to: '0x7986b3df570230288501eea3d890bd66948c9b79' as Address,
  value: 1n,
  data: new Uint8Array(0),
  chainId: 33,
})

let recoveries = 0
const counting: RecoveryBackend = {
  name: 'noble',
  recoverPublicKey(...args) {
    recoveries++
    return nobleBackend.recoverPublicKey(...args)
  },
}

beforeAll(async () => {
  await loadCurves()
  setRecoveryBackend(counting)
})
afterEach(() => {
  recoveries = 0
})

describe('the sender of a transaction the wallet signed', () => {
  test('is known to the node without recovering the signature, and is the signer', () => {
    const signed = signFilled(transfer(0n), alice)
    const tx = decodeTransaction(hexToBytes(signed.raw))
    expect(transactionSender(tx)).toBe(alice.address.toLowerCase())
    expect(recoveries).toBe(0)
  })

  test('is given in lowercase, as recovery gives it, whatever case the account is written in', () => {
    const checksummed = { ...alice, address: getAddress(alice.address) }
    expect(checksummed.address).not.toBe(alice.address.toLowerCase())
    const signed = signFilled(transfer(2n), checksummed)
    const sender = transactionSender(decodeTransaction(hexToBytes(signed.raw)))
    expect(sender).toBe(alice.address.toLowerCase())
    expect(recoveries).toBe(0)
  })

  test('the same bytes signed elsewhere (not through the wallet) are recovered', () => {
    const signed = signLegacyTransaction(transfer(1n), alice.privateKey)
    expect(transactionSender(decodeTransaction(hexToBytes(signed.raw)))).toBe(alice.address.toLowerCase())
    expect(recoveries).toBe(1)
  })

  test('only the latest 256 are remembered; an older one is recovered again, to the same sender', () => {
    const first = signFilled(transfer(100n), alice)
    for (let i = 0n; i < 256n; i++) signFilled(transfer(200n + i), alice)
    expect(transactionSender(decodeTransaction(hexToBytes(first.raw)))).toBe(alice.address.toLowerCase())
    expect(recoveries).toBe(1)
  })
})
