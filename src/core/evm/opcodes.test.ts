import { describe, expect, test } from 'vitest'
import { bytesToHex, hexToBytes } from '../util/hex.js'
import { asm } from './testing/assembler.js'
import { BLOCK, CONTRACT, callContract, OTHER, SENDER } from './testing/harness.js'

const MAX = (1n << 256n) - 1n

/** Runs `source` (which leaves one word on the stack) and returns that word. */
function evaluate(source: string, parameters: Parameters<typeof callContract>[1] = {}): bigint {
  const result = callContract(asm(`${source} PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN`), parameters)
  if (!result.success) throw new Error(`execution failed: ${result.error ?? 'reverted'}`)
  return BigInt(bytesToHex(result.returnData))
}

describe('arithmetic', () => {
  test('wraps around 2^256', () => {
    expect(evaluate(`PUSH ${MAX} PUSH 2 ADD`)).toBe(1n)
    expect(evaluate('PUSH 1 PUSH 0 SUB')).toBe(MAX)
    expect(evaluate(`PUSH ${MAX} PUSH ${MAX} MUL`)).toBe(1n)
  })

  test('divides by zero as zero', () => {
    expect(evaluate('PUSH 0 PUSH 7 DIV')).toBe(0n)
    expect(evaluate('PUSH 0 PUSH 7 MOD')).toBe(0n)
    expect(evaluate('PUSH 0 PUSH 7 SDIV')).toBe(0n)
    expect(evaluate('PUSH 0 PUSH 7 SMOD')).toBe(0n)
    expect(evaluate('PUSH 0 PUSH 2 PUSH 3 ADDMOD')).toBe(0n)
  })

  test('signed division truncates toward zero and overflows at -2^255 / -1', () => {
    expect(evaluate(`PUSH 2 PUSH ${MAX - 6n} SDIV`)).toBe(MAX - 2n) // -7 / 2 = -3
    expect(evaluate(`PUSH ${MAX} PUSH ${1n << 255n} SDIV`)).toBe(1n << 255n)
    expect(evaluate(`PUSH 3 PUSH ${MAX - 6n} SMOD`)).toBe(MAX) // -7 % 3 = -1
  })

  test('ADDMOD and MULMOD use full precision', () => {
    expect(evaluate(`PUSH 10 PUSH ${MAX} PUSH ${MAX} ADDMOD`)).toBe((2n * MAX) % 10n)
    expect(evaluate(`PUSH 12 PUSH ${MAX} PUSH ${MAX} MULMOD`)).toBe((MAX * MAX) % 12n)
  })

  test('EXP charges 50 gas per exponent byte', () => {
    expect(evaluate('PUSH 10 PUSH 2 EXP')).toBe(1024n)
    expect(evaluate('PUSH 256 PUSH 2 EXP')).toBe(0n)
    const oneByte = callContract(asm('PUSH 0xff PUSH 3 EXP'))
    const twoBytes = callContract(asm('PUSH 0x0100 PUSH 3 EXP'))
    expect(twoBytes.gasUsed - oneByte.gasUsed).toBe(50n)
    expect(oneByte.gasUsed).toBe(21000n + 3n + 3n + 10n + 50n)
  })

  test('SIGNEXTEND extends the sign of byte k', () => {
    expect(evaluate('PUSH 0x80 PUSH 0 SIGNEXTEND')).toBe(MAX - 0x7fn)
    expect(evaluate('PUSH 0x7f PUSH 0 SIGNEXTEND')).toBe(0x7fn)
    expect(evaluate('PUSH 0xff80 PUSH 31 SIGNEXTEND')).toBe(0xff80n)
  })
})

describe('comparison and bitwise', () => {
  test('signed and unsigned comparisons differ on negative numbers', () => {
    expect(evaluate(`PUSH 1 PUSH ${MAX} LT`)).toBe(0n)
    expect(evaluate(`PUSH 1 PUSH ${MAX} SLT`)).toBe(1n)
    expect(evaluate(`PUSH ${MAX} PUSH 1 SGT`)).toBe(1n)
    expect(evaluate('PUSH 3 PUSH 3 EQ PUSH 0 ISZERO AND')).toBe(1n)
  })

  test('BYTE, shifts and NOT', () => {
    expect(evaluate('PUSH 0x1122 PUSH 30 BYTE')).toBe(0x11n)
    expect(evaluate('PUSH 0x1122 PUSH 32 BYTE')).toBe(0n)
    expect(evaluate('PUSH 1 PUSH 255 SHL')).toBe(1n << 255n)
    expect(evaluate(`PUSH ${1n << 255n} PUSH 4 SAR`)).toBe(MAX ^ ((1n << 251n) - 1n))
    expect(evaluate(`PUSH ${1n << 255n} PUSH 256 SHR`)).toBe(0n)
    expect(evaluate('PUSH 0 NOT')).toBe(MAX)
    expect(evaluate('PUSH 0xf0 PUSH 0x3c XOR PUSH 0x0f OR')).toBe(0xcfn)
  })
})

describe('environment and block', () => {
  test('reads addresses, value and calldata', () => {
    expect(evaluate('ADDRESS')).toBe(BigInt(CONTRACT))
    expect(evaluate('CALLER')).toBe(BigInt(SENDER))
    expect(evaluate('ORIGIN')).toBe(BigInt(SENDER))
    expect(evaluate('CALLVALUE', { value: 5n })).toBe(5n)
    expect(evaluate('CALLDATASIZE', { data: hexToBytes('0x0102') })).toBe(2n)
    expect(evaluate('PUSH 1 CALLDATALOAD', { data: hexToBytes('0x0102') })).toBe(2n << 248n)
    expect(evaluate('GASPRICE', { gasPrice: 9n })).toBe(9n)
  })

  test('CHAINID is the network id and costs 2', () => {
    expect(evaluate('CHAINID')).toBe(33n)
    const chainId = callContract(asm('CHAINID POP'))
    expect(chainId.gasUsed).toBe(21000n + 2n + 2n)
  })

  test('SELFBALANCE reads the executing account including the value sent, for 5 gas', () => {
    expect(evaluate('SELFBALANCE', { value: 7n })).toBe(1007n)
    expect(callContract(asm('SELFBALANCE POP')).gasUsed).toBe(21000n + 5n + 2n)
  })

  test('block fields come from the block environment; DIFFICULTY is the RSK difficulty', () => {
    expect(evaluate('NUMBER')).toBe(BLOCK.number)
    expect(evaluate('TIMESTAMP')).toBe(BLOCK.timestamp)
    expect(evaluate('COINBASE')).toBe(BigInt(BLOCK.coinbase))
    expect(evaluate('DIFFICULTY')).toBe(BLOCK.difficulty)
    expect(evaluate('GASLIMIT')).toBe(BLOCK.gasLimit)
    expect(evaluate('BASEFEE')).toBe(BLOCK.minimumGasPrice)
  })

  test('BLOCKHASH covers the previous 256 blocks only', () => {
    const expected = BigInt(bytesToHex(BLOCK.getBlockHash(999n)!))
    expect(evaluate('PUSH 999 BLOCKHASH')).toBe(expected)
    expect(evaluate('PUSH 1000 BLOCKHASH')).toBe(0n)
    expect(evaluate('PUSH 743 BLOCKHASH')).toBe(0n)
    expect(evaluate('PUSH 744 BLOCKHASH')).not.toBe(0n)
  })

  test('BALANCE, EXTCODESIZE, EXTCODEHASH of other accounts', () => {
    const accounts = { [OTHER]: { balance: 42n, code: hexToBytes('0x6001') } }
    expect(evaluate(`PUSH ${OTHER} BALANCE`, { accounts })).toBe(42n)
    expect(evaluate(`PUSH ${OTHER} EXTCODESIZE`, { accounts })).toBe(2n)
    expect(evaluate(`PUSH ${OTHER} EXTCODEHASH`, { accounts })).not.toBe(0n)
    expect(evaluate(`PUSH ${OTHER} EXTCODEHASH`)).toBe(0n)
  })
})

describe('memory', () => {
  test('MSTORE8, MLOAD and MSIZE', () => {
    expect(evaluate('PUSH 0xabcd PUSH 31 MSTORE8 PUSH 0 MLOAD')).toBe(0xcdn)
    expect(evaluate('PUSH 1 PUSH 100 MSTORE8 MSIZE')).toBe(128n)
  })

  test('memory expansion costs 3 per word plus words²/512', () => {
    // MSTORE at 1024 needs 33 words: 3·33 + 33²/512 = 101
    const result = callContract(asm('PUSH 1 PUSH 1024 MSTORE'))
    expect(result.gasUsed).toBe(21000n + 3n + 3n + 3n + 101n)
  })

  test('MCOPY copies overlapping ranges and costs 3 + 3 per word + expansion', () => {
    expect(evaluate('PUSH 0x0102030405 PUSH 0 MSTORE PUSH 5 PUSH 27 PUSH 28 MCOPY PUSH 0 MLOAD')).toBe(
      0x0101020304n,
    )
    // 32 bytes from 0 to 32: 1 word copied (3), memory grows from 1 to 2 words (3)
    const result = callContract(asm('PUSH 1 PUSH 0 MSTORE PUSH 32 PUSH 0 PUSH 32 MCOPY'))
    expect(result.gasUsed).toBe(21000n + 3n + 2n + 6n + 3n + 2n + 3n + 3n + 3n + 3n)
  })

  test('SHA3 hashes memory at 30 + 6 per word', () => {
    const empty = evaluate('PUSH 0 PUSH 0 SHA3')
    expect(empty).toBe(BigInt('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'))
  })

  test('copies pad with zeros past the end of their source', () => {
    expect(evaluate('PUSH 32 PUSH 1 PUSH 0 CALLDATACOPY PUSH 0 MLOAD', { data: hexToBytes('0xaabb') })).toBe(
      0xbbn << 248n,
    )
    expect(evaluate('PUSH 32 PUSH 0 PUSH 0 CODECOPY PUSH 0 MLOAD') >> 248n).toBe(0x60n)
  })
})

describe('storage, transient storage and flow', () => {
  test('SLOAD costs 200 and reads the stored value', () => {
    expect(evaluate('PUSH 3 SLOAD', { storage: { '3': 77n } })).toBe(77n)
    expect(callContract(asm('PUSH 3 SLOAD POP')).gasUsed).toBe(21000n + 3n + 200n + 2n)
  })

  test('TSTORE and TLOAD cost 100 and live for the transaction only', () => {
    expect(evaluate('PUSH 5 PUSH 1 TSTORE PUSH 1 TLOAD')).toBe(5n)
    expect(callContract(asm('PUSH 5 PUSH 1 TSTORE')).gasUsed).toBe(21000n + 3n + 3n + 100n)
    const result = callContract(asm('PUSH 5 PUSH 1 TSTORE'))
    expect(result.diff.get(CONTRACT)).toBeUndefined()
  })

  test('JUMP lands only on JUMPDEST outside push data', () => {
    expect(evaluate('PUSH 4 JUMP INVALID JUMPDEST PUSH 9')).toBe(9n)
    expect(callContract(asm('PUSH 1 JUMP 0x605b')).error).toBe('invalid jump destination')
    expect(evaluate('PUSH 0 PUSH 7 JUMPI PUSH 1')).toBe(1n)
  })

  test('PC, GAS, DUP16 and SWAP16 behave', () => {
    expect(evaluate('PUSH 0 POP PC')).toBe(2n)
    const pushes = Array.from({ length: 16 }, (_, i) => `PUSH ${i + 1}`).join(' ')
    expect(evaluate(`${pushes} DUP16`)).toBe(1n)
    expect(evaluate(`${pushes} PUSH 99 SWAP16 POP`)).toBe(16n)
    expect(evaluate('GAS', { gasLimit: 100_000n })).toBe(100_000n - 21000n - 2n)
  })

  test('stack limits: underflow and overflow fail', () => {
    expect(callContract(asm('POP')).error).toBe('stack underflow')
    expect(callContract(asm(Array(1025).fill('PUSH 1').join(' '))).error).toBe('stack overflow')
    expect(callContract(asm(Array(1024).fill('PUSH 1').join(' '))).success).toBe(true)
  })

  test('RSK-disabled and undefined opcodes are invalid', () => {
    for (const op of ['0xa8', '0xa9', '0xaa', '0x49', '0x4a', '0xfc', '0xfe', '0x0c']) {
      expect(callContract(asm(`PUSH 0 PUSH 0 PUSH 0 ${op}`)).error, op).toBe('invalid opcode')
    }
  })

  test('logs carry address, topics and data; LOG costs 375 + 375 per topic + 8 per byte', () => {
    const result = callContract(asm('PUSH 0xbeef PUSH 0 MSTORE PUSH 7 PUSH 2 PUSH 30 LOG1'))
    expect(result.logs).toHaveLength(1)
    expect(result.logs[0]!.address).toBe(CONTRACT)
    expect(bytesToHex(result.logs[0]!.data)).toBe('0xbeef')
    expect(BigInt(bytesToHex(result.logs[0]!.topics[0]!))).toBe(7n)
    expect(result.gasUsed).toBe(21000n + 3n + 2n + 6n + 3n + 3n + 3n + 375n + 375n + 16n)
  })
})

describe('RSKj legacy code header', () => {
  test('code starting with HEADER (0xfc) runs from after its header', () => {
    // header: 0xfc, version bytes, 1 extra header byte (skipped), then the program
    const program = asm('PUSH 7 PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN')
    const code = Uint8Array.from([0xfc, 0x00, 0x00, 0x01, 0xff, ...program])
    const result = callContract(code)
    expect(result.success).toBe(true)
    expect(BigInt(bytesToHex(result.returnData))).toBe(7n)
  })
})
