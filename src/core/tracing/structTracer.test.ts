import { describe, expect, test } from 'vitest'
import type { StepInfo } from '../evm/types.js'
import { StructLogTracer, wordHex } from './structTracer.js'

const CONTRACT = '0x00000000000000000000000000000000000000c0' as const

function step(pc: number, opName: string, stack: bigint[], storage: [bigint, bigint][]): StepInfo {
  return {
    pc,
    op: 0,
    opName,
    gas: 1000n - BigInt(pc),
    gasCost: 1n,
    depth: 0,
    stack,
    memory: new Uint8Array(0),
    storage: new Map(storage),
    address: CONTRACT,
  }
}

function run(steps: StepInfo[]) {
  const tracer = new StructLogTracer({ disableMemory: false, disableStack: false, disableStorage: false })
  tracer.onCallEnter({
    type: 'CALL',
    from: CONTRACT,
    to: CONTRACT,
    value: 0n,
    gas: 1000n,
    input: new Uint8Array(0),
    depth: 0,
  })
  for (const s of steps) tracer.onStep(s)
  tracer.onCallExit()
  return tracer
}

describe('struct log storage', () => {
  test('a written slot shows from the step after the SSTORE, as RSKj reads it back then', () => {
    const tracer = run([step(0, 'SSTORE', [5n, 1n], []), step(1, 'STOP', [], [[1n, 5n]])])
    expect(tracer.structLogs.map((s) => s.storage)).toEqual([{}, { [wordHex(1n)]: wordHex(5n) }])
    expect(tracer.storageSize).toBe(1)
  })

  test('clearing a slot also empties the earlier steps that shared the map, as in RSKj', () => {
    const tracer = run([
      step(0, 'SSTORE', [5n, 1n], []),
      step(1, 'SSTORE', [0n, 1n], [[1n, 5n]]),
      step(2, 'STOP', [], [[1n, 0n]]),
    ])
    // Step 1 holds the map instance that step 2's removal edits in place.
    expect(tracer.structLogs.map((s) => s.storage)).toEqual([{}, {}, {}])
    expect(tracer.currentStorage).toEqual({})
  })

  test('a map copied by a later write is not touched by a removal after it', () => {
    const tracer = run([
      step(0, 'SSTORE', [5n, 1n], []),
      step(1, 'SSTORE', [6n, 2n], [[1n, 5n]]),
      step(
        2,
        'SSTORE',
        [0n, 1n],
        [
          [1n, 5n],
          [2n, 6n],
        ],
      ),
      step(
        3,
        'STOP',
        [],
        [
          [1n, 0n],
          [2n, 6n],
        ],
      ),
    ])
    expect(tracer.structLogs.map((s) => Object.keys(s.storage ?? {}).length)).toEqual([0, 1, 1, 1])
    expect(tracer.structLogs[1]!.storage).toEqual({ [wordHex(1n)]: wordHex(5n) })
  })

  test('stack words and memory chunks are 64 unprefixed hex digits', () => {
    const tracer = new StructLogTracer({ disableMemory: false, disableStack: false, disableStorage: true })
    tracer.onStep({ ...step(0, 'MLOAD', [0x2an], []), memory: new Uint8Array(64).fill(0xab) })
    expect(tracer.structLogs[0]).toEqual({
      op: 'MLOAD',
      depth: 0,
      pc: 0,
      gas: 1000,
      gasCost: 1,
      memory: ['ab'.repeat(32), 'ab'.repeat(32)],
      stack: [wordHex(0x2an)],
    })
  })
})
