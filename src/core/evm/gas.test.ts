import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { intrinsicGas } from './gas.js'
import { asm } from './testing/assembler.js'
import { CONTRACT, callContract, OTHER, REMASC, SENDER } from './testing/harness.js'

describe('RSK gas figures', () => {
  test('SSTORE of a new non-zero value costs 20000', () => {
    // PUSH1 (3) + PUSH0 (2) + SSTORE set (20000) on top of the 21000 transaction cost
    const result = callContract(asm('PUSH 1 PUSH 0 SSTORE'))
    expect(result.success).toBe(true)
    expect(result.gasUsed).toBe(21000n + 3n + 2n + 20000n)
    expect(result.state.getStorage(CONTRACT, 0n)).toBe(1n)
  })

  test('SSTORE overwriting a non-zero value costs 5000', () => {
    const result = callContract(asm('PUSH 2 PUSH 0 SSTORE'), { storage: { '0': 1n } })
    expect(result.gasUsed).toBe(21000n + 3n + 2n + 5000n)
  })

  test('SSTORE clearing a slot costs 5000 and refunds 15000 capped at half the gas used', () => {
    const result = callContract(asm('PUSH 0 PUSH 0 SSTORE'), { storage: { '0': 1n } })
    const beforeRefund = 21000n + 2n + 2n + 5000n
    expect(result.gasUsedBeforeRefund).toBe(beforeRefund)
    // the 15000 refund exceeds half of 26004, so the sender gets 13002 back
    expect(result.gasRefund).toBe(beforeRefund / 2n)
    expect(result.gasUsed).toBe(beforeRefund - beforeRefund / 2n)
  })

  test('SSTORE refund below the cap is paid in full', () => {
    // clear slot 0 (refund 15000) after setting slot 1 (20000) so half the gas used exceeds 15000
    const code = asm('PUSH 1 PUSH 1 SSTORE PUSH 0 PUSH 0 SSTORE')
    const result = callContract(code, { storage: { '0': 7n } })
    const beforeRefund = 21000n + 3n + 3n + 20000n + 2n + 2n + 5000n
    expect(result.gasUsedBeforeRefund).toBe(beforeRefund)
    expect(result.gasRefund).toBe(15000n)
    expect(result.gasUsed).toBe(beforeRefund - 15000n)
  })

  test('CALL with value to a new account costs 700 + 9000 + 25000 and pays the stipend up front', () => {
    // CALL(gas=0, to=OTHER (absent), value=1, no input, no output)
    const code = asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 1 PUSH ${OTHER} PUSH 0 CALL`)
    const result = callContract(code)
    expect(result.success).toBe(true)
    // pushes: 4×PUSH0 (2) + PUSH1 (3) + PUSH20 (3) + PUSH0 (2) = 16; the 2300 stipend is refunded
    expect(result.gasUsed).toBe(21000n + 16n + 700n + 9000n + 25000n)
    expect(result.callWithValue).toBe(true)
    expect(result.state.getAccount(OTHER)?.balance).toBe(1n)
  })

  test('CALL without value to a missing account still pays NEW_ACCT_CALL and creates it, as RSKj does', () => {
    const code = asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${OTHER} PUSH 0 CALL`)
    const result = callContract(code)
    expect(result.gasUsed).toBe(21000n + 2n * 5n + 3n + 2n + 700n + 25000n)
    // MutableRepository.addBalance creates the account before returning early for a zero value
    expect(result.state.getAccount(OTHER)?.balance).toBe(0n)
  })

  test('BASEFEE reads the block minimum gas price for 2 gas', () => {
    const result = callContract(asm('BASEFEE PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN'))
    expect(BigInt(bytesToHex(result.returnData))).toBe(60_000_000n)
    // BASEFEE 2, PUSH0 2, MSTORE 3 + 3 memory, PUSH1 3, PUSH0 2, RETURN 0
    expect(result.gasUsed).toBe(21000n + 2n + 2n + 6n + 3n + 2n)
  })

  test('fees go to the fee recipient and the rest of the gas back to the sender', () => {
    const result = callContract(asm('STOP'), { gasPrice: 10n, gasLimit: 50_000n })
    expect(result.gasUsed).toBe(21000n)
    expect(result.state.getAccount(REMASC)?.balance).toBe(210_000n)
    expect(result.state.getAccount(SENDER)?.balance).toBe(10n ** 24n - 210_000n)
    expect(result.state.getAccount(SENDER)?.nonce).toBe(1n)
  })

  test('intrinsic gas charges 4 per zero and 16 per non-zero calldata byte', () => {
    expect(intrinsicGas({ data: Uint8Array.of(0, 1, 0, 2), isCreate: false })).toBe(21000n + 8n + 32n)
    // creation: 53000 + 2 per initcode word
    expect(intrinsicGas({ data: new Uint8Array(33).fill(1), isCreate: true })).toBe(53000n + 4n + 33n * 16n)
  })
})
