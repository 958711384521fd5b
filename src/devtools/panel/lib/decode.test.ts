import {
  encodeAbiParameters,
  encodeErrorResult,
  encodeEventTopics,
  encodeFunctionData,
  parseAbi,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { type CallFrame, CONSOLE_ADDRESS, consoleLines, decodeConsoleCall } from './consoleLog.js'
import { decodeLog, parseUserAbi } from './logs.js'
import { decodeRevert, describeRevert } from './revert.js'

const ALICE = '0x1111111111111111111111111111111111111111'
const BOB = '0x2222222222222222222222222222222222222222'

describe('decodeRevert', () => {
  it('reads Error(string)', () => {
    const data = `0x08c379a0${encodeAbiParameters([{ type: 'string' }], ['too poor']).slice(2)}`
    expect(describeRevert(decodeRevert(data))).toBe('Error("too poor")')
  })

  it('names Panic codes', () => {
    const data = `0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [0x11n]).slice(2)}`
    expect(describeRevert(decodeRevert(data))).toBe('Panic(0x11): arithmetic overflow or underflow')
  })

  it('decodes a custom error with a pasted ABI and shows the selector without one', () => {
    const abi = parseAbi(['error Unauthorized(address caller)'])
    const data = encodeErrorResult({ abi, errorName: 'Unauthorized', args: [ALICE] })
    expect(describeRevert(decodeRevert(data, abi))).toBe(`Unauthorized(${ALICE})`)
    expect(describeRevert(decodeRevert(data))).toBe(`custom error ${data.slice(0, 10)}`)
  })

  it('says when there is no revert data', () => {
    expect(describeRevert(decodeRevert('0x'))).toBe('reverted without data')
  })
})

describe('decodeLog', () => {
  const erc20 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])
  const erc721 = parseAbi([
    'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  ])

  it('decodes an ERC-20 Transfer', () => {
    const topics = encodeEventTopics({
      abi: erc20,
      eventName: 'Transfer',
      args: { from: ALICE, to: BOB },
    }) as string[]
    const log = { address: ALICE, topics, data: encodeAbiParameters([{ type: 'uint256' }], [5n]) }
    expect(decodeLog(log)).toEqual({ name: 'Transfer', args: { from: ALICE, to: BOB, value: 5n } })
  })

  it('decodes an ERC-721 Transfer with the token id indexed', () => {
    const topics = encodeEventTopics({
      abi: erc721,
      eventName: 'Transfer',
      args: { from: ALICE, to: BOB, tokenId: 7n },
    }) as string[]
    expect(decodeLog({ address: ALICE, topics, data: '0x' })).toEqual({
      name: 'Transfer',
      args: { from: ALICE, to: BOB, tokenId: 7n },
    })
  })

  it('uses a pasted ABI for other events, JSON or human-readable', () => {
    const abi = parseUserAbi('event Stored(uint256 indexed slot, string note)')
    const topics = encodeEventTopics({ abi, eventName: 'Stored', args: { slot: 3n } }) as string[]
    const log = { address: ALICE, topics, data: encodeAbiParameters([{ type: 'string' }], ['hi']) }
    expect(decodeLog(log)).toBeNull()
    expect(decodeLog(log, abi)).toEqual({ name: 'Stored', args: { slot: 3n, note: 'hi' } })
    expect(decodeLog(log, parseUserAbi(JSON.stringify(abi)))?.name).toBe('Stored')
  })
})

describe('console.log decoding', () => {
  const consoleAbi = parseAbi([
    'function log(string p0, uint256 p1)',
    'function log(string p0, address p1, bool p2)',
    'function logBytes4(bytes4 p0)',
  ])

  it('formats string and number arguments like Hardhat', () => {
    const input = encodeFunctionData({ abi: consoleAbi, functionName: 'log', args: ['balance', 42n] })
    expect(decodeConsoleCall(input)).toBe('balance 42')
  })

  it('knows the legacy uint selectors of older console.sol builds', () => {
    // log(string,uint) as hashed by early console.sol
    const input = `0x9710a9d0${encodeAbiParameters([{ type: 'string' }, { type: 'uint256' }], ['n', 1n]).slice(2)}`
    expect(decodeConsoleCall(input)).toBe('n 1')
  })

  it('collects console calls from a call tree in order and ignores other calls', () => {
    const call = (to: string, input: string, calls?: CallFrame[]): CallFrame => ({
      type: 'STATICCALL',
      from: ALICE,
      to,
      input,
      calls,
    })
    const tree = call(BOB, '0x', [
      call(
        CONSOLE_ADDRESS,
        encodeFunctionData({ abi: consoleAbi, functionName: 'log', args: ['from', ALICE, true] }),
      ),
      call(BOB, '0x12345678', [
        call(
          CONSOLE_ADDRESS,
          encodeFunctionData({ abi: consoleAbi, functionName: 'logBytes4', args: [toHex(1, { size: 4 })] }),
        ),
      ]),
    ])
    expect(consoleLines(tree)).toEqual([`from ${ALICE} true`, '0x00000001'])
  })
})
