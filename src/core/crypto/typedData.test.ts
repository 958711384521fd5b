import { hashTypedData as viemHashTypedData } from 'viem'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../util/hex.js'
import { encodeType, hashTypedData, parseTypedData } from './typedData.js'

// EIP-712's own example, with arrays, bytes, signed integers and a fixed bytes field added.
const mail = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
      { name: 'attachment', type: 'bytes' },
      { name: 'delta', type: 'int64' },
      { name: 'tag', type: 'bytes4' },
      { name: 'urgent', type: 'bool' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 31,
    verifyingContract: '0xcccccccccccccccccccccccccccccccccccccccc',
  },
  message: {
    from: { name: 'Cow', wallets: ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'] },
    to: [
      {
        name: 'Bob',
        wallets: ['0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', '0xb0bdabea57b0bdabea57b0bdabea57b0bdabea57'],
      },
    ],
    contents: 'Hello, Bob!',
    attachment: '0x1234',
    delta: -42,
    tag: '0xdeadbeef',
    urgent: true,
  },
} as const

/** viem wants bigints for integers; the wallet payload has numbers and strings. */
function forViem() {
  return { ...mail, domain: { ...mail.domain, chainId: 31n }, message: { ...mail.message, delta: -42n } }
}

describe('EIP-712 typed data', () => {
  test('encodeType lists the primary type, then its dependencies sorted', () => {
    expect(encodeType(mail.types, 'Mail')).toBe(
      'Mail(Person from,Person[] to,string contents,bytes attachment,int64 delta,bytes4 tag,bool urgent)Person(string name,address[] wallets)',
    )
  })

  test('the digest equals viem’s for nested structs, arrays, bytes and signed integers', () => {
    const ours = bytesToHex(hashTypedData(parseTypedData(JSON.stringify(mail))))
    expect(ours).toBe(viemHashTypedData(forViem() as Parameters<typeof viemHashTypedData>[0]))
  })

  test('without an EIP712Domain type the domain type is inferred from the fields given', () => {
    const { EIP712Domain: _, ...types } = mail.types
    const ours = bytesToHex(hashTypedData(parseTypedData({ ...mail, types })))
    expect(ours).toBe(bytesToHex(hashTypedData(parseTypedData(mail))))
  })

  test('malformed payloads name what is wrong', () => {
    expect(() => parseTypedData('{')).toThrow('typed data is not valid JSON')
    expect(() => parseTypedData({ ...mail, primaryType: 'Letter' })).toThrow(
      'primaryType Letter is not in types',
    )
    const overflow = { ...mail, message: { ...mail.message, delta: '9223372036854775808' } }
    expect(() => hashTypedData(parseTypedData(overflow))).toThrow('Mail.delta is out of range for int64')
    const missing = { ...mail, message: { ...mail.message, contents: undefined } }
    expect(() => hashTypedData(parseTypedData(missing))).toThrow('Mail.contents is missing')
  })
})
