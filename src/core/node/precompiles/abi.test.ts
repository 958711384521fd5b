import {
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  parseAbi,
  parseAbiParameters,
  toFunctionSelector,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { bytesToHex, hexToBytes } from '../../util/hex.js'
import { AbiDecodeError, AbiReader, encodeOutputs, selectorOf } from './abi.js'

describe('native contract ABI', () => {
  it('computes selectors as viem does', () => {
    expect(bytesToHex(selectorOf('getMultisigScriptHash(int256,bytes[])'))).toBe(
      toFunctionSelector('function getMultisigScriptHash(int256,bytes[])'),
    )
  })

  it('encodes mixed static and dynamic outputs that viem decodes', () => {
    const encoded = encodeOutputs([
      { type: 'int', value: -5n },
      { type: 'string', value: 'héllo' },
      { type: 'bool', value: true },
      { type: 'bytes', value: Uint8Array.of(1, 2, 3) },
      { type: 'address', value: hexToBytes('0x0000000000000000000000000000000001000006') },
    ])
    expect(
      decodeAbiParameters(parseAbiParameters('int256, string, bool, bytes, address'), bytesToHex(encoded)),
    ).toEqual([-5n, 'héllo', true, '0x010203', '0x0000000000000000000000000000000001000006'])
  })

  it('reads arguments viem encoded, including bytes[]', () => {
    const abi = parseAbi(['function f(int256,bytes[],string)'])
    const data = encodeFunctionData({ abi, functionName: 'f', args: [-2n, ['0xaa', '0xbbcc'], 'xpub'] })
    const reader = new AbiReader(hexToBytes(data))
    expect(reader.int(0)).toBe(-2n)
    expect(reader.bytesArray(1).map(bytesToHex)).toEqual(['0xaa', '0xbbcc'])
    expect(reader.string(2)).toBe('xpub')
  })

  it('refuses offsets and lengths past the end of the input', () => {
    const body = encodeAbiParameters(parseAbiParameters('bytes'), ['0x1234'])
    const truncated = hexToBytes(`0x00000000${body.slice(2, 2 + 64 * 2 - 2)}`)
    expect(() => new AbiReader(truncated).bytes(0)).toThrow(AbiDecodeError)
    const huge = hexToBytes(`0x00000000${'ff'.repeat(32)}`)
    expect(() => new AbiReader(huge).bytes(0)).toThrow(AbiDecodeError)
  })
})
