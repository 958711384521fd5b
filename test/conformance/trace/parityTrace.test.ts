import { encodeDeployData, encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../../src/core/util/hex.js'
import { getArtifact } from '../../fixtures/contracts/index.js'
import { BOB, createTraceChain, SENDER } from './traceChain.js'

type Chain = Awaited<ReturnType<typeof createTraceChain>>
let chain: Chain

beforeAll(async () => {
  chain = await createTraceChain()
})

/** The response exactly as it goes on the wire, member order included. */
const wire = (value: unknown) => JSON.stringify(value, null, 1)

describe('trace_transaction', () => {
  test('a nested reverting call gives one element per frame with numbers where RSKj writes numbers', async () => {
    expect(wire(await chain.call('trace_transaction', [chain.hashes.revertNested]))).toMatchInlineSnapshot(`
      "[
       {
        "action": {
         "callType": "call",
         "from": "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826",
         "to": "0x83c5541a6c8d2dbad642f385d8d06ca9b6c731ee",
         "gas": "0x13458",
         "input": "0xbc183c05",
         "value": "0x0"
        },
        "blockHash": "0xfd8c7d84467f862cb51e10754332bf89459629c15ba887c4f0b056cc5ccc156a",
        "blockNumber": 5,
        "transactionHash": "0x725e7dda760fe981091a707106fde803ef1b1b125aa491133f645b1fab31b8ba",
        "transactionPosition": 0,
        "type": "call",
        "subtraces": 1,
        "traceAddress": [],
        "result": null,
        "error": "Reverted"
       },
       {
        "action": {
         "callType": "staticcall",
         "from": "0x83c5541a6c8d2dbad642f385d8d06ca9b6c731ee",
         "to": "0x83c5541a6c8d2dbad642f385d8d06ca9b6c731ee",
         "gas": "0x12da2",
         "input": "0xbc183c05",
         "value": "0x0"
        },
        "blockHash": "0xfd8c7d84467f862cb51e10754332bf89459629c15ba887c4f0b056cc5ccc156a",
        "blockNumber": 5,
        "transactionHash": "0x725e7dda760fe981091a707106fde803ef1b1b125aa491133f645b1fab31b8ba",
        "transactionPosition": 0,
        "type": "call",
        "subtraces": 0,
        "traceAddress": [
         0
        ],
        "result": null,
        "error": "Reverted"
       }
      ]"
    `)
  })

  test('a creation has init, code and address', async () => {
    expect(wire(await chain.call('trace_transaction', [chain.hashes.tinyDeploy]))).toMatchInlineSnapshot(`
      "[
       {
        "action": {
         "from": "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826",
         "gas": "0x23cbe",
         "init": "0x6010600c60003960106000f3602a60005560005460005260206000f3",
         "value": "0x0"
        },
        "blockHash": "0x6def9f27f44e61c88d5b426d0325a7addb8690c89abc2b1c113bc8ea70c78633",
        "blockNumber": 1,
        "transactionHash": "0xac574a9168275641e3f8bb4c346fd7e26ce0e64543b3774c4a1a8dfd1ed2fa00",
        "transactionPosition": 0,
        "type": "create",
        "subtraces": 0,
        "traceAddress": [],
        "result": {
         "gasUsed": "0xdd1a",
         "code": "0x602a60005560005460005260206000f3",
         "address": "0x77045e71a7a2c50903d88e564cd72fab11e82051"
        }
       }
      ]"
    `)
  })

  test('an unknown transaction is null', async () => {
    expect(await chain.call('trace_transaction', [`0x${'ab'.repeat(32)}`])).toBeNull()
  })
})

describe('trace_block', () => {
  test('a block gives its transaction traces and the REMASC call', async () => {
    expect(wire(await chain.call('trace_block', ['0x6']))).toMatchInlineSnapshot(`
      "[
       {
        "action": {
         "callType": "call",
         "from": "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826",
         "to": "0x00000000000000000000000000000000000000b0",
         "gas": "0x0",
         "input": "0x",
         "value": "0x3e8"
        },
        "blockHash": "0xbba857ee4497433f65183968c09f2555de4ed0e43b5b16f2cf37d70a6484f851",
        "blockNumber": 6,
        "transactionHash": "0xa375b1e5c6c8b2015ed9808c76886f3778dfaf85f61d94f845c6392957be2477",
        "transactionPosition": 0,
        "type": "call",
        "subtraces": 0,
        "traceAddress": [],
        "result": {
         "gasUsed": "0x5208",
         "output": "0x"
        }
       },
       {
        "action": {
         "callType": "call",
         "from": "0x0000000000000000000000000000000000000000",
         "to": "0x0000000000000000000000000000000001000008",
         "gas": "0x0",
         "input": "0x",
         "value": "0x0"
        },
        "blockHash": "0xbba857ee4497433f65183968c09f2555de4ed0e43b5b16f2cf37d70a6484f851",
        "blockNumber": 6,
        "transactionHash": "0xef2fe2f32d7331643e7bd7e5a77695a44480715d02be4b886be771c56e9e52de",
        "transactionPosition": 1,
        "type": "call",
        "subtraces": 0,
        "traceAddress": [],
        "result": {
         "gasUsed": "0x0",
         "output": "0x"
        }
       }
      ]"
    `)
  })

  test('the genesis block has no traces and an unknown block is null', async () => {
    expect(await chain.call('trace_block', ['earliest'])).toEqual([])
    expect(await chain.call('trace_block', ['0x99'])).toBeNull()
  })

  test('a block hash names the same block as its number', async () => {
    const receipt = await chain.receipt(chain.hashes.transfer)
    expect(await chain.call('trace_block', [receipt.blockHash])).toEqual(
      await chain.call('trace_block', ['0x6']),
    )
  })
})

describe('trace_filter', () => {
  test("fromAddress keeps the sender's transactions; after and count window the result", async () => {
    const all = (await chain.call('trace_filter', [{ fromAddress: [SENDER] }])) as {
      transactionHash: string
    }[]
    // six transactions of the sender, the nested revert adding one subtrace
    expect(all).toHaveLength(7)
    const window = (await chain.call('trace_filter', [
      { fromAddress: [SENDER], after: 2, count: 3 },
    ])) as unknown[]
    expect(window).toEqual(all.slice(2, 5))
  })

  test('toAddress keeps transactions sent to that address, in the block range', async () => {
    const traces = (await chain.call('trace_filter', [
      { fromBlock: '0x1', toBlock: 'latest', toAddress: [BOB] },
    ])) as {
      transactionHash: string
    }[]
    expect(traces.map((t) => t.transactionHash)).toEqual([chain.hashes.transfer])
  })

  test('without filters every block contributes its REMASC trace', async () => {
    const traces = (await chain.call('trace_filter', [{ fromBlock: '0x6', toBlock: '0x6' }])) as unknown[]
    expect(traces).toHaveLength(2)
  })

  test.each([
    [{ count: 10_001 }, 'Count value too big. Maximum 10000 traces allowed.'],
    [{ after: -1 }, 'After value cannot be negative.'],
    [{ after: 10_001 }, 'After value too big. Maximum 10000 traces allowed.'],
    [{ fromBlock: '0x3', toBlock: '0x2' }, 'fromBlock cannot be greater than toBlock'],
  ])("%j is refused with RSKj's -32602 text", async (filter, message) => {
    const response = await chain.rpc('trace_filter', [filter])
    expect(response.error).toEqual({ code: -32602, message })
  })
})

describe('trace_filter block bounds', () => {
  test('a block number without 0x is -32602 naming it (RSKj: -32603 from its unchecked parsing)', async () => {
    const response = await chain.rpc('trace_filter', [{ fromBlock: '5' }])
    expect(response.error).toEqual({ code: -32602, message: 'invalid block 5' })
  })

  test('a range starting past the head is empty', async () => {
    expect(await chain.call('trace_filter', [{ fromBlock: '0x99' }])).toEqual([])
  })
})

describe('failures in traces', () => {
  test('running out of gas is reported with the Java exception RSKj throws, in every trace format', async () => {
    const reverter = getArtifact('ReverterParis')
    const hash = await chain.send({
      to: chain.reverterAddress,
      data: hexToBytes(encodeFunctionData({ abi: reverter.abi, functionName: 'exhaustGas' })),
      gasLimit: 30_000n,
    })
    const parity = (await chain.call('trace_transaction', [hash])) as Record<string, unknown>[]
    const calls = (await chain.call('debug_traceTransaction', [hash, { tracer: 'callTracer' }])) as Record<
      string,
      unknown
    >
    const struct = (await chain.call('debug_traceTransaction', [
      hash,
      { disableStack: true, disableMemory: true },
    ])) as Record<string, unknown>
    expect(
      wire({
        parity: [parity[0]!.result, parity[0]!.error],
        callTracer: [calls.output, calls.error, calls.gasUsed],
        rskTracer: [struct.result, struct.error, struct.reverted],
      }),
    ).toMatchInlineSnapshot(`
      "{
       "parity": [
        null,
        "class org.ethereum.vm.program.Program$OutOfGasException: out of gas"
       ],
       "callTracer": [
        "0x0",
        "class org.ethereum.vm.program.Program$OutOfGasException: out of gas",
        "0x7530"
       ],
       "rskTracer": [
        "",
        "class org.ethereum.vm.program.Program$OutOfGasException: out of gas",
        false
       ]
      }"
    `)
  })
})

describe('nested creations', () => {
  test('a CREATE2 from a contract is a create subtrace with its creation method, code and address', async () => {
    const factory = getArtifact('Create2FactoryParis')
    const deploy = await chain.send({
      data: hexToBytes(encodeDeployData({ abi: factory.abi, bytecode: factory.bytecode })),
    })
    const factoryAddress = (await chain.receipt(deploy)).contractAddress!
    const hash = await chain.send({
      to: factoryAddress,
      data: hexToBytes(
        encodeFunctionData({
          abi: factory.abi,
          functionName: 'deployChild',
          args: [`0x${'11'.repeat(32)}`, 5n],
        }),
      ),
      gasLimit: 1_000_000n,
    })
    const traces = (await chain.call('trace_transaction', [hash])) as {
      action: Record<string, unknown>
      result: Record<string, unknown>
      type: string
      traceAddress: number[]
    }[]
    const child = traces[1]!
    expect(traces).toHaveLength(2)
    expect([child.type, child.traceAddress, Object.keys(child.action), Object.keys(child.result)]).toEqual([
      'create',
      [0],
      ['from', 'gas', 'init', 'value', 'creationMethod'],
      ['gasUsed', 'code', 'address'],
    ])
    expect(child.action.creationMethod).toBe('create2')
    expect(child.action.from).toBe(factoryAddress)
    expect(await chain.call('eth_getCode', [child.result.address, 'latest'])).toBe(child.result.code)
    const calls = (await chain.call('debug_traceTransaction', [hash, { tracer: 'callTracer' }])) as {
      calls: Record<string, unknown>[]
    }
    expect(calls.calls[0]!.type).toBe('CREATE')
    expect(calls.calls[0]!.output).toBe(child.result.address)
  })
})
