/**
 * The bytecode interpreter: runs one call frame to completion, synchronously.
 *
 * Hot-path choices: a preallocated bigint stack indexed by `sp`, gas as a JS number (gas never
 * exceeds 2^53 here), memory words read and written through a DataView, jump destinations and
 * long PUSH values cached per code. One switch keeps dispatch cheap, which is why this file is
 * longer than the others. Tracing costs one branch per step when no tracer is given.
 *
 * Gas follows RSKj's `VM.java`: the opcode's tier price, plus the dynamic part of the few
 * opcodes that have one, charged before the opcode runs.
 */
import { KECCAK256_EMPTY, keccak256 } from '../crypto/hash.js'
import { getCodeAnalysis } from './analysis.js'
import { executeCallOp, executeCreateOp, finishChild } from './calls.js'
import {
  BAD_JUMP,
  createFrameState,
  EMPTY_BYTES,
  type FrameInput,
  type FrameOutput,
  type FrameState,
  FrameStatus,
  flushStep,
  gasGivenOf,
  gasOf,
  INVALID_OPCODE,
  OUT_OF_GAS,
  RETURN_DATA_OUT_OF_BOUNDS,
  releaseFrameState,
  STACK_OVERFLOW,
  STACK_UNDERFLOW,
  STATIC_STATE_CHANGE,
  type VmContext,
  VmError,
} from './frame.js'
import { GasCost } from './gas.js'
import { expansionCost, loadWord, storeWord } from './memory.js'
import { OPCODE_GAS, OPCODE_MAX_STACK, OPCODE_MIN_STACK, OPCODE_NAMES } from './opcodes.js'
import type { Log } from './types.js'
import {
  addressToWord,
  byteLength,
  bytesToWord,
  readWord,
  toIndex,
  toSigned,
  U256_MAX,
  wordToAddress,
  wordToBytes,
} from './words.js'

const KECCAK_EMPTY_WORD = bytesToWord(KECCAK256_EMPTY)

function copyCost(size: bigint): number {
  return GasCost.COPY_GAS * Math.ceil(toIndex(size) / 32)
}

function exp(base: bigint, exponent: bigint): bigint {
  if (exponent === 0n) return 1n
  if (base === 2n) return exponent < 256n ? 1n << exponent : 0n
  let result = 1n
  while (exponent > 0n) {
    if (exponent & 1n) result = (result * base) & U256_MAX
    exponent >>= 1n
    if (exponent > 0n) base = (base * base) & U256_MAX
  }
  return result
}

function signExtend(k: bigint, x: bigint): bigint {
  if (k >= 31n) return x
  const bit = k * 8n + 7n
  const mask = (1n << (bit + 1n)) - 1n
  return (x >> bit) & 1n ? x | (U256_MAX ^ mask) : x & mask
}

function sdiv(a: bigint, b: bigint): bigint {
  if (b === 0n) return 0n
  return (toSigned(a) / toSigned(b)) & U256_MAX
}

function smod(a: bigint, b: bigint): bigint {
  if (b === 0n) return 0n
  return (toSigned(a) % toSigned(b)) & U256_MAX
}

function sar(shift: bigint, value: bigint): bigint {
  const signed = toSigned(value)
  if (shift >= 256n) return signed < 0n ? U256_MAX : 0n
  return (signed >> shift) & U256_MAX
}

/**
 * keccak256 of short memory ranges, memoized. Solidity hashes 64-byte (key, slot) pairs for every
 * mapping access and the same pairs recur across transactions, while hashing dominates the cost
 * of a token transfer.
 */
const shortHashes = new Map<string, bigint>()
const MEMO_LIMIT = 96
const MEMO_ENTRIES = 16384
const LATIN1 = new TextDecoder('latin1')

function hashWord(bytes: Uint8Array): bigint {
  if (bytes.length > MEMO_LIMIT) return bytesToWord(keccak256(bytes))
  const key = LATIN1.decode(bytes)
  let hash = shortHashes.get(key)
  if (hash === undefined) {
    hash = bytesToWord(keccak256(bytes))
    if (shortHashes.size >= MEMO_ENTRIES) shortHashes.clear()
    shortHashes.set(key, hash)
  }
  return hash
}

function calldataWord(data: Uint8Array, offset: bigint): bigint {
  if (offset >= BigInt(data.length)) return 0n
  const start = Number(offset)
  if (start + 32 <= data.length) return readWord(data, start)
  const padded = new Uint8Array(32)
  padded.set(data.subarray(start))
  return readWord(padded, 0)
}

function readPush(code: Uint8Array, start: number, length: number): bigint {
  const end = Math.min(start + length, code.length)
  if (length <= 6) {
    let v = 0
    for (let i = start; i < end; i++) v = v * 256 + code[i]!
    return BigInt(v) << BigInt(8 * (start + length - end))
  }
  let v = 0n
  for (let i = start; i < end; i++) v = (v << 8n) | BigInt(code[i]!)
  return v << BigInt(8 * (start + length - end))
}

function blockHash(ctx: VmContext, index: bigint): bigint {
  const current = ctx.block.number
  if (index >= current || index < current - 256n || index < 0n) return 0n
  const hash = ctx.block.getBlockHash(index)
  return hash === undefined ? 0n : bytesToWord(hash)
}

/**
 * LOG0–LOG4's record, out of `runFrame`: the first LOG after the interpreter was optimized threw
 * its optimized code away ("not a Smi"), and the interpreter, the largest function of the node,
 * then ran unoptimized until it was compiled again (50–80 ms of a background thread).
 */
function appendLog(logs: Log[], address: Log['address'], topics: Uint8Array[], data: Uint8Array): void {
  logs.push({ address, topics, data })
}

/**
 * Runs `frame` from where it stopped until it halts (returns its output) or starts a child call
 * or create (returns `undefined`; the child is in `frame.pending`).
 */
function runFrame(ctx: VmContext, frame: FrameState): FrameOutput | undefined {
  const input = frame.input
  const { code, data } = input
  const analysis = getCodeAnalysis(code, input.codeHash)
  const jumpdests = analysis.jumpdests
  const pushValues = analysis.pushValues
  const state = ctx.state
  const address = input.address
  const tracedStorage = frame.tracedStorage
  const stack = frame.stack
  const memory = frame.memory
  let sp = frame.sp
  let pc = frame.pc < 0 ? analysis.start : frame.pc
  let gas = frame.gas
  let status = FrameStatus.Success
  let output = EMPTY_BYTES
  let error: string | undefined

  try {
    loop: while (pc < code.length) {
      const op = code[pc]!
      const minStack = OPCODE_MIN_STACK[op]!
      if (minStack < 0) throw INVALID_OPCODE
      if (sp < minStack) throw STACK_UNDERFLOW
      if (sp > OPCODE_MAX_STACK[op]!) throw STACK_OVERFLOW
      if (tracedStorage !== undefined) {
        frame.pendingStep = {
          pc,
          op,
          opName: OPCODE_NAMES[op]!,
          gas: BigInt(gas) + frame.gasReserve,
          gasCost: 0n,
          depth: input.depth,
          stack: stack.slice(0, sp),
          memory: memory.bytes.slice(0, memory.size),
          storage: new Map(tracedStorage),
          address,
        }
      }
      gas -= OPCODE_GAS[op]!
      if (gas < 0) throw OUT_OF_GAS

      switch (op) {
        case 0x00: // STOP
          break loop
        case 0x01:
          sp--
          stack[sp - 1] = (stack[sp]! + stack[sp - 1]!) & U256_MAX
          pc++
          break
        case 0x02:
          sp--
          stack[sp - 1] = (stack[sp]! * stack[sp - 1]!) & U256_MAX
          pc++
          break
        case 0x03:
          sp--
          stack[sp - 1] = (stack[sp]! - stack[sp - 1]!) & U256_MAX
          pc++
          break
        case 0x04: {
          sp--
          const b = stack[sp - 1]!
          stack[sp - 1] = b === 0n ? 0n : stack[sp]! / b
          pc++
          break
        }
        case 0x05:
          sp--
          stack[sp - 1] = sdiv(stack[sp]!, stack[sp - 1]!)
          pc++
          break
        case 0x06: {
          sp--
          const b = stack[sp - 1]!
          stack[sp - 1] = b === 0n ? 0n : stack[sp]! % b
          pc++
          break
        }
        case 0x07:
          sp--
          stack[sp - 1] = smod(stack[sp]!, stack[sp - 1]!)
          pc++
          break
        case 0x08: {
          sp -= 2
          const m = stack[sp - 1]!
          stack[sp - 1] = m === 0n ? 0n : (stack[sp + 1]! + stack[sp]!) % m
          pc++
          break
        }
        case 0x09: {
          sp -= 2
          const m = stack[sp - 1]!
          stack[sp - 1] = m === 0n ? 0n : (stack[sp + 1]! * stack[sp]!) % m
          pc++
          break
        }
        case 0x0a: {
          const exponent = stack[sp - 2]!
          gas -= GasCost.EXP_BYTE_GAS * byteLength(exponent)
          if (gas < 0) throw OUT_OF_GAS
          sp--
          stack[sp - 1] = exp(stack[sp]!, exponent)
          pc++
          break
        }
        case 0x0b:
          sp--
          stack[sp - 1] = signExtend(stack[sp]!, stack[sp - 1]!)
          pc++
          break
        case 0x10:
          sp--
          stack[sp - 1] = stack[sp]! < stack[sp - 1]! ? 1n : 0n
          pc++
          break
        case 0x11:
          sp--
          stack[sp - 1] = stack[sp]! > stack[sp - 1]! ? 1n : 0n
          pc++
          break
        case 0x12:
          sp--
          stack[sp - 1] = toSigned(stack[sp]!) < toSigned(stack[sp - 1]!) ? 1n : 0n
          pc++
          break
        case 0x13:
          sp--
          stack[sp - 1] = toSigned(stack[sp]!) > toSigned(stack[sp - 1]!) ? 1n : 0n
          pc++
          break
        case 0x14:
          sp--
          stack[sp - 1] = stack[sp]! === stack[sp - 1]! ? 1n : 0n
          pc++
          break
        case 0x15:
          stack[sp - 1] = stack[sp - 1]! === 0n ? 1n : 0n
          pc++
          break
        case 0x16:
          sp--
          stack[sp - 1] = stack[sp]! & stack[sp - 1]!
          pc++
          break
        case 0x17:
          sp--
          stack[sp - 1] = stack[sp]! | stack[sp - 1]!
          pc++
          break
        case 0x18:
          sp--
          stack[sp - 1] = stack[sp]! ^ stack[sp - 1]!
          pc++
          break
        case 0x19:
          stack[sp - 1] = U256_MAX ^ stack[sp - 1]!
          pc++
          break
        case 0x1a: {
          sp--
          const i = stack[sp]!
          stack[sp - 1] = i < 32n ? (stack[sp - 1]! >> (248n - i * 8n)) & 0xffn : 0n
          pc++
          break
        }
        case 0x1b: {
          sp--
          const shift = stack[sp]!
          stack[sp - 1] = shift < 256n ? (stack[sp - 1]! << shift) & U256_MAX : 0n
          pc++
          break
        }
        case 0x1c: {
          sp--
          const shift = stack[sp]!
          stack[sp - 1] = shift < 256n ? stack[sp - 1]! >> shift : 0n
          pc++
          break
        }
        case 0x1d:
          sp--
          stack[sp - 1] = sar(stack[sp]!, stack[sp - 1]!)
          pc++
          break
        case 0x20: {
          const offset = stack[sp - 1]!
          const size = stack[sp - 2]!
          gas -= GasCost.SHA3_WORD * Math.ceil(toIndex(size) / 32) + expansionCost(memory, offset, size)
          if (gas < 0) throw OUT_OF_GAS
          sp--
          stack[sp - 1] = hashWord(memory.view(Number(offset), Number(size)))
          pc++
          break
        }
        case 0x30:
          stack[sp++] = addressToWord(address)
          pc++
          break
        case 0x31:
          stack[sp - 1] = state.getBalance(wordToAddress(stack[sp - 1]!)) & U256_MAX
          pc++
          break
        case 0x32:
          stack[sp++] = addressToWord(ctx.origin)
          pc++
          break
        case 0x33:
          stack[sp++] = addressToWord(input.caller)
          pc++
          break
        case 0x34:
          stack[sp++] = input.value
          pc++
          break
        case 0x35:
          stack[sp - 1] = calldataWord(data, stack[sp - 1]!)
          pc++
          break
        case 0x36:
          stack[sp++] = BigInt(data.length)
          pc++
          break
        case 0x37:
        case 0x39:
        case 0x3e: {
          // CALLDATACOPY, CODECOPY, RETURNDATACOPY: [memOffset, sourceOffset, size]
          const memOffset = stack[sp - 1]!
          const sourceOffset = stack[sp - 2]!
          const size = stack[sp - 3]!
          gas -= copyCost(size) + expansionCost(memory, memOffset, size)
          if (gas < 0) throw OUT_OF_GAS
          sp -= 3
          const source = op === 0x37 ? data : op === 0x39 ? code : frame.returnData
          if (op === 0x3e && toIndex(sourceOffset) + toIndex(size) > source.length)
            throw RETURN_DATA_OUT_OF_BOUNDS
          if (size !== 0n) memory.writePadded(Number(memOffset), source, toIndex(sourceOffset), Number(size))
          pc++
          break
        }
        case 0x38:
          stack[sp++] = BigInt(code.length)
          pc++
          break
        case 0x3a:
          stack[sp++] = ctx.gasPrice
          pc++
          break
        case 0x3b: {
          const target = wordToAddress(stack[sp - 1]!)
          // RSKIP90: a precompiled contract reports the largest possible code size.
          stack[sp - 1] = ctx.precompiles.has(target) ? U256_MAX : BigInt(state.getCode(target).length)
          pc++
          break
        }
        case 0x3c: {
          const target = wordToAddress(stack[sp - 1]!)
          const memOffset = stack[sp - 2]!
          const codeOffset = stack[sp - 3]!
          const size = stack[sp - 4]!
          gas -= copyCost(size) + expansionCost(memory, memOffset, size)
          if (gas < 0) throw OUT_OF_GAS
          sp -= 4
          if (size !== 0n)
            memory.writePadded(Number(memOffset), state.getCode(target), toIndex(codeOffset), Number(size))
          pc++
          break
        }
        case 0x3d:
          stack[sp++] = BigInt(frame.returnData.length)
          pc++
          break
        case 0x3f: {
          const target = wordToAddress(stack[sp - 1]!)
          if (ctx.precompiles.has(target)) stack[sp - 1] = KECCAK_EMPTY_WORD
          else stack[sp - 1] = state.exists(target) ? bytesToWord(state.getCodeHash(target)) : 0n
          pc++
          break
        }
        case 0x40:
          stack[sp - 1] = blockHash(ctx, stack[sp - 1]!)
          pc++
          break
        case 0x41:
          stack[sp++] = addressToWord(ctx.block.coinbase)
          pc++
          break
        case 0x42:
          stack[sp++] = ctx.block.timestamp
          pc++
          break
        case 0x43:
          stack[sp++] = ctx.block.number
          pc++
          break
        case 0x44:
          stack[sp++] = ctx.block.difficulty
          pc++
          break
        case 0x45:
          stack[sp++] = ctx.block.gasLimit
          pc++
          break
        case 0x46:
          stack[sp++] = ctx.block.chainId
          pc++
          break
        case 0x47:
          stack[sp++] = state.getBalance(address) & U256_MAX
          pc++
          break
        case 0x48: // BASEFEE is the block's minimum gas price on RSK (RSKIP412)
          stack[sp++] = ctx.block.minimumGasPrice
          pc++
          break
        case 0x50:
          sp--
          pc++
          break
        case 0x51: {
          const offset = stack[sp - 1]!
          gas -= expansionCost(memory, offset, 32n)
          if (gas < 0) throw OUT_OF_GAS
          const at = Number(offset)
          memory.extend(at + 32)
          stack[sp - 1] = loadWord(memory, at)
          pc++
          break
        }
        case 0x52: {
          const offset = stack[sp - 1]!
          gas -= expansionCost(memory, offset, 32n)
          if (gas < 0) throw OUT_OF_GAS
          const at = Number(offset)
          memory.extend(at + 32)
          storeWord(memory, at, stack[sp - 2]!)
          sp -= 2
          pc++
          break
        }
        case 0x53: {
          const offset = stack[sp - 1]!
          gas -= expansionCost(memory, offset, 1n)
          if (gas < 0) throw OUT_OF_GAS
          const at = Number(offset)
          memory.extend(at + 1)
          memory.bytes[at] = Number(stack[sp - 2]! & 0xffn)
          sp -= 2
          pc++
          break
        }
        case 0x54: {
          const slot = stack[sp - 1]!
          const value = state.getStorage(address, slot)
          stack[sp - 1] = value
          tracedStorage?.set(slot, value)
          pc++
          break
        }
        case 0x55: {
          if (input.isStatic) throw STATIC_STATE_CHANGE
          const slot = stack[sp - 1]!
          const value = stack[sp - 2]!
          const current = state.getStorage(address, slot)
          if (current === 0n && value !== 0n) gas -= GasCost.SET_SSTORE
          else if (current !== 0n && value === 0n) {
            gas -= GasCost.CLEAR_SSTORE
            state.refund += GasCost.REFUND_SSTORE
          } else gas -= GasCost.RESET_SSTORE
          if (gas < 0) throw OUT_OF_GAS
          state.setStorage(address, slot, value)
          tracedStorage?.set(slot, value)
          sp -= 2
          pc++
          break
        }
        case 0x56: {
          const dest = stack[--sp]!
          if (dest >= BigInt(code.length) || jumpdests[Number(dest)] !== 1) throw BAD_JUMP
          pc = Number(dest)
          break
        }
        case 0x57: {
          const dest = stack[sp - 1]!
          const condition = stack[sp - 2]!
          sp -= 2
          if (condition === 0n) pc++
          else {
            if (dest >= BigInt(code.length) || jumpdests[Number(dest)] !== 1) throw BAD_JUMP
            pc = Number(dest)
          }
          break
        }
        case 0x58:
          stack[sp++] = BigInt(pc)
          pc++
          break
        case 0x59:
          stack[sp++] = BigInt(memory.size)
          pc++
          break
        case 0x5a:
          stack[sp++] = BigInt(gas) + frame.gasReserve
          pc++
          break
        case 0x5b:
          pc++
          break
        case 0x5c:
          stack[sp - 1] = state.getTransient(address, stack[sp - 1]!)
          pc++
          break
        case 0x5d:
          if (input.isStatic) throw STATIC_STATE_CHANGE
          state.setTransient(address, stack[sp - 1]!, stack[sp - 2]!)
          sp -= 2
          pc++
          break
        case 0x5e: {
          const destination = stack[sp - 1]!
          const source = stack[sp - 2]!
          const size = stack[sp - 3]!
          const furthest = source > destination ? source : destination
          gas -= copyCost(size) + expansionCost(memory, furthest, size)
          if (gas < 0) throw OUT_OF_GAS
          sp -= 3
          if (size !== 0n) memory.copyWithin(Number(destination), Number(source), Number(size))
          pc++
          break
        }
        case 0x5f:
          stack[sp++] = 0n
          pc++
          break
        case 0x60:
          stack[sp++] = BigInt(pc + 1 < code.length ? code[pc + 1]! : 0)
          pc += 2
          break
        case 0xa0:
        case 0xa1:
        case 0xa2:
        case 0xa3:
        case 0xa4: {
          if (input.isStatic) throw STATIC_STATE_CHANGE
          const topicCount = op - 0xa0
          const offset = stack[sp - 1]!
          const size = stack[sp - 2]!
          const sizeIndex = toIndex(size)
          gas -= GasCost.LOG_DATA_GAS * sizeIndex + GasCost.LOG_TOPIC_GAS * topicCount
          gas -= expansionCost(memory, offset, size)
          if (gas < 0) throw OUT_OF_GAS
          const topics: Uint8Array[] = []
          for (let i = 0; i < topicCount; i++) topics.push(wordToBytes(stack[sp - 3 - i]!))
          sp -= 2 + topicCount
          appendLog(state.logs, address, topics, memory.read(Number(offset), sizeIndex))
          pc++
          break
        }
        case 0xf0:
        case 0xf1:
        case 0xf2:
        case 0xf4:
        case 0xf5:
        case 0xfa: {
          if (input.isStatic && (op === 0xf0 || op === 0xf5)) throw STATIC_STATE_CHANGE
          frame.gas = gas
          frame.sp = sp
          const suspended =
            op === 0xf0 || op === 0xf5 ? executeCreateOp(ctx, frame, op) : executeCallOp(ctx, frame, op)
          if (suspended) {
            frame.pc = pc + 1
            return undefined
          }
          gas = frame.gas
          sp = frame.sp
          pc++
          break
        }
        case 0xf3:
        case 0xfd: {
          const offset = stack[sp - 1]!
          const size = stack[sp - 2]!
          gas -= expansionCost(memory, offset, size)
          if (gas < 0) throw OUT_OF_GAS
          sp -= 2
          output = memory.read(Number(offset), toIndex(size))
          if (op === 0xfd) status = FrameStatus.Revert
          break loop
        }
        case 0xff: {
          if (input.isStatic) throw STATIC_STATE_CHANGE
          const beneficiary = wordToAddress(stack[sp - 1]!)
          if (!state.exists(beneficiary)) {
            gas -= GasCost.NEW_ACCT_SUICIDE
            if (gas < 0) throw OUT_OF_GAS
          }
          sp--
          const balance = state.getBalance(address)
          if (balance !== 0n) {
            if (beneficiary === address) state.addBalance(address, -balance)
            else state.transfer(address, beneficiary, balance)
          }
          state.markSelfdestruct(address)
          break loop
        }
        default:
          if (op >= 0x61 && op <= 0x7f) {
            const length = op - 0x5f
            let value = pushValues[pc]
            if (value === undefined) {
              value = readPush(code, pc + 1, length)
              pushValues[pc] = value
            }
            stack[sp++] = value
            pc += length + 1
          } else if (op >= 0x80 && op <= 0x8f) {
            stack[sp] = stack[sp - (op - 0x7f)]!
            sp++
            pc++
          } else if (op >= 0x90 && op <= 0x9f) {
            const other = sp - 2 - (op - 0x90)
            const top = stack[sp - 1]!
            stack[sp - 1] = stack[other]!
            stack[other] = top
            pc++
          } else {
            throw INVALID_OPCODE
          }
      }
      if (frame.pendingStep !== undefined) {
        frame.gas = gas
        flushStep(ctx, frame)
      }
    }
    if (frame.pendingStep !== undefined) {
      frame.gas = gas
      flushStep(ctx, frame)
    }
  } catch (thrown) {
    if (!(thrown instanceof VmError)) throw thrown
    if (frame.pendingStep !== undefined) {
      frame.gas = Math.max(gas, 0)
      flushStep(ctx, frame)
    }
    status = FrameStatus.Error
    error = thrown.message
    output = EMPTY_BYTES
    gas = 0
    frame.gasReserve = 0n
  }
  frame.gas = gas
  const used = gasGivenOf(input) - gasOf(frame)
  return {
    status,
    gasLeft: gas,
    gasLeftReserve: frame.gasReserve,
    output,
    error,
    movedRemainingGasToChild: frame.movedRemainingGasToChild,
    callWithValue: frame.callWithValue,
    peakGasUsed: used > frame.peakGasUsed ? used : frame.peakGasUsed,
  }
}

/**
 * Runs a message to completion, including every nested call and create. Frames live in an
 * array rather than on the JavaScript stack, so depth 1024 is safe anywhere.
 */
export function executeFrame(ctx: VmContext, input: FrameInput): FrameOutput {
  const tracing = ctx.tracer?.onStep !== undefined
  const frames: FrameState[] = [createFrameState(input, tracing)]
  let childOutput: FrameOutput | undefined
  for (;;) {
    const frame = frames[frames.length - 1]!
    if (childOutput !== undefined) {
      finishChild(ctx, frame, childOutput)
      childOutput = undefined
    }
    const output = runFrame(ctx, frame)
    if (output === undefined) {
      frames.push(createFrameState(frame.pending!.child, tracing))
      continue
    }
    frames.pop()
    releaseFrameState(frame)
    if (frames.length === 0) return output
    childOutput = output
  }
}
