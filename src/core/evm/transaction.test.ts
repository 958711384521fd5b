import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { createAddress } from './address.js'
import { asm } from './testing/assembler.js'
import { BLOCK, CONTRACT, callContract, OTHER, REMASC, SENDER } from './testing/harness.js'
import { MemoryState } from './testing/memoryState.js'
import { executeTransaction, InvalidTransactionError } from './transaction.js'
import type { Message, StepInfo } from './types.js'

const FUNDS = 10n ** 18n

function world(): MemoryState {
  return new MemoryState({ [SENDER]: { balance: FUNDS, nonce: 3n } })
}

function transfer(overrides: Partial<Message> = {}): Message {
  return {
    from: SENDER,
    to: OTHER,
    value: 1000n,
    data: new Uint8Array(0),
    gasLimit: 21000n,
    gasPrice: 2n,
    nonce: 3n,
    ...overrides,
  }
}

describe('validation', () => {
  test('a wrong nonce is refused with RSKj wording', () => {
    expect(() => executeTransaction(world(), transfer({ nonce: 4n }), BLOCK)).toThrow(
      new InvalidTransactionError('Invalid nonce: required: 3 , tx.nonce: 4'),
    )
  })

  test('a gas limit below the intrinsic cost is refused', () => {
    expect(() => executeTransaction(world(), transfer({ gasLimit: 20999n }), BLOCK)).toThrow(/Not enough gas/)
  })

  test('a gas limit above what is left in the block is refused', () => {
    expect(() => executeTransaction(world(), transfer(), BLOCK, { blockGasUsed: 6_790_000n })).toThrow(
      /Too much gas/,
    )
  })

  test('value plus gas beyond the balance is refused', () => {
    expect(() => executeTransaction(world(), transfer({ value: FUNDS }), BLOCK)).toThrow(/Not enough cash/)
  })

  test('a creation with more than 0xC000 bytes of init code is refused', () => {
    const tx = transfer({
      to: undefined,
      data: new Uint8Array(0xc001),
      gasLimit: 6_000_000n,
      value: 0n,
      gasPrice: 0n,
    })
    expect(() => executeTransaction(world(), tx, BLOCK)).toThrow(/Initcode size/)
  })
})

describe('value transfers and fees', () => {
  test('a plain transfer moves value, bumps the nonce and pays the fee to the recipient', () => {
    const state = world()
    const result = executeTransaction(state, transfer(), BLOCK, { feeRecipient: REMASC })
    state.applyDiff(result.diff)
    expect(result.success).toBe(true)
    expect(result.gasUsed).toBe(21000n)
    expect(state.getAccount(OTHER)?.balance).toBe(1000n)
    expect(state.getAccount(SENDER)).toMatchObject({ nonce: 4n, balance: FUNDS - 1000n - 42000n })
    expect(state.getAccount(REMASC)?.balance).toBe(42000n)
  })

  test('without a fee recipient the fees go to the coinbase', () => {
    const result = executeTransaction(world(), transfer(), BLOCK)
    expect(result.diff.get(BLOCK.coinbase)?.account?.balance).toBe(42000n)
  })

  test('a reverted call keeps the nonce and fee but undoes the value and state', () => {
    const state = new MemoryState({
      [SENDER]: { balance: FUNDS, nonce: 3n },
      [CONTRACT]: { code: asm('PUSH 1 PUSH 0 SSTORE PUSH 0 PUSH 0 REVERT') },
    })
    const result = executeTransaction(state, transfer({ to: CONTRACT, gasLimit: 100_000n }), BLOCK)
    state.applyDiff(result.diff)
    expect(result).toMatchObject({
      success: false,
      reverted: true,
      gasUsed: 21000n + 2n + 3n + 20000n + 2n + 2n,
    })
    expect(state.getStorage(CONTRACT, 0n)).toBe(0n)
    expect(state.getAccount(CONTRACT)?.balance).toBe(0n)
    expect(state.getAccount(SENDER)).toMatchObject({ nonce: 4n, balance: FUNDS - 2n * result.gasUsed })
  })

  test('a failed call consumes the whole gas limit', () => {
    const result = callContract(asm('INVALID'), { gasLimit: 80_000n })
    expect(result).toMatchObject({
      success: false,
      reverted: false,
      error: 'invalid opcode',
      gasUsed: 80_000n,
    })
  })
})

describe('contract creation', () => {
  // init code returning the runtime PUSH1 42 PUSH0 MSTORE PUSH1 32 PUSH0 RETURN
  const runtime = asm('PUSH 42 PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN')
  const init = asm(
    `PUSH ${bytesToHex(runtime)} PUSH 0 MSTORE PUSH ${runtime.length} PUSH ${32 - runtime.length} RETURN`,
  )

  test('deploys at the sender/nonce address, charges 200 per code byte, leaves the new nonce at 0', () => {
    const state = world()
    const result = executeTransaction(
      state,
      transfer({ to: undefined, data: init, value: 0n, gasLimit: 200_000n }),
      BLOCK,
    )
    state.applyDiff(result.diff)
    const address = createAddress(SENDER, 3n)
    expect(result.contractAddress).toBe(address)
    expect(state.getCode(address)).toEqual(runtime)
    // RSKj's TransactionExecutor never bumps the nonce of a contract created by a transaction
    expect(state.getAccount(address)?.nonce).toBe(0n)
    const intrinsic = 53000n + 2n + 16n * BigInt(init.length)
    const execution = 3n + 2n + 3n + 3n + 3n + 3n + 0n // PUSH10 PUSH0 MSTORE(3+3) PUSH1 PUSH1 RETURN
    expect(result.gasUsed).toBe(intrinsic + execution + 200n * BigInt(runtime.length))
  })

  test('a creation that cannot pay for its code fails and consumes all gas', () => {
    const gasLimit = 53000n + 2n + 16n * BigInt(init.length) + 17n + 200n * BigInt(runtime.length) - 1n
    const result = executeTransaction(
      world(),
      transfer({ to: undefined, data: init, value: 0n, gasLimit }),
      BLOCK,
    )
    expect(result).toMatchObject({ success: false, gasUsed: gasLimit, contractAddress: undefined })
  })
})

describe('local calls (eth_call, eth_estimateGas)', () => {
  test('skip validation and fees, keep the nonce, but still move value', () => {
    const state = new MemoryState({
      [CONTRACT]: { code: asm('SELFBALANCE PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN') },
    })
    const result = executeTransaction(
      state,
      { from: SENDER, to: CONTRACT, value: 5n, data: new Uint8Array(0), gasLimit: 100_000n, gasPrice: 10n },
      BLOCK,
      { localCall: true },
    )
    expect(result.success).toBe(true)
    expect(BigInt(bytesToHex(result.returnData))).toBe(5n)
    expect(result.diff.get(SENDER)?.account?.nonce ?? 0n).toBe(0n)
    expect(result.diff.get(SENDER)?.account?.balance).toBe(-5n)
    expect(result.diff.get(BLOCK.coinbase)).toBeUndefined()
  })

  test('report the peak gas and the refund for estimation', () => {
    const state = new MemoryState({
      [CONTRACT]: { code: asm('PUSH 0 PUSH 0 SSTORE PUSH 0 PUSH 1 SSTORE'), storage: { '0': 1n, '1': 1n } },
    })
    const result = executeTransaction(
      state,
      { from: SENDER, to: CONTRACT, value: 0n, data: new Uint8Array(0), gasLimit: 100_000n, gasPrice: 0n },
      BLOCK,
      { localCall: true },
    )
    const beforeRefund = 21000n + 3n * 2n + 3n + 2n * 5000n
    expect(result.maxGasUsed).toBe(beforeRefund)
    expect(result.gasRefund).toBe(beforeRefund / 2n)
    expect(result.gasUsed + (result.gasRefund ?? 0n)).toBe(beforeRefund)
  })

  test('with a gas limit below the intrinsic cost fail out of gas', () => {
    const state = new MemoryState({ [CONTRACT]: { code: asm('STOP') } })
    const result = executeTransaction(
      state,
      { from: SENDER, to: CONTRACT, value: 0n, data: new Uint8Array(0), gasLimit: 20_000n, gasPrice: 0n },
      BLOCK,
      { localCall: true },
    )
    expect(result).toMatchObject({ success: false, error: 'out of gas' })
  })
})

describe('tracer', () => {
  test('sees each step with its gas cost and each call frame', () => {
    const steps: StepInfo[] = []
    const frames: string[] = []
    const callee = asm('PUSH 7 PUSH 1 SSTORE')
    callContract(
      asm(`PUSH 2 PUSH 3 ADD POP PUSH 0 PUSH 0 PUSH 0 PUSH 0 PUSH ${OTHER} PUSH 30000 STATICCALL`),
      {
        accounts: { [OTHER]: { code: callee } },
        options: {
          tracer: {
            onStep: (step) => steps.push(step),
            onCallEnter: (frame) => frames.push(`enter ${frame.type} depth ${frame.depth} gas ${frame.gas}`),
            onCallExit: (exit) => frames.push(`exit ${exit.success ? 'ok' : exit.error}`),
          },
        },
      },
    )
    expect(steps.map((s) => s.opName).slice(0, 4)).toEqual(['PUSH1', 'PUSH1', 'ADD', 'POP'])
    expect(steps[2]).toMatchObject({
      pc: 4,
      gas: 1_000_000n - 21000n - 6n,
      gasCost: 3n,
      depth: 0,
      stack: [2n, 3n],
    })
    expect(steps.find((s) => s.opName === 'STATICCALL')?.gasCost).toBe(700n + 30000n)
    expect(steps.filter((s) => s.depth === 1).map((s) => s.opName)).toEqual(['PUSH1', 'PUSH1', 'SSTORE'])
    expect(frames).toEqual([
      'enter CALL depth 0 gas 979000',
      'enter STATICCALL depth 1 gas 30000',
      'exit static call state modification',
      'exit ok',
    ])
  })
})
