import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { create2Address, createAddress } from './address.js'
import { asm } from './testing/assembler.js'
import { CONTRACT, callContract, OTHER, SENDER } from './testing/harness.js'

const MAX = (1n << 256n) - 1n
const RETURN_TOP = 'PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN'
/** CALL(gas, OTHER, value, no input, output to memory 0..32). */
const callOther = (gas: string, value = 0n, op = 'CALL') =>
  `PUSH 32 PUSH 0 PUSH 0 PUSH 0 ${op === 'CALL' || op === 'CALLCODE' ? `PUSH ${value}` : ''} PUSH ${OTHER} ${gas} ${op}`

function word(bytes: Uint8Array): bigint {
  return BigInt(bytesToHex(bytes))
}

describe('calls', () => {
  test('without the 63/64 rule a callee asking for everything gets all the remaining gas', () => {
    // callee stores the gas it sees; caller: 5 pushes (4×PUSH0 + PUSH20 + PUSH32) then CALL 700
    const callee = asm('GAS PUSH 0 SSTORE')
    const result = callContract(asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${OTHER} PUSH ${MAX} CALL`), {
      gasLimit: 200_000n,
      accounts: { [OTHER]: { code: callee } },
    })
    const available = 200_000 - 21000 - 5 * 2 - 3 - 3 - 700
    expect(result.state.getStorage(OTHER, 0n)).toBe(BigInt(available - 2))
    expect(result.movedRemainingGasToChild).toBe(true)
  })

  test('a callee given less than it asks for does not set movedRemainingGasToChild', () => {
    const result = callContract(asm(`${callOther('PUSH 5000')} POP`), {
      accounts: { [OTHER]: { code: asm('STOP') } },
    })
    expect(result.movedRemainingGasToChild).toBe(false)
  })

  test('the stipend is charged to the caller and refunded when unused', () => {
    const accounts = { [OTHER]: { balance: 1n, code: asm('STOP') } }
    const withValue = callContract(asm(`${callOther('PUSH 0', 1n)} POP`), { accounts })
    const withoutValue = callContract(asm(`${callOther('PUSH 0', 0n)} POP`), { accounts })
    expect(withValue.gasUsed - withoutValue.gasUsed).toBe(9000n + 1n) // VT_CALL, and PUSH1 1 vs PUSH0
    expect(withValue.state.getAccount(OTHER)?.balance).toBe(2n)
  })

  test('a value call needs 2300 gas left after its cost', () => {
    // 21000 + pushes 17 + 700 + 9000 + 3 memory = 30720; the unused stipend pays for the POP
    const code = asm(`${callOther('PUSH 0', 1n)} POP`)
    const accounts = { [OTHER]: { code: asm('STOP') } }
    expect(callContract(code, { accounts, gasLimit: 30720n + 2300n }).success).toBe(true)
    expect(callContract(code, { accounts, gasLimit: 30720n + 2299n }).error).toBe('out of gas')
  })

  test('a failing callee consumes its gas, a reverting one returns it with its data', () => {
    const failing = callContract(asm(`${callOther('PUSH 10000')} ${RETURN_TOP}`), {
      accounts: { [OTHER]: { code: asm('INVALID') } },
    })
    expect(word(failing.returnData)).toBe(0n)
    const reverting = callContract(asm(`${callOther('PUSH 10000')} POP RETURNDATASIZE ${RETURN_TOP}`), {
      accounts: { [OTHER]: { code: asm('PUSH 0xdead PUSH 0 MSTORE PUSH 2 PUSH 30 REVERT') } },
    })
    expect(word(reverting.returnData)).toBe(2n)
    expect(failing.gasUsed - reverting.gasUsed).toBeGreaterThan(9000n)
  })

  test('a reverting callee undoes its storage, logs, transient storage and value', () => {
    const callee = asm('PUSH 1 PUSH 0 SSTORE PUSH 0 PUSH 0 LOG0 PUSH 3 PUSH 0 TSTORE PUSH 0 PUSH 0 REVERT')
    const result = callContract(asm(`${callOther('PUSH 100000', 5n)} POP PUSH 0 TLOAD ${RETURN_TOP}`), {
      accounts: { [OTHER]: { code: callee } },
    })
    expect(result.logs).toHaveLength(0)
    expect(result.state.getStorage(OTHER, 0n)).toBe(0n)
    expect(result.state.getAccount(OTHER)?.balance ?? 0n).toBe(0n)
  })

  test('DELEGATECALL runs foreign code on the caller storage with the caller context', () => {
    const callee = asm('CALLER PUSH 1 SSTORE CALLVALUE PUSH 2 SSTORE')
    const result = callContract(asm(`${callOther('PUSH 50000', 0n, 'DELEGATECALL')} POP`), {
      value: 3n,
      accounts: { [OTHER]: { code: callee } },
    })
    expect(result.state.getStorage(CONTRACT, 1n)).toBe(BigInt(SENDER))
    expect(result.state.getStorage(CONTRACT, 2n)).toBe(3n)
    expect(result.state.getStorage(OTHER, 1n)).toBe(0n)
  })

  test('STATICCALL forbids every state change', () => {
    for (const body of [
      'PUSH 1 PUSH 0 SSTORE',
      'PUSH 1 PUSH 0 TSTORE',
      'PUSH 0 PUSH 0 LOG0',
      'PUSH 0 PUSH 0 PUSH 0 CREATE',
      `PUSH ${SENDER} SELFDESTRUCT`,
      `PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 1 PUSH ${SENDER} PUSH 0 CALL`,
    ]) {
      const result = callContract(asm(`${callOther('PUSH 100000', 0n, 'STATICCALL')} ${RETURN_TOP}`), {
        accounts: { [OTHER]: { code: asm(body), balance: 10n } },
      })
      expect(word(result.returnData), body).toBe(0n)
    }
  })

  test('the call stack stops at depth 1024', () => {
    // calls itself with all its gas until the depth limit refuses the call
    let deepest = 0
    const result = callContract(asm('PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 ADDRESS GAS CALL'), {
      gasLimit: 3_000_000n,
      options: {
        tracer: {
          onCallEnter: (frame) => {
            deepest = Math.max(deepest, frame.depth)
          },
        },
      },
    })
    expect(result.success).toBe(true)
    expect(deepest).toBe(1024)
  })

  test('EXTCODESIZE of a precompile is the largest word and EXTCODEHASH the empty hash (RSKIP90)', () => {
    const precompile = '0x0000000000000000000000000000000000000004'
    const size = callContract(asm(`PUSH ${precompile} EXTCODESIZE ${RETURN_TOP}`))
    expect(word(size.returnData)).toBe(MAX)
    const hash = callContract(asm(`PUSH ${precompile} EXTCODEHASH ${RETURN_TOP}`))
    expect(bytesToHex(hash.returnData)).toBe(
      '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    )
  })

  test('a failing precompile returns 0 but refunds its unused gas (RSKIP197)', () => {
    // blake2f with a bad input costs 0 and fails; the 100000 gas given comes back
    const accounts = { '0x0000000000000000000000000000000000000009': { balance: 1n } }
    const blake = callContract(
      asm(`PUSH 0 PUSH 0 PUSH 5 PUSH 0 PUSH 0 PUSH 9 PUSH 100000 CALL ${RETURN_TOP}`),
      {
        accounts,
      },
    )
    expect(word(blake.returnData)).toBe(0n)
    // pushes 17, CALL 700 + 3 for the input word, then PUSH0 MSTORE PUSH1 PUSH0 RETURN 10
    expect(blake.gasUsed).toBe(21000n + 17n + 703n + 10n)
    // a precompile given less gas than it needs keeps all of it
    const starved = callContract(
      asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 1 PUSH 2999 CALL ${RETURN_TOP}`),
      {
        accounts: { '0x0000000000000000000000000000000000000001': { balance: 1n } },
      },
    )
    expect(word(starved.returnData)).toBe(0n)
    expect(starved.gasUsed - blake.gasUsed).toBeGreaterThan(2900n)
  })
})

describe('creates', () => {
  // init code returning the 1-byte runtime 0x00 (STOP)
  const init = asm('PUSH 1 PUSH 0 PUSH 0 MSTORE8 PUSH 0 RETURN')
  const storeInit = (offset: number) => `PUSH ${bytesToHex(init)} PUSH ${offset} MSTORE`
  const initOffset = 32 - init.length

  test('CREATE derives the address from sender and nonce and sets the new nonce to 1', () => {
    const result = callContract(
      asm(`${storeInit(0)} PUSH ${init.length} PUSH ${initOffset} PUSH 0 CREATE ${RETURN_TOP}`),
      {
        accounts: {},
      },
    )
    const expected = createAddress(CONTRACT, 0n)
    expect(bytesToHex(result.returnData.subarray(12))).toBe(expected)
    expect(result.state.getAccount(expected)?.nonce).toBe(1n)
    expect(result.state.getAccount(CONTRACT)?.nonce).toBe(1n)
    expect(result.state.getCode(expected)).toEqual(Uint8Array.of(0))
  })

  test('CREATE2 derives the address from salt and init code', () => {
    const result = callContract(
      asm(`${storeInit(0)} PUSH 0x42 PUSH ${init.length} PUSH ${initOffset} PUSH 0 CREATE2 ${RETURN_TOP}`),
    )
    const salt = new Uint8Array(32)
    salt[31] = 0x42
    expect(bytesToHex(result.returnData.subarray(12))).toBe(create2Address(CONTRACT, salt, init))
  })

  // A failed CREATE keeps all the gas it was given, which on RSK is everything the caller had
  // left: the caller can only STOP afterwards. Each case therefore ends with CREATE STOP.

  test('CREATE2 at an address that already holds code fails and consumes all the gas', () => {
    const salt = new Uint8Array(32)
    const taken = create2Address(CONTRACT, salt, init)
    const code = asm(`${storeInit(0)} PUSH 0 PUSH ${init.length} PUSH ${initOffset} PUSH 0 CREATE2 STOP`)
    const result = callContract(code, { accounts: { [taken]: { code: asm('STOP') } }, gasLimit: 500_000n })
    expect(result.success).toBe(true)
    expect(result.gasUsedBeforeRefund).toBe(500_000n)
    expect(result.state.getCode(taken)).toEqual(asm('STOP'))
  })

  const deployReturning = (runtimeSource: string) => {
    const initCode = asm(runtimeSource)
    const length = initCode.length
    const code = `PUSH ${bytesToHex(initCode)} PUSH 0 MSTORE PUSH ${length} PUSH ${32 - length} PUSH 0 CREATE STOP`
    const result = callContract(asm(code), { gasLimit: 6_000_000n })
    return { result, deployed: result.state.getCode(createAddress(CONTRACT, 0n)) }
  }

  test('the new contract cannot start with 0xEF (RSKIP544)', () => {
    const { result, deployed } = deployReturning('PUSH 0xef PUSH 0 MSTORE8 PUSH 1 PUSH 0 RETURN')
    expect(deployed.length).toBe(0)
    expect(result.gasUsedBeforeRefund).toBe(6_000_000n)
    expect(deployReturning('PUSH 0xee PUSH 0 MSTORE8 PUSH 1 PUSH 0 RETURN').deployed).toEqual(
      Uint8Array.of(0xee),
    )
  })

  test('code larger than 0x6000 bytes is rejected, 0x6000 is accepted', () => {
    expect(deployReturning('PUSH 0x6000 PUSH 0 RETURN').deployed.length).toBe(0x6000)
    expect(deployReturning('PUSH 0x6001 PUSH 0 RETURN').deployed.length).toBe(0)
  })

  test('init code above 0xC000 bytes makes CREATE fail the frame', () => {
    const result = callContract(asm('PUSH 0xc001 PUSH 0 PUSH 0 CREATE'), { gasLimit: 6_000_000n })
    expect(result.error).toBe('initcode size exceeded')
  })

  test('after a reverted CREATE the return data is empty, as in RSKj', () => {
    const revert = asm('PUSH 0xdead PUSH 0 MSTORE PUSH 2 PUSH 30 REVERT')
    const code = asm(
      `PUSH ${bytesToHex(revert)} PUSH 0 MSTORE PUSH ${revert.length} PUSH ${32 - revert.length} PUSH 0 CREATE POP RETURNDATASIZE ${RETURN_TOP}`,
    )
    expect(word(callContract(code).returnData)).toBe(0n)
  })
})

describe('selfdestruct', () => {
  test('moves the balance, deletes the account at the end and refunds 24000', () => {
    const result = callContract(asm(`PUSH ${OTHER} SELFDESTRUCT`), { accounts: { [OTHER]: { balance: 1n } } })
    expect(result.state.getAccount(OTHER)?.balance).toBe(1001n)
    expect(result.diff.get(CONTRACT)?.account).toBeNull()
    expect(result.gasUsedBeforeRefund).toBe(21000n + 3n + 5000n)
    expect(result.gasRefund).toBe((21000n + 3n + 5000n) / 2n)
  })

  test('to a missing beneficiary costs 25000 more', () => {
    const result = callContract(asm(`PUSH ${OTHER} SELFDESTRUCT`))
    expect(result.gasUsedBeforeRefund).toBe(21000n + 3n + 5000n + 25000n)
  })

  test('to itself burns the balance', () => {
    const result = callContract(asm('ADDRESS SELFDESTRUCT'))
    expect(result.state.getAccount(CONTRACT)).toBeUndefined()
  })
})

describe('accounts deleted earlier in the block', () => {
  test('cannot be re-created by CREATE2 until the block ends (RSKIP125)', () => {
    const init = asm('PUSH 1 PUSH 0 PUSH 0 MSTORE8 PUSH 0 RETURN')
    const target = create2Address(CONTRACT, new Uint8Array(32), init)
    const code = asm(
      `PUSH ${bytesToHex(init)} PUSH 0 MSTORE PUSH 0 PUSH ${init.length} PUSH ${32 - init.length} PUSH 0 CREATE2 STOP`,
    )
    const refused = callContract(code, { options: { deletedAccounts: new Set([target]) } })
    expect(refused.state.getAccount(target)).toBeUndefined()
    const allowed = callContract(code)
    expect(allowed.state.getCode(target)).toEqual(Uint8Array.of(0))
  })
})

describe('refunds inside init code', () => {
  test('are dropped when CREATE returns, as RSKj merges none from the child', () => {
    // init code sets and clears slot 0 (a 15000 refund in the child), then returns nothing
    const init = asm('PUSH 1 PUSH 0 SSTORE PUSH 0 PUSH 0 SSTORE')
    const code = asm(
      `PUSH ${bytesToHex(init)} PUSH 0 MSTORE PUSH ${init.length} PUSH ${32 - init.length} PUSH 0 CREATE POP`,
    )
    const result = callContract(code, { gasLimit: 200_000n })
    expect(result.success).toBe(true)
    expect(result.gasRefund).toBe(0n)
  })

  test('are kept when the clearing happens in a called contract', () => {
    const callee = asm('PUSH 1 PUSH 0 SSTORE PUSH 0 PUSH 0 SSTORE')
    const result = callContract(
      asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${OTHER} PUSH 100000 CALL POP`),
      {
        accounts: { [OTHER]: { code: callee } },
      },
    )
    expect(result.gasRefund).toBe(15000n)
  })
})
