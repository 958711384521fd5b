import { describe, expect, test } from 'vitest'
import { block, blockExt, tag } from './blockParams.js'
import { InvalidParamsError } from './errors/rpc.js'
import { callRequest, logFilter } from './objectParams.js'
import {
  type AnyParamSpec,
  address,
  boolean,
  data,
  filterId,
  hash,
  hashArray,
  integerLike,
  optional,
  parseParams,
  quantity,
} from './params.js'

/** The -32602 message a single parameter produces at position 0. */
function errorOf(spec: AnyParamSpec, value: unknown): string {
  try {
    parseParams([spec], [value])
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidParamsError)
    return (e as Error).message
  }
  throw new Error(`expected ${JSON.stringify(value)} to be refused`)
}

const parse1 = (spec: AnyParamSpec, value: unknown) => parseParams([spec], [value])[0]

describe('QUANTITY', () => {
  test('parses hex numbers, tolerating leading zeros', () => {
    expect(parse1(quantity('n'), '0x0')).toBe(0n)
    expect(parse1(quantity('n'), '0x1F')).toBe(31n)
    expect(parse1(quantity('n'), '0x0001')).toBe(1n)
  })

  test('refuses what is not a 0x-prefixed hex number', () => {
    expect(errorOf(quantity('n'), 31)).toBe(
      'invalid argument 0: expected a 0x-prefixed hex string, got number',
    )
    expect(errorOf(quantity('n'), '31')).toBe('invalid argument 0: hex string without 0x prefix')
    expect(errorOf(quantity('n'), '0x')).toBe('invalid argument 0: hex string "0x" has no digits')
    expect(errorOf(quantity('n'), '0xg1')).toBe(
      'invalid argument 0: Invalid param 0xg1: value must be a valid hex.',
    )
    expect(errorOf(quantity('n'), `0x1${'0'.repeat(64)}`)).toBe('invalid argument 0: hex number > 256 bits')
  })
})

describe('DATA', () => {
  test('parses bytes, empty included', () => {
    expect(parse1(data('d'), '0x')).toEqual(new Uint8Array(0))
    expect(parse1(data('d'), '0xABcd')).toEqual(Uint8Array.of(0xab, 0xcd))
  })

  test('refuses odd length, non-hex digits and null', () => {
    expect(errorOf(data('d'), '0xabc')).toBe('invalid argument 0: hex string has odd length')
    expect(errorOf(data('d'), '0xzz')).toBe('invalid argument 0: Invalid data format: invalid hex value.')
    expect(errorOf(data('d'), null)).toBe('invalid argument 0: expected a 0x-prefixed hex string, got null')
  })
})

describe('DATA20', () => {
  test('lowercases any case, no checksum check (as RSKj)', () => {
    expect(parse1(address('a'), '0xCD2A3D9F938E13CD947EC05ABC7FE734DF8DD826')).toBe(
      '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
    )
  })

  test("uses RSKj's texts for a wrong length and bad hex", () => {
    expect(errorOf(address('a'), `0x${'a'.repeat(38)}`)).toBe(
      'invalid argument 0: hex string has length 38, want 40 for RSK address',
    )
    expect(errorOf(address('a'), `0x${'g'.repeat(40)}`)).toBe(
      'invalid argument 0: Invalid address format: invalid hex value.',
    )
  })
})

describe('DATA32', () => {
  test('parses 32 bytes', () => {
    expect(parse1(hash('h'), `0x${'11'.repeat(32)}`)).toEqual(new Uint8Array(32).fill(0x11))
  })

  test('names what the hash is in errors', () => {
    expect(errorOf(hash('h', 'block hash'), `0x${'1'.repeat(62)}`)).toBe(
      'invalid argument 0: hex string has length 62, want 64 for block hash',
    )
    expect(errorOf(hash('h', 'transaction hash'), `0x${'x'.repeat(64)}`)).toBe(
      'invalid argument 0: Invalid transaction hash format: invalid hex value',
    )
    expect(errorOf(hashArray('keys'), ['0x01'])).toBe(
      'invalid argument 0: element 0: hex string has length 2, want 64 for storage key',
    )
  })
})

describe('TAG, BLOCK and BLOCK_EXT', () => {
  test('parse tags and block numbers', () => {
    expect(parse1(tag('t'), 'earliest')).toBe('earliest')
    expect(parse1(block('b'), 'latest')).toEqual({ kind: 'tag', tag: 'latest' })
    expect(parse1(block('b'), '0x10')).toEqual({ kind: 'number', number: 16n })
  })

  test("refuse identifiers RSKj refuses, with RSKj's texts", () => {
    expect(errorOf(tag('t'), '0x1')).toBe("invalid argument 0: Invalid block identifier '0x1'")
    expect(errorOf(block('b'), 'safe')).toBe("invalid argument 0: Invalid block identifier 'safe'")
    expect(errorOf(block('b'), '100')).toBe("invalid argument 0: Invalid block identifier '100'")
    expect(errorOf(block('b'), '0xzz')).toBe('invalid argument 0: invalid blocknumber 0xzz')
    expect(errorOf(block('b'), '')).toBe('invalid argument 0: Invalid block identifier: empty or null.')
    expect(errorOf(block('b'), 5)).toBe(
      'invalid argument 0: expected a block number (0x-prefixed hex) or one of latest, earliest, pending; got number',
    )
  })

  test('BLOCK_EXT accepts a block hash and the EIP-1898 objects', () => {
    const h = `0x${'ab'.repeat(32)}`
    const bytes = new Uint8Array(32).fill(0xab)
    expect(parse1(blockExt('b'), h)).toEqual({ kind: 'hash', hash: bytes, requireCanonical: false })
    expect(parse1(blockExt('b'), { blockHash: h, requireCanonical: true })).toEqual({
      kind: 'hash',
      hash: bytes,
      requireCanonical: true,
    })
    expect(parse1(blockExt('b'), { blockHash: h, requireCanonical: 'false' })).toEqual({
      kind: 'hash',
      hash: bytes,
      requireCanonical: false,
    })
    expect(parse1(blockExt('b'), { blockNumber: '0x2' })).toEqual({ kind: 'number', number: 2n })
    expect(parse1(blockExt('b'), 'pending')).toEqual({ kind: 'tag', tag: 'pending' })
  })

  test('BLOCK_EXT refuses malformed objects', () => {
    expect(errorOf(blockExt('b'), {})).toBe('invalid argument 0: Invalid block input')
    expect(errorOf(blockExt('b'), { blockHash: `0x${'ab'.repeat(32)}`, requireCanonical: 'yes' })).toBe(
      'invalid argument 0: Invalid input: requireCanonical must be a String "true" or "false"',
    )
    expect(errorOf(blockExt('b'), { blockHash: '0x12' })).toBe(
      'invalid argument 0: hex string has length 2, want 64 for block hash',
    )
    expect(errorOf(blockExt('b'), { blockHash: `0x${'ab'.repeat(32)}`, blockNumber: '0x1' })).toBe(
      'invalid argument 0: Invalid block input: give either blockHash or blockNumber, not both',
    )
  })
})

describe('booleans and other scalars', () => {
  test('boolean is strict', () => {
    expect(parse1(boolean('full'), true)).toBe(true)
    expect(errorOf(boolean('full'), 'true')).toBe('invalid argument 0: expected a boolean, got string')
  })

  test('filter ids may be longer than a QUANTITY and are lowercased', () => {
    const id = `0x${'AB'.repeat(36)}`
    expect(parse1(filterId('id'), id)).toBe(id.toLowerCase())
    expect(errorOf(filterId('id'), '0x')).toBe(
      'invalid argument 0: Invalid param 0x: value must be a valid hex.',
    )
  })

  test('integerLike takes hex, decimal strings and JSON numbers', () => {
    expect(parse1(integerLike('s'), '0x3c')).toBe(60n)
    expect(parse1(integerLike('s'), '60')).toBe(60n)
    expect(parse1(integerLike('s'), 60)).toBe(60n)
    expect(errorOf(integerLike('s'), -1)).toBe('invalid argument 0: expected a non-negative integer, got -1')
  })
})

describe('arity', () => {
  test('optional trailing params may be absent or null', () => {
    expect(parseParams([quantity('a'), optional(boolean('b'))], ['0x1'])).toEqual([1n, undefined])
    expect(parseParams([quantity('a'), optional(boolean('b'))], ['0x1', null])).toEqual([1n, undefined])
  })

  test('names the position of the bad parameter', () => {
    expect(() => parseParams([quantity('a'), data('b')], ['0x1', 'nope'])).toThrow(
      'invalid argument 1: hex string without 0x prefix',
    )
  })
})

describe('call object', () => {
  test('parses every field and prefers input over data when both agree', () => {
    expect(
      parse1(callRequest('tx'), {
        from: '0xCD2A3D9F938E13CD947EC05ABC7FE734DF8DD826',
        to: null,
        gas: '0x5208',
        gasPrice: '0x0',
        value: '0x1',
        input: '0x60',
        data: '0x60',
        nonce: '0x2',
        type: '0x0',
        maxFeePerGas: '0x1',
      }),
    ).toEqual({
      from: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
      to: null,
      gas: 21000n,
      gasPrice: 0n,
      value: 1n,
      data: Uint8Array.of(0x60),
      nonce: 2n,
    })
  })

  test('reads gasLimit when gas is absent, as RSKj', () => {
    expect(parse1(callRequest('tx'), { gasLimit: '0x10' })).toEqual({ gas: 16n })
  })

  test('names the field that is wrong', () => {
    expect(errorOf(callRequest('tx'), { to: '0x1234' })).toBe(
      'invalid argument 0: to: hex string has length 4, want 40 for RSK address',
    )
    expect(errorOf(callRequest('tx'), { data: '0x01', input: '0x02' })).toBe(
      'invalid argument 0: both "data" and "input" are set and not equal; pass the call data once',
    )
    expect(errorOf(callRequest('tx'), 'x')).toBe('invalid argument 0: expected an object, got string')
  })
})

describe('log filter object', () => {
  const topic = `0x${'aa'.repeat(32)}`
  test('parses ranges, one or many addresses and topic alternatives', () => {
    expect(
      parse1(logFilter('f'), {
        fromBlock: '0x1',
        toBlock: 'latest',
        address: ['0xCD2A3D9F938E13CD947EC05ABC7FE734DF8DD826'],
        topics: [topic, null, [topic, topic]],
      }),
    ).toEqual({
      fromBlock: { kind: 'number', number: 1n },
      toBlock: { kind: 'tag', tag: 'latest' },
      addresses: ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'],
      topics: [
        [new Uint8Array(32).fill(0xaa)],
        null,
        [new Uint8Array(32).fill(0xaa), new Uint8Array(32).fill(0xaa)],
      ],
    })
    expect(parse1(logFilter('f'), {})).toEqual({ addresses: [], topics: [] })
  })

  test("refuses blockHash with a range, in RSKj's words", () => {
    expect(errorOf(logFilter('f'), { blockHash: topic, fromBlock: '0x1' })).toBe(
      'Cannot specify both blockHash and fromBlock/toBlock',
    )
  })

  test('names the bad address or topic', () => {
    expect(errorOf(logFilter('f'), { address: ['0x12'] })).toBe(
      'invalid argument 0: address[0]: hex string has length 2, want 40 for RSK address',
    )
    expect(errorOf(logFilter('f'), { topics: [null, '0x12'] })).toBe(
      'invalid argument 0: topics[1]: hex string has length 2, want 64 for topic',
    )
    expect(errorOf(logFilter('f'), { topics: [null, null, null, null, null] })).toBe(
      'invalid argument 0: topics: at most 4 positions, got 5',
    )
    expect(errorOf(logFilter('f'), { fromBlock: 'safe' })).toBe(
      "invalid argument 0: fromBlock: Invalid block identifier 'safe'",
    )
  })
})
