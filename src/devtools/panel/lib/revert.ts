/** Revert data → a readable reason: Error(string), Panic(uint256), or a custom error. */
import { type Abi, decodeAbiParameters, decodeErrorResult, type Hex } from 'viem'

const ERROR_SELECTOR = '0x08c379a0'
const PANIC_SELECTOR = '0x4e487b71'

/** Solidity's panic codes (docs: "Panic via assert and error via require"). */
const PANIC_REASONS: Record<number, string> = {
  0: 'generic compiler panic',
  1: 'assert(false)',
  17: 'arithmetic overflow or underflow',
  18: 'division or modulo by zero',
  33: 'invalid enum value',
  34: 'invalid storage byte array encoding',
  49: 'pop() on an empty array',
  50: 'array index out of bounds',
  65: 'out of memory',
  81: 'call to an uninitialized function pointer',
}

export type DecodedRevert =
  | { kind: 'empty' }
  | { kind: 'error'; reason: string }
  | { kind: 'panic'; code: bigint; reason: string }
  | { kind: 'custom'; selector: Hex; name?: string; args?: readonly unknown[] }

export function decodeRevert(data: string | undefined | null, abi?: Abi): DecodedRevert {
  if (!data || data === '0x') return { kind: 'empty' }
  const hex = data.toLowerCase() as Hex
  const selector = hex.slice(0, 10) as Hex
  const body = `0x${hex.slice(10)}` as Hex
  try {
    if (selector === ERROR_SELECTOR) {
      const [reason] = decodeAbiParameters([{ type: 'string' }], body)
      return { kind: 'error', reason }
    }
    if (selector === PANIC_SELECTOR) {
      const [code] = decodeAbiParameters([{ type: 'uint256' }], body)
      return { kind: 'panic', code, reason: PANIC_REASONS[Number(code)] ?? 'unknown panic code' }
    }
  } catch {
    // Malformed standard error: fall through and show the selector.
  }
  if (abi) {
    try {
      const decoded = decodeErrorResult({ abi, data: hex })
      return { kind: 'custom', selector, name: decoded.errorName, args: decoded.args }
    } catch {
      // Not in the pasted ABI.
    }
  }
  return { kind: 'custom', selector }
}

export function describeRevert(decoded: DecodedRevert): string {
  switch (decoded.kind) {
    case 'empty':
      return 'reverted without data'
    case 'error':
      return `Error(${JSON.stringify(decoded.reason)})`
    case 'panic':
      return `Panic(0x${decoded.code.toString(16).padStart(2, '0')}): ${decoded.reason}`
    case 'custom':
      return decoded.name
        ? `${decoded.name}(${(decoded.args ?? []).map(String).join(', ')})`
        : `custom error ${decoded.selector}`
  }
}
