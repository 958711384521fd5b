/**
 * Two details where Ethereum's state tests showed the EVM apart from RSKj:
 * - a CALL / CALLCODE whose value the caller cannot afford still grows memory over the call's
 *   input range (RSKj `Program.callToAddress` reads the input before the balance check);
 * - gas is a 64-bit quantity (RSKj's Java `long`): with a gas limit above 2^53 the GAS opcode,
 *   the gas handed to a callee and the gas used are exact.
 */
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { asm } from './testing/assembler.js'
import { BLOCK, callContract, OTHER } from './testing/harness.js'

const RETURN_TOP = 'PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN'

function word(bytes: Uint8Array): bigint {
  return BigInt(bytesToHex(bytes))
}

describe('memory of a call the caller cannot afford', () => {
  test.each(['CALL', 'CALLCODE'])('%s with a 0x100-byte input leaves MSIZE 0x100', (op) => {
    // CALL(gas, OTHER, value 10^30 (more than the contract's 1000), in 0..0x100, out 0..0)
    const code = asm(
      `PUSH 0 PUSH 0 PUSH 0x100 PUSH 0 PUSH ${10n ** 30n} PUSH ${OTHER} PUSH 50000 ${op} POP MSIZE ${RETURN_TOP}`,
    )
    const result = callContract(code, { accounts: { [OTHER]: { code: asm('STOP') } } })
    expect(result.success).toBe(true)
    expect(word(result.returnData)).toBe(0x100n)
  })

  test('the output range grows memory too, whichever is larger', () => {
    const code = asm(
      `PUSH 0x40 PUSH 0x200 PUSH 0x20 PUSH 0 PUSH ${10n ** 30n} PUSH ${OTHER} PUSH 50000 CALL POP MSIZE ${RETURN_TOP}`,
    )
    const result = callContract(code, { accounts: { [OTHER]: { code: asm('STOP') } } })
    expect(word(result.returnData)).toBe(0x240n)
  })
})

describe('gas above 2^53', () => {
  const LIMIT = 0x7fe0000000000001n
  const block = { ...BLOCK, gasLimit: 1n << 63n }

  function run(code: Uint8Array, accounts: Record<string, { code: Uint8Array }> = {}) {
    return callContract(code, { gasLimit: LIMIT, gasPrice: 0n, block, accounts })
  }

  test('GAS under a gas limit of 0x7fe0000000000001 is the limit less 21000 less its own 2', () => {
    const result = run(asm(`GAS ${RETURN_TOP}`))
    expect(word(result.returnData)).toBe(0x7fdfffffffffadf7n)
    // GAS 2, PUSH0 2, MSTORE 3 + 3 memory, PUSH1 3, PUSH0 2, RETURN 0
    expect(result.gasUsed).toBe(21000n + 15n)
  })

  test('a callee handed all the gas sees it exactly and gives back what it leaves', () => {
    const callee = asm('GAS PUSH 0 SSTORE')
    const result = run(
      asm(
        `PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${OTHER} PUSH ${(1n << 256n) - 1n} CALL POP GAS ${RETURN_TOP}`,
      ),
      { [OTHER]: { code: callee } },
    )
    expect(result.success).toBe(true)
    // 21000, five PUSH0 (10), PUSH20 (3), PUSH32 (3), CALL (700), then the callee's GAS (2)
    const seen = LIMIT - 21000n - 10n - 3n - 3n - 700n - 2n
    expect(result.state.getStorage(OTHER, 0n)).toBe(seen)
    // The callee spent GAS 2, PUSH0 2, SSTORE 20000; the caller then POP 2 and GAS 2.
    const left = seen - 2n - 20000n - 2n - 2n
    expect(word(result.returnData)).toBe(left)
  })

  test('a callee asking for more than 2^53 but less than all gets exactly what it asks', () => {
    const asked = (1n << 60n) + 12345n
    const callee = asm('GAS PUSH 0 SSTORE')
    const result = run(
      asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${OTHER} PUSH ${asked} CALL POP GAS ${RETURN_TOP}`),
      {
        [OTHER]: { code: callee },
      },
    )
    expect(result.state.getStorage(OTHER, 0n)).toBe(asked - 2n)
    expect(word(result.returnData)).toBe(
      LIMIT - 21000n - 10n - 3n - 3n - 700n - 2n - 20000n - 2n - 2n - 2n + 0n,
    )
  })
})
