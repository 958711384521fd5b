/**
 * RSKj's default struct tracer (`rskTracer`, `DetailedProgramTrace`): one entry per executed
 * opcode with gas, memory in 32-byte chunks, the stack and the executing program's storage, all
 * as unprefixed hex the way RSKj's `DataWord.toString()` writes them.
 */
import type { CallFrameInfo, EvmTracer, StepInfo } from '../evm/types.js'
import { bytesToHex } from '../util/hex.js'
import { copiedHashMapCapacity, javaHashMapOrder } from './javaHashMapOrder.js'

export interface StructLogOptions {
  disableMemory: boolean
  disableStack: boolean
  disableStorage: boolean
}

export interface StructLog {
  op: string
  depth: number
  pc: number
  gas: number
  gasCost: number
  memory?: string[]
  stack?: string[]
  storage?: Record<string, string>
}

/** `DataWord.toString()`: 64 lowercase hex digits, no prefix. */
export function wordHex(value: bigint): string {
  return value.toString(16).padStart(64, '0')
}

export function unprefixedHex(bytes: Uint8Array): string {
  return bytesToHex(bytes).slice(2)
}

/**
 * A program's storage as RSKj's trace keeps it: after each SLOAD or SSTORE the slot's value is
 * read back at the next step; a non-zero value goes into a fresh copy of the map (`new HashMap`
 * then `put`, even when the value did not change), a zero value removes the slot. The JSON
 * follows the map's iteration order.
 */
export class ProgramStorage {
  readonly values = new Map<string, string>()
  private order: string[] = []
  private capacity = 16
  /** The slot of an SLOAD/SSTORE whose value is read back at the next step. */
  pendingSlot: bigint | undefined
  /** The JSON of the current map, shared by the steps until the map changes. */
  private json: Record<string, string> | undefined

  apply(slot: bigint, value: bigint): void {
    const key = wordHex(slot)
    if (value === 0n) {
      if (this.values.delete(key)) {
        this.order = this.order.filter((k) => k !== key)
        // RSKj removes from the map instance in place, and the earlier steps that share that
        // instance lose the slot too: the shared JSON object is edited the same way.
        if (this.json) Reflect.deleteProperty(this.json, key)
      }
      return
    }
    this.json = undefined
    const isNew = !this.values.has(key)
    this.capacity = copiedHashMapCapacity(this.values.size, isNew ? 1 : 0)
    this.values.set(key, wordHex(value))
    this.order = javaHashMapOrder(isNew ? [...this.order, key] : this.order, this.capacity)
  }

  toJson(): Record<string, string> {
    if (this.json) return this.json
    const out: Record<string, string> = {}
    for (const key of this.order) out[key] = this.values.get(key)!
    this.json = out
    return out
  }
}

export class StructLogTracer implements EvmTracer {
  readonly structLogs: StructLog[] = []
  /** Storage of the top-level program (the trace's `currentStorage`). */
  private top: ProgramStorage | undefined
  private readonly programs: ProgramStorage[] = []
  contractAddress: string | undefined

  constructor(private readonly options: StructLogOptions) {}

  onCallEnter(frame: CallFrameInfo): void {
    const program = new ProgramStorage()
    if (this.programs.length === 0) {
      this.top = program
      this.contractAddress = frame.to.slice(2)
    }
    this.programs.push(program)
  }

  onCallExit(): void {
    this.programs.pop()
  }

  onStep(step: StepInfo): void {
    const program = this.programs[this.programs.length - 1] ?? new ProgramStorage()
    if (program.pendingSlot !== undefined) {
      program.apply(program.pendingSlot, step.storage.get(program.pendingSlot) ?? 0n)
      program.pendingSlot = undefined
    }
    if (step.opName === 'SLOAD' || step.opName === 'SSTORE')
      program.pendingSlot = step.stack[step.stack.length - 1]
    const log: StructLog = {
      op: step.opName,
      depth: step.depth,
      pc: step.pc,
      gas: Number(step.gas),
      gasCost: Number(step.gasCost),
    }
    if (!this.options.disableMemory) {
      const memory: string[] = []
      for (let k = 0; k < step.memory.length; k += 32)
        memory.push(unprefixedHex(step.memory.subarray(k, k + 32)))
      log.memory = memory
    }
    if (!this.options.disableStack) log.stack = step.stack.map(wordHex)
    if (!this.options.disableStorage) log.storage = program.toJson()
    this.structLogs.push(log)
  }

  get storageSize(): number {
    return this.top?.values.size ?? 0
  }

  get currentStorage(): Record<string, string> {
    return this.top?.toJson() ?? {}
  }
}
