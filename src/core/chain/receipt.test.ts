import { describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../util/hex.js'
import { logsBloom } from './bloom.js'
import { decodeReceipt, encodeLog, encodeReceipt } from './receipt.js'
import { rlpDecodeList, rlpEncode } from './rlp.js'

const log = {
  address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' as const,
  topics: [hexToBytes('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')],
  data: hexToBytes('0x01'),
}

describe('receipt RLP', () => {
  test('is [postTxState, cumulativeGas, bloom, logs, gasUsed, status] with success as 0x01', () => {
    const encoded = encodeReceipt({ status: true, cumulativeGasUsed: 50_000n, gasUsed: 21_000n, logs: [log] })
    const [postTxState, cumulative, bloom, logs, gasUsed, status] = rlpDecodeList(encoded)
    expect(postTxState).toEqual(Uint8Array.of(1))
    expect(cumulative).toEqual(hexToBytes('0xc350'))
    expect(bloom).toEqual(logsBloom([log]))
    expect(logs).toEqual([[hexToBytes(log.address), log.topics, log.data]])
    expect(gasUsed).toEqual(hexToBytes('0x5208'))
    expect(status).toEqual(Uint8Array.of(1))
  })

  test('a failed transaction has empty postTxState and status', () => {
    const fields = rlpDecodeList(
      encodeReceipt({ status: false, cumulativeGasUsed: 1n, gasUsed: 1n, logs: [] }),
    )
    expect(fields[0]).toEqual(new Uint8Array(0))
    expect(fields[5]).toEqual(new Uint8Array(0))
  })

  test('zero gas is the byte 0x00 (Bouncy Castle asUnsignedByteArray), as in the REMASC receipt', () => {
    const encoded = encodeReceipt({ status: true, cumulativeGasUsed: 0n, gasUsed: 0n, logs: [] })
    const fields = rlpDecodeList(encoded)
    expect(fields[1]).toEqual(Uint8Array.of(0))
    expect(fields[4]).toEqual(Uint8Array.of(0))
    expect(bytesToHex(encoded).slice(0, 18)).toBe('0xf901080100b90100')
  })

  test('decodes back to the same fields', () => {
    const receipt = {
      status: true,
      cumulativeGasUsed: 90_000n,
      gasUsed: 40_000n,
      logs: [log],
      bloom: logsBloom([log]),
    }
    expect(decodeReceipt(encodeReceipt(receipt))).toEqual(receipt)
    expect(decodeReceipt(encodeReceipt({ ...receipt, status: false })).status).toBe(false)
  })

  test('a log is [address, [topics], data]', () => {
    expect(encodeLog(log)).toEqual(rlpEncode([hexToBytes(log.address), log.topics, log.data]))
  })
})
