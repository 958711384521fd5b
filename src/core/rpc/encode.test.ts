import { expect, test } from 'vitest'
import {
  bytesToQuantity,
  toAddressData,
  toData,
  toData32,
  toQuantity,
  toSignatureV,
  toWord,
} from './encode.js'

test('QUANTITY has no leading zeros and 0x0 for zero', () => {
  expect(toQuantity(0)).toBe('0x0')
  expect(toQuantity(1n)).toBe('0x1')
  expect(toQuantity(31)).toBe('0x1f')
  expect(toQuantity(2n ** 256n - 1n)).toBe(`0x${'f'.repeat(64)}`)
  expect(() => toQuantity(-1n)).toThrow('negative')
})

test('byte-backed quantities drop leading zero bytes and nibbles', () => {
  expect(bytesToQuantity(new Uint8Array(0))).toBe('0x0')
  expect(bytesToQuantity(Uint8Array.of(0, 0))).toBe('0x0')
  expect(bytesToQuantity(Uint8Array.of(0, 0x0f, 0xff))).toBe('0xfff')
})

test('DATA has two lowercase digits a byte and 0x when empty', () => {
  expect(toData(new Uint8Array(0))).toBe('0x')
  expect(toData(Uint8Array.of(0, 0xab))).toBe('0x00ab')
  expect(toData32(new Uint8Array(32))).toBe(`0x${'0'.repeat(64)}`)
  expect(() => toData32(new Uint8Array(31))).toThrow('expected 32 bytes')
})

test('addresses are lowercase', () => {
  expect(toAddressData('0xCD2A3D9F938E13CD947EC05ABC7FE734DF8DD826')).toBe(
    '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
  )
  expect(toAddressData(new Uint8Array(20).fill(0xab))).toBe(`0x${'ab'.repeat(20)}`)
  expect(() => toAddressData('0x12')).toThrow('not an address')
})

test('storage words are 32 bytes, zero-padded', () => {
  expect(toWord(1n)).toBe(`0x${'0'.repeat(63)}1`)
})

test("v is printed as RSKj's 0x%02x", () => {
  expect(toSignatureV(0)).toBe('0x00')
  expect(toSignatureV(1)).toBe('0x01')
  expect(toSignatureV(27)).toBe('0x1b')
  expect(toSignatureV(0x62n)).toBe('0x62')
  expect(toSignatureV(300)).toBe('0x12c')
})
