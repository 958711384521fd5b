import { describe, expect, test } from 'vitest'
import type { RpcError } from './base.js'
import {
  ChainDisconnectedError,
  DisconnectedError,
  UnauthorizedError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './provider.js'
import { decodeRevertReason, ExecutionRevertedError } from './revert.js'
import {
  FilterNotFoundError,
  InternalError,
  InvalidParamsError,
  InvalidRequestError,
  LogsLimitError,
  MethodNotAvailableError,
  MethodNotFoundError,
  MiningSubmitError,
  ParseError,
  RpcLimitError,
  ServerError,
  TransactionNotMinedError,
  TransactionRejectedError,
  WalletDisabledError,
} from './rpc.js'
import { toRpcError } from './toRpcError.js'

/** ABI encoding of `Error(string)` for `reason`. */
function errorString(reason: string): Uint8Array {
  const text = new TextEncoder().encode(reason)
  const padded = Math.ceil(text.length / 32) * 32
  const out = new Uint8Array(4 + 64 + padded)
  out.set([0x08, 0xc3, 0x79, 0xa0])
  out[4 + 31] = 0x20
  out[4 + 63] = text.length
  out.set(text, 4 + 64)
  return out
}

describe('error classes', () => {
  test('carry their code as a static and on the instance', () => {
    const cases: Array<[RpcError, number]> = [
      [new ParseError(), -32700],
      [new InvalidRequestError(), -32600],
      [new MethodNotFoundError(), -32601],
      [new MethodNotAvailableError('shh_post'), -32601],
      [new InvalidParamsError('x'), -32602],
      [new InternalError(), -32603],
      [new ServerError('x'), -32000],
      [new FilterNotFoundError(), -32000],
      [new TransactionNotMinedError(), -32009],
      [new TransactionRejectedError('transaction nonce too low'), -32010],
      [new RpcLimitError('Execution has got timeout out.'), -32011],
      [new LogsLimitError('Cannot query more than 5000 blocks at once'), -32012],
      [new ExecutionRevertedError(new Uint8Array(0)), -32015],
      [new WalletDisabledError(), -32604],
      [new MiningSubmitError("The list of merkle hashes can't be empty"), -33000],
      [new UserRejectedRequestError(), 4001],
      [new UnauthorizedError(), 4100],
      [new UnsupportedMethodError(), 4200],
      [new DisconnectedError(), 4900],
      [new ChainDisconnectedError(), 4901],
      [new UnrecognizedChainError('0x1'), 4902],
    ]
    for (const [error, code] of cases) {
      expect(error.code, error.name).toBe(code)
      expect((error.constructor as typeof RpcError).code, error.name).toBe(code)
      expect(error).toBeInstanceOf(Error)
    }
  })

  test("use RSKj's fixed texts", () => {
    expect(new MethodNotAvailableError('eth_compileLLL').message).toBe(
      'the method eth_compileLLL does not exist/is not available',
    )
    expect(new FilterNotFoundError().message).toBe('filter not found')
    expect(new WalletDisabledError().message).toBe('The local wallet feature is disabled')
    expect(new TransactionNotMinedError().message).toBe(
      "Unknown error when sending transaction: transaction wasn't mined",
    )
  })
})

describe('revert', () => {
  test('decodes an Error(string) reason and words the message as RSKj', () => {
    const payload = errorString('boom')
    expect(decodeRevertReason(payload)).toBe('boom')
    const error = new ExecutionRevertedError(payload)
    expect(error.message).toBe('VM Exception while processing transaction: revert boom')
    expect(error.toJSON().data).toBe(
      `0x08c379a0${'0'.repeat(62)}20${'0'.repeat(62)}04${'626f6f6d'.padEnd(64, '0')}`,
    )
  })

  test('says "transaction reverted" for custom errors, panics and empty reverts, keeping the data', () => {
    const custom = Uint8Array.of(0xde, 0xad, 0xbe, 0xef)
    expect(new ExecutionRevertedError(custom).toJSON()).toEqual({
      code: -32015,
      message: 'VM Exception while processing transaction: transaction reverted',
      data: '0xdeadbeef',
    })
    expect(decodeRevertReason(Uint8Array.of(0x08, 0xc3, 0x79, 0xa0, 1))).toBeUndefined()
  })
})

describe('toRpcError', () => {
  test('passes RPC errors through with data only when present', () => {
    expect(toRpcError(new InvalidParamsError('invalid argument 0: x'))).toEqual({
      code: -32602,
      message: 'invalid argument 0: x',
    })
  })

  test('turns anything else into -32603 and reports it as a bug', () => {
    const seen: unknown[] = []
    const bug = new RangeError('index out of range')
    expect(toRpcError(bug, (e) => seen.push(e))).toEqual({ code: -32603, message: 'Internal server error' })
    expect(toRpcError('a string', (e) => seen.push(e))).toEqual({
      code: -32603,
      message: 'Internal server error',
    })
    expect(seen).toEqual([bug, 'a string'])
  })
})
