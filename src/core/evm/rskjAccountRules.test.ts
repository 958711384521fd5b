/**
 * Account creation as RSKj's repository does it, where Rootstock differs from Ethereum after
 * EIP-161: a zero-value transfer creates its target (`MutableRepository.addBalance` →
 * `getAccountStateOrCreateNew`), and a CREATE onto an address that already has storage keeps it
 * (`MutableRepository.createAccount` rewrites only the account record).
 */
import { describe, expect, test } from 'vitest'
import { KECCAK256_EMPTY } from '../crypto/hash.js'
import { bytesToHex } from '../util/hex.js'
import { create2Address } from './address.js'
import { asm } from './testing/assembler.js'
import { BLOCK, CONTRACT, callContract, REMASC, SENDER } from './testing/harness.js'
import { MemoryState } from './testing/memoryState.js'
import { executeTransaction } from './transaction.js'
import { wordToBytes } from './words.js'

const ABSENT = `0x${'ab'.repeat(20)}` as const
const IDENTITY = '0x0000000000000000000000000000000000000004' as const
const CALLER_OF_ABSENT = `0x${'c1'.repeat(20)}` as const

/** `CALL(gas 0, to, value 0)` with no input or output, result popped. */
const zeroValueCall = (to: string) => `PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${to} PUSH 0 CALL POP`

describe('a zero-value call creates its target (Program.callToAddress → MutableRepository.addBalance)', () => {
  test('the second zero-value CALL to the same absent account no longer pays NEW_ACCT_CALL', () => {
    const once = callContract(asm(`${zeroValueCall(ABSENT)} STOP`))
    const twice = callContract(asm(`${zeroValueCall(ABSENT)} ${zeroValueCall(ABSENT)} STOP`))
    // six PUSH0 (2 each), the address's PUSH20 (3), CALL (700), POP (2)
    const perCall = 6n * 2n + 3n + 700n + 2n
    expect(once.gasUsed).toBe(21000n + perCall + 25000n)
    // RSKj: 700 for the second call, not 25,700 (the account exists once the first call made it)
    expect(twice.gasUsed - once.gasUsed).toBe(perCall)
    expect(twice.state.getAccount(ABSENT)).toEqual({ nonce: 0n, balance: 0n, codeHash: KECCAK256_EMPTY })
  })

  test('EXTCODEHASH of an account created by a zero-value CALL is keccak("")', () => {
    const result = callContract(
      asm(`${zeroValueCall(ABSENT)} PUSH ${ABSENT} EXTCODEHASH PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN`),
    )
    expect(bytesToHex(result.returnData)).toBe(bytesToHex(KECCAK256_EMPTY))
  })

  test('a STATICCALL creates its absent target too, without the NEW_ACCT_CALL charge', () => {
    const result = callContract(asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${ABSENT} PUSH 0 STATICCALL POP STOP`))
    // STATICCALL 700 + six pushes (PUSH0 2 each, the address PUSH20 3) + POP 2
    expect(result.gasUsed).toBe(21000n + 700n + 5n * 2n + 3n + 2n)
    expect(result.state.getAccount(ABSENT)).toBeDefined()
  })

  test('a zero-value call to a precompile creates its account (Program.callToPrecompiledAddress → transfer)', () => {
    const result = callContract(
      asm(`PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${IDENTITY} PUSH 100 CALL POP STOP`),
    )
    expect(result.state.getAccount(IDENTITY)).toEqual({ nonce: 0n, balance: 0n, codeHash: KECCAK256_EMPTY })
  })

  test('the creation is undone with the frame that made it when that frame reverts', () => {
    const reverter = asm(`${zeroValueCall(ABSENT)} PUSH 0 PUSH 0 REVERT`)
    const result = callContract(asm(`${zeroValueCall(CALLER_OF_ABSENT)} STOP`), {
      accounts: { [CALLER_OF_ABSENT]: { code: reverter, nonce: 1n } },
      gasLimit: 200_000n,
    })
    expect(result.state.getAccount(ABSENT)).toBeUndefined()
  })

  test('a zero-value transaction to an absent address creates it (TransactionExecutor.call → transfer)', () => {
    const state = new MemoryState({ [SENDER]: { balance: 10n ** 24n } })
    const tx = {
      from: SENDER,
      to: ABSENT,
      value: 0n,
      data: new Uint8Array(0),
      gasLimit: 21000n,
      gasPrice: 1n,
      nonce: 0n,
    }
    const result = executeTransaction(state, tx, BLOCK, { feeRecipient: REMASC })
    state.applyDiff(result.diff)
    expect(result.success).toBe(true)
    expect(state.getAccount(ABSENT)).toEqual({ nonce: 0n, balance: 0n, codeHash: KECCAK256_EMPTY })
  })
})

describe('CREATE onto an address with storage keeps the storage (MutableRepository.createAccount, RSKIP125)', () => {
  // init code: SLOAD slot 1 into slot 2 (a fresh slot: 20,000), then overwrite slot 1 (5,000 as a reset)
  const initCode = asm('PUSH 1 SLOAD PUSH 2 SSTORE PUSH 9 PUSH 1 SSTORE STOP')
  const salt = 7n
  const target = create2Address(CONTRACT, wordToBytes(salt), initCode)
  const initHex = bytesToHex(initCode).slice(2)
  const factory = asm(
    `PUSH 0x${initHex} PUSH ${256 - initCode.length * 8} SHL PUSH 0 MSTORE
     PUSH ${salt} PUSH ${initCode.length} PUSH 0 PUSH 0 CREATE2 PUSH 0 SSTORE STOP`,
  )

  test('old slots read back and a write to one is charged as a reset', () => {
    const result = callContract(factory, {
      accounts: { [target]: { storage: { '1': 42n } } },
      gasLimit: 500_000n,
    })
    expect(result.success).toBe(true)
    expect(result.state.getStorage(CONTRACT, 0n)).toBe(BigInt(target))
    expect(result.state.getStorage(target, 2n)).toBe(42n)
    expect(result.state.getStorage(target, 1n)).toBe(9n)
    expect(result.state.getAccount(target)?.nonce).toBe(1n)

    const fresh = callContract(factory, { gasLimit: 500_000n })
    expect(fresh.state.getStorage(target, 2n)).toBe(0n)
    // fresh: slot 2 stays 0 (SSTORE of 0 onto 0 costs 5,000) and slot 1 is a new slot (20,000);
    // with storage: slot 2 is new (20,000) and slot 1 a reset (5,000). The totals are equal, so the
    // difference shows in which slot paid what: compare against a run whose slot 2 is pre-set.
    const both = callContract(factory, {
      accounts: { [target]: { storage: { '1': 42n, '2': 1n } } },
      gasLimit: 500_000n,
    })
    // both slots exist already: two resets (5,000 each) instead of one new slot and one reset
    expect(result.gasUsed - both.gasUsed).toBe(15000n)
  })
})
