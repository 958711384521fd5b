import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex, utf8ToBytes } from '../../util/hex'
import { decodeBitcoinHeader } from '../bitcoin/header'
import { buildMergedMiningTemplate } from '../miner'
import { verifyMergedMining } from '../verify/verifyMergedMining'
import { applyWorkNonce, buildEthGetWorkResult, headerWithWorkNonce, WorkNonceError } from './getWork'

const inputs = {
  hashForMergedMining: sha256(utf8ToBytes('template')),
  difficulty: 8n,
  previousBitcoinHeaderHash: sha256(utf8ToBytes('previous')),
  timestamp: 1_700_000_123,
  seed: utf8ToBytes('block 5'),
}
const template = buildMergedMiningTemplate(inputs)

function nonceBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, value)
  return bytes
}

describe('eth_getWork / eth_submitWork', () => {
  test('getWork answers the hashForMergedMining, the previous Bitcoin hash and the RSK target', () => {
    expect(buildEthGetWorkResult(template, inputs.hashForMergedMining)).toEqual([
      bytesToHex(inputs.hashForMergedMining),
      bytesToHex(inputs.previousBitcoinHeaderHash),
      `0x20${'00'.repeat(31)}`,
    ])
  })

  test('an 8-byte nonce fills the header nonce and the BIP320 version bits', () => {
    const header = headerWithWorkNonce(template.header, nonceBytes(0xbeef_12345678n))
    expect(header.nonce).toBe(0x12345678)
    expect(header.version).toBe(0x20000000 | (0xbeef << 13))
    expect(headerWithWorkNonce(template.header, nonceBytes(0xffff_ffffffffn)).version & 0xe0001fff).toBe(
      0x20000000,
    )
  })

  test('refuses nonces above 48 bits and of the wrong length', () => {
    expect(() => headerWithWorkNonce(template.header, nonceBytes(1n << 48n))).toThrow(WorkNonceError)
    expect(() => headerWithWorkNonce(template.header, new Uint8Array(4))).toThrow(/8 bytes/)
  })

  test('submitting nonces one by one finds a block the checker accepts; others fail on proof of work only', () => {
    let accepted = 0
    let rejected = 0
    for (let n = 0n; accepted < 3; n++) {
      const fields = applyWorkNonce(template, nonceBytes(n))
      const result = verifyMergedMining({ ...inputs, ...fields })
      if (result.valid) accepted++
      else {
        rejected++
        expect(result.checks).toMatchObject({ pow: 'fail', tag: 'pass', merkleProof: 'pass' })
      }
      expect(decodeBitcoinHeader(fields.bitcoinMergedMiningHeader).nonce).toBe(Number(n))
    }
    expect(rejected).toBeGreaterThan(0)
  })
})
