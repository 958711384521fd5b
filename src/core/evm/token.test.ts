import { decodeErrorResult, decodeEventLog } from 'viem'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { createAddress } from './address.js'
import { TOKEN_ABI, tokenBalance, tokenCallData, tokenDeployData } from './fixtures/token.js'
import { BLOCK, OTHER, REMASC, SENDER } from './testing/harness.js'
import { MemoryState } from './testing/memoryState.js'
import { executeTransaction } from './transaction.js'
import type { Message } from './types.js'

describe('a compiled ERC-20', () => {
  const state = new MemoryState({ [SENDER]: { balance: 10n ** 20n } })
  let nonce = 0n
  const send = (tx: Omit<Message, 'from' | 'nonce' | 'gasPrice' | 'value'>) => {
    const result = executeTransaction(state, { ...tx, from: SENDER, nonce, gasPrice: 1n, value: 0n }, BLOCK, {
      feeRecipient: REMASC,
    })
    state.applyDiff(result.diff)
    nonce++
    return result
  }
  const token = createAddress(SENDER, 0n)

  test('deploys and mints the supply to the deployer', () => {
    const result = send({ data: tokenDeployData(1_000_000n), gasLimit: 2_000_000n })
    expect(result.success).toBe(true)
    expect(result.contractAddress).toBe(token)
    expect(tokenBalance(state, BLOCK, token, SENDER)).toBe(1_000_000n)
  })

  test('transfers tokens and emits Transfer', () => {
    const result = send({ to: token, data: tokenCallData('transfer', [OTHER, 250n]), gasLimit: 100_000n })
    expect(result.success).toBe(true)
    expect(tokenBalance(state, BLOCK, token, OTHER)).toBe(250n)
    expect(tokenBalance(state, BLOCK, token, SENDER)).toBe(999_750n)
    const log = result.logs[0]!
    const event = decodeEventLog({
      abi: TOKEN_ABI,
      data: bytesToHex(log.data),
      topics: log.topics.map(bytesToHex) as [],
    })
    expect(event).toMatchObject({ eventName: 'Transfer', args: { value: 250n } })
    // a first transfer to a new holder: 21000 + calldata + SSTORE reset (5000) and set (20000)
    expect(result.gasUsed).toBeGreaterThan(21000n + 25000n)
    expect(result.gasUsed).toBeLessThan(60000n)
  })

  test('reverts with the custom error when the balance is short', () => {
    const result = send({
      to: token,
      data: tokenCallData('transfer', [OTHER, 10n ** 9n]),
      gasLimit: 100_000n,
    })
    expect(result).toMatchObject({ success: false, reverted: true })
    const decoded = decodeErrorResult({ abi: TOKEN_ABI, data: bytesToHex(result.returnData) })
    expect(decoded).toMatchObject({ errorName: 'InsufficientBalance', args: [999_750n, 10n ** 9n] })
  })

  test('reverts with a reason string when the allowance is short', () => {
    const result = send({
      to: token,
      data: tokenCallData('transferFrom', [OTHER, SENDER, 1n]),
      gasLimit: 100_000n,
    })
    expect(result.reverted).toBe(true)
    const decoded = decodeErrorResult({ abi: TOKEN_ABI, data: bytesToHex(result.returnData) })
    expect(decoded).toMatchObject({ errorName: 'Error', args: ['allowance exceeded'] })
  })
})
