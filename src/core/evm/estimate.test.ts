import { describe, expect, test } from 'vitest'
import { estimateGasFromResult } from './estimate.js'
import { asm } from './testing/assembler.js'
import { BLOCK, CONTRACT, OTHER, SENDER } from './testing/harness.js'
import { MemoryState } from './testing/memoryState.js'
import { executeTransaction } from './transaction.js'

function estimate(code: Uint8Array, accounts: Record<string, { code?: Uint8Array; balance?: bigint }> = {}) {
  const state = new MemoryState({ [CONTRACT]: { code, balance: 10n }, ...accounts })
  const result = executeTransaction(
    state,
    { from: SENDER, to: CONTRACT, value: 0n, data: new Uint8Array(0), gasLimit: 6_800_000n, gasPrice: 0n },
    BLOCK,
    { localCall: true },
  )
  return { result, estimate: estimateGasFromResult(result, 6_800_000n) }
}

describe('estimateGasFromResult', () => {
  test('is the peak gas of a simple call', () => {
    const { result, estimate: gas } = estimate(asm('PUSH 1 PUSH 0 SSTORE'))
    expect(gas).toBe(result.maxGasUsed)
    expect(gas).toBe(21000n + 3n + 2n + 20000n)
  })

  test('covers the refund: the peak is before the refund is paid', () => {
    const state = asm('PUSH 0 PUSH 0 SSTORE')
    const { result, estimate: gas } = estimate(state)
    expect(gas).toBe(result.gasUsedBeforeRefund)
  })

  test('adds the stipend when a CALL carries value', () => {
    const code = asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 1 PUSH ${OTHER} PUSH 0 CALL`)
    const { result, estimate: gas } = estimate(code, { [OTHER]: { balance: 1n } })
    expect(result.callWithValue).toBe(true)
    expect(gas).toBe(result.maxGasUsed + 2300n)
  })

  test('uses gas used plus refund when a callee received all the remaining gas', () => {
    const code = asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${OTHER} GAS CALL`)
    const { result, estimate: gas } = estimate(code, { [OTHER]: { code: asm('STOP') } })
    expect(result.movedRemainingGasToChild).toBe(true)
    expect(gas).toBe(result.gasUsed + (result.gasRefund ?? 0n))
  })

  test('never exceeds the cap', () => {
    expect(
      estimateGasFromResult(
        { gasUsed: 10n, maxGasUsed: 9_000_000n, callWithValue: true, gasRefund: 0n },
        6_800_000n,
      ),
    ).toBe(6_800_000n)
  })
})
