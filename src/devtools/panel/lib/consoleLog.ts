/**
 * Hardhat-style `console.log`: contracts STATICCALL 0x…636f6e736f6c652e6c6f67 ("console.log")
 * with an ABI-encoded call to one of console.sol's overloads. The node ignores the call; the
 * panel finds it in the call trace and prints it, like Hardhat's node does.
 */
import { type AbiParameter, decodeAbiParameters, type Hex, toFunctionSelector } from 'viem'

export const CONSOLE_ADDRESS = '0x000000000000000000636f6e736f6c652e6c6f67'

const MULTI_TYPES = ['uint256', 'string', 'bool', 'address'] as const

function signatures(): string[] {
  const out = ['log()']
  for (const t of ['uint256', 'int256', 'string', 'bool', 'address', 'bytes']) out.push(`log(${t})`)
  for (const [name, t] of [
    ['logInt', 'int256'],
    ['logUint', 'uint256'],
    ['logString', 'string'],
    ['logBool', 'bool'],
    ['logAddress', 'address'],
    ['logBytes', 'bytes'],
  ])
    out.push(`${name}(${t})`)
  for (let n = 1; n <= 32; n++) out.push(`logBytes${n}(bytes${n})`)
  let combos: string[][] = [[]]
  for (let arity = 1; arity <= 4; arity++) {
    combos = combos.flatMap((c) => MULTI_TYPES.map((t) => [...c, t]))
    if (arity >= 2) for (const c of combos) out.push(`log(${c.join(',')})`)
  }
  return out
}

function typesOf(signature: string): string[] {
  const inner = signature.slice(signature.indexOf('(') + 1, -1)
  return inner ? inner.split(',') : []
}

let table: Map<string, string[]> | null = null

/** selector → parameter types. Old console.sol builds hashed `uint`/`int` instead of `uint256`. */
function selectors(): Map<string, string[]> {
  if (table) return table
  table = new Map()
  for (const signature of signatures()) {
    const types = typesOf(signature)
    table.set(toFunctionSelector(signature), types)
    const legacy = signature.replace(/uint256/g, 'uint').replace(/\bint256/g, 'int')
    if (legacy !== signature) table.set(toFunctionSelector(legacy), types)
  }
  return table
}

function show(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  return String(value)
}

/** Formats the console call's input like Hardhat: values joined by spaces (no printf formatting). */
export function decodeConsoleCall(input: string): string | null {
  const selector = input.slice(0, 10).toLowerCase()
  const types = selectors().get(selector)
  if (!types) return null
  try {
    const params: AbiParameter[] = types.map((type) => ({ type }))
    const values = decodeAbiParameters(params, `0x${input.slice(10)}` as Hex)
    return values.map(show).join(' ')
  } catch {
    return null
  }
}

export interface CallFrame {
  type: string
  from: string
  to?: string
  input: string
  output?: string
  gas?: string
  gasUsed?: string
  value?: string
  error?: string
  revertReason?: string
  calls?: CallFrame[]
}

/** console.log lines of a call tree, in execution order. */
export function consoleLines(root: CallFrame | null | undefined): string[] {
  const lines: string[] = []
  const visit = (frame: CallFrame) => {
    if (frame.to?.toLowerCase() === CONSOLE_ADDRESS) {
      const line = decodeConsoleCall(frame.input)
      if (line !== null) lines.push(line)
    }
    for (const child of frame.calls ?? []) visit(child)
  }
  if (root) visit(root)
  return lines
}
