import { encodeDeployData, encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../../src/core/util/hex.js'
import { getArtifact } from '../../fixtures/contracts/index.js'
import { createTraceChain } from './traceChain.js'

type Chain = Awaited<ReturnType<typeof createTraceChain>>
let chain: Chain

beforeAll(async () => {
  chain = await createTraceChain()
})

/** The response exactly as it goes on the wire, member order included. */
const wire = (value: unknown) => JSON.stringify(value, null, 1)

describe('debug_traceTransaction (rskTracer)', () => {
  test('a call to the tiny contract gives every step with memory, stack and storage as RSKj writes them', async () => {
    const trace = await chain.call('debug_traceTransaction', [chain.hashes.tinyCall])
    expect(wire(trace)).toMatchInlineSnapshot(`
      "{
       "contractAddress": "77045e71a7a2c50903d88e564cd72fab11e82051",
       "initStorage": {},
       "structLogs": [
        {
         "op": "PUSH1",
         "depth": 0,
         "pc": 0,
         "gas": 79000,
         "gasCost": 3,
         "memory": [],
         "stack": [],
         "storage": {}
        },
        {
         "op": "PUSH1",
         "depth": 0,
         "pc": 2,
         "gas": 78997,
         "gasCost": 3,
         "memory": [],
         "stack": [
          "000000000000000000000000000000000000000000000000000000000000002a"
         ],
         "storage": {}
        },
        {
         "op": "SSTORE",
         "depth": 0,
         "pc": 4,
         "gas": 78994,
         "gasCost": 20000,
         "memory": [],
         "stack": [
          "000000000000000000000000000000000000000000000000000000000000002a",
          "0000000000000000000000000000000000000000000000000000000000000000"
         ],
         "storage": {}
        },
        {
         "op": "PUSH1",
         "depth": 0,
         "pc": 5,
         "gas": 58994,
         "gasCost": 3,
         "memory": [],
         "stack": [],
         "storage": {
          "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
         }
        },
        {
         "op": "SLOAD",
         "depth": 0,
         "pc": 7,
         "gas": 58991,
         "gasCost": 200,
         "memory": [],
         "stack": [
          "0000000000000000000000000000000000000000000000000000000000000000"
         ],
         "storage": {
          "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
         }
        },
        {
         "op": "PUSH1",
         "depth": 0,
         "pc": 8,
         "gas": 58791,
         "gasCost": 3,
         "memory": [],
         "stack": [
          "000000000000000000000000000000000000000000000000000000000000002a"
         ],
         "storage": {
          "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
         }
        },
        {
         "op": "MSTORE",
         "depth": 0,
         "pc": 10,
         "gas": 58788,
         "gasCost": 6,
         "memory": [],
         "stack": [
          "000000000000000000000000000000000000000000000000000000000000002a",
          "0000000000000000000000000000000000000000000000000000000000000000"
         ],
         "storage": {
          "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
         }
        },
        {
         "op": "PUSH1",
         "depth": 0,
         "pc": 11,
         "gas": 58782,
         "gasCost": 3,
         "memory": [
          "000000000000000000000000000000000000000000000000000000000000002a"
         ],
         "stack": [],
         "storage": {
          "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
         }
        },
        {
         "op": "PUSH1",
         "depth": 0,
         "pc": 13,
         "gas": 58779,
         "gasCost": 3,
         "memory": [
          "000000000000000000000000000000000000000000000000000000000000002a"
         ],
         "stack": [
          "0000000000000000000000000000000000000000000000000000000000000020"
         ],
         "storage": {
          "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
         }
        },
        {
         "op": "RETURN",
         "depth": 0,
         "pc": 15,
         "gas": 58776,
         "gasCost": 0,
         "memory": [
          "000000000000000000000000000000000000000000000000000000000000002a"
         ],
         "stack": [
          "0000000000000000000000000000000000000000000000000000000000000020",
          "0000000000000000000000000000000000000000000000000000000000000000"
         ],
         "storage": {
          "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
         }
        }
       ],
       "result": "000000000000000000000000000000000000000000000000000000000000002a",
       "error": "",
       "reverted": false,
       "storageSize": 1,
       "currentStorage": {
        "0000000000000000000000000000000000000000000000000000000000000000": "000000000000000000000000000000000000000000000000000000000000002a"
       }
      }"
    `)
  })

  test('disableMemory, disableStack and disableStorage drop those members from every step', async () => {
    const trace = (await chain.call('debug_traceTransaction', [
      chain.hashes.tinyCall,
      { disableMemory: true, disableStack: 'true', tracerConfig: { disableStorage: true } },
    ])) as { structLogs: unknown[] }
    expect(JSON.stringify(trace.structLogs.slice(0, 2))).toMatchInlineSnapshot(
      `"[{"op":"PUSH1","depth":0,"pc":0,"gas":79000,"gasCost":3},{"op":"PUSH1","depth":0,"pc":2,"gas":78997,"gasCost":3}]"`,
    )
  })

  test('a plain transfer runs no code and gets the summarized transfer trace', async () => {
    expect(wire(await chain.call('debug_traceTransaction', [chain.hashes.transfer]))).toMatchInlineSnapshot(`
      "{
       "programInvoke": null,
       "transferInvoke": {
        "ownerAddress": "00000000000000000000000000000000000000000000000000000000000000b0",
        "callerAddress": "000000000000000000000000cd2a3d9f938e13cd947ec05abc7fe734df8dd826",
        "gas": 0,
        "callValue": "00000000000000000000000000000000000000000000000000000000000003e8",
        "msgData": ""
       },
       "subtraces": [],
       "result": "",
       "error": "",
       "reverted": false
      }"
    `)
  })

  test('a nested call that reverts is traced through both frames and marked reverted', async () => {
    const trace = (await chain.call('debug_traceTransaction', [chain.hashes.revertNested])) as {
      structLogs: { depth: number; op: string }[]
      reverted: boolean
      error: string
      result: string
    }
    expect(trace.reverted).toBe(true)
    expect(trace.error).toBe('')
    expect(trace.result.startsWith('08c379a0')).toBe(true)
    expect(new Set(trace.structLogs.map((s) => s.depth))).toEqual(new Set([0, 1]))
    expect(trace.structLogs.at(-1)?.op).toBe('REVERT')
  })

  test('an unknown transaction is null', async () => {
    expect(await chain.call('debug_traceTransaction', [`0x${'ab'.repeat(32)}`])).toBeNull()
  })

  test("an unknown tracer is -32602 with RSKj's text (RSKj: -32603)", async () => {
    const response = await chain.rpc('debug_traceTransaction', [
      chain.hashes.tinyCall,
      { tracer: 'prestateTracer' },
    ])
    expect(wire(response.error)).toMatchInlineSnapshot(`
      "{
       "code": -32602,
       "message": "invalid argument 1: Invalid tracer type: prestateTracer"
      }"
    `)
  })
})

describe('debug_traceTransaction (callTracer)', () => {
  test('a nested reverting call gives the call tree with revert reasons', async () => {
    const trace = await chain.call('debug_traceTransaction', [
      chain.hashes.revertNested,
      { tracer: 'callTracer' },
    ])
    expect(wire(trace)).toMatchInlineSnapshot(`
      "{
       "type": "CALL",
       "from": "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826",
       "to": "0x83c5541a6c8d2dbad642f385d8d06ca9b6c731ee",
       "value": "0x0",
       "gas": "0x13458",
       "gasUsed": "0x5a43",
       "input": "0xbc183c05",
       "output": "0x0",
       "error": "execution reverted",
       "calls": [
        {
         "type": "STATICCALL",
         "from": "0x83c5541a6c8d2dbad642f385d8d06ca9b6c731ee",
         "to": "0x83c5541a6c8d2dbad642f385d8d06ca9b6c731ee",
         "value": "0x0",
         "gas": "0x12da2",
         "gasUsed": "0x113",
         "input": "0x5b2dd100",
         "output": "0x8c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001752657665727465723a20726561736f6e20737472696e67000000000000000000",
         "error": "execution reverted",
         "revertReason": "Reverter: reason string"
        }
       ]
      }"
    `)
  })

  test('onlyTopCall leaves the nested calls out', async () => {
    const trace = (await chain.call('debug_traceTransaction', [
      chain.hashes.revertNested,
      { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } },
    ])) as Record<string, unknown>
    expect(trace.calls).toBeUndefined()
    expect(trace.type).toBe('CALL')
  })

  test('a creation reports the created address as output', async () => {
    const trace = await chain.call('debug_traceTransaction', [
      chain.hashes.tinyDeploy,
      { tracer: 'callTracer' },
    ])
    expect(wire(trace)).toMatchInlineSnapshot(`
      "{
       "type": "CREATE",
       "from": "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826",
       "value": "0x0",
       "gas": "0x23cbe",
       "gasUsed": "0xdd1a",
       "input": "0x6010600c60003960106000f3602a60005560005460005260206000f3",
       "output": "0x77045e71a7a2c50903d88e564cd72fab11e82051"
      }"
    `)
  })
})

describe('debug_traceTransaction (callTracer withLog)', () => {
  test("withLog lists the transaction's logs with their index, topics and data", async () => {
    const emitter = getArtifact('EventEmitterParis')
    const deploy = await chain.send({
      data: hexToBytes(encodeDeployData({ abi: emitter.abi, bytecode: emitter.bytecode })),
    })
    const address = (await chain.receipt(deploy)).contractAddress!
    const hash = await chain.send({
      to: address,
      data: hexToBytes(encodeFunctionData({ abi: emitter.abi, functionName: 'emitCounted', args: [7n] })),
      gasLimit: 100_000n,
    })
    const trace = (await chain.call('debug_traceTransaction', [
      hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ])) as Record<string, unknown>
    expect(wire(trace.logs)).toMatchInlineSnapshot(`
      "[
       {
        "index": 0,
        "address": "0x1ed614cd3443efd9c70f04b6d777aed947a4b0c4",
        "topics": [
         "0x15df0a6785153dfd625c8af51397704c7ddaff0690e5076243b5e52f4a0d5409",
         "0x0000000000000000000000000000000000000000000000000000000000000007"
        ],
        "data": "0x00"
       }
      ]"
    `)
    const without = (await chain.call('debug_traceTransaction', [hash, { tracer: 'callTracer' }])) as Record<
      string,
      unknown
    >
    expect(without.logs).toBeUndefined()
  })
})

describe('debug_traceBlockByHash', () => {
  test('callTracer gives txHash and result for every transaction, REMASC last', async () => {
    const receipt = await chain.receipt(chain.hashes.tinyCall)
    const traces = await chain.call('debug_traceBlockByHash', [receipt.blockHash, { tracer: 'callTracer' }])
    expect(wire(traces)).toMatchInlineSnapshot(`
      "[
       {
        "txHash": "0x27ea11be75e74f8287e015d081defa22d3199f6480fca7164e6bbf986e71b769",
        "result": {
         "type": "CALL",
         "from": "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826",
         "to": "0x77045e71a7a2c50903d88e564cd72fab11e82051",
         "value": "0x0",
         "gas": "0x13498",
         "gasUsed": "0xa108",
         "input": "0x",
         "output": "0x0"
        }
       },
       {
        "txHash": "0x2508efeddbab2f46ce53e0fb5ed61df9ac1ce696311941207833d7365194dacd",
        "result": {
         "type": "CALL",
         "from": "0x0000000000000000000000000000000000000000",
         "to": "0x0000000000000000000000000000000001000008",
         "value": "0x0",
         "gas": "0x0",
         "gasUsed": "0x0",
         "input": "0x",
         "output": "0x0"
        }
       }
      ]"
    `)
  })

  test('rskTracer gives one trace per transaction', async () => {
    const receipt = await chain.receipt(chain.hashes.increment)
    const traces = (await chain.call('debug_traceBlockByHash', [receipt.blockHash])) as Record<
      string,
      unknown
    >[]
    expect(traces).toHaveLength(2)
    expect(Object.keys(traces[0]!)).toEqual([
      'contractAddress',
      'initStorage',
      'structLogs',
      'result',
      'error',
      'reverted',
      'storageSize',
      'currentStorage',
    ])
    expect(Object.keys(traces[1]!)).toEqual([
      'programInvoke',
      'transferInvoke',
      'subtraces',
      'result',
      'error',
      'reverted',
    ])
  })

  test('an unknown block is null', async () => {
    expect(await chain.call('debug_traceBlockByHash', [`0x${'cd'.repeat(32)}`])).toBeNull()
  })
})
