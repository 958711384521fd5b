import { encodeDeployData, encodeFunctionData } from 'viem'
import { describe, expect, test } from 'vitest'
import { createTestChain } from '../../../../test/core/testChain.js'
import { getArtifact } from '../../../../test/fixtures/contracts/index.js'
import { parseTraceOptions } from '../../rpc/traceOptions.js'
import { hexToBytes } from '../../util/hex.js'

describe('tracing a transaction replays the earlier transactions of its block', () => {
  test('the second increment of one block reads the counter the first one wrote', async () => {
    const { call, send } = await createTestChain()
    const reverter = getArtifact('ReverterParis')
    const deploy = await send({
      data: hexToBytes(encodeDeployData({ abi: reverter.abi, bytecode: reverter.bytecode })),
    })
    const address = (
      (await call('eth_getTransactionReceipt', [deploy])) as { contractAddress: `0x${string}` }
    ).contractAddress
    await call('evm_stopMining')
    const data = hexToBytes(encodeFunctionData({ abi: reverter.abi, functionName: 'increment' }))
    const first = await send({ to: address, data, gasLimit: 100_000n })
    const second = await send({ to: address, data, gasLimit: 100_000n })
    await call('evm_mine')
    const firstReceipt = (await call('eth_getTransactionReceipt', [first])) as { blockNumber: string }
    const secondReceipt = (await call('eth_getTransactionReceipt', [second])) as { blockNumber: string }
    expect(secondReceipt.blockNumber).toBe(firstReceipt.blockNumber)
    const storedBy = async (hash: string) => {
      const trace = (await call('debug_traceTransaction', [hash])) as {
        currentStorage: Record<string, string>
      }
      return Object.values(trace.currentStorage).map((v) => BigInt(`0x${v}`))
    }
    expect(await storedBy(first)).toEqual([1n])
    expect(await storedBy(second)).toEqual([2n])
    const block = (await call('debug_traceBlockByHash', [
      ((await call('eth_getBlockByNumber', [secondReceipt.blockNumber, false])) as { hash: string }).hash,
    ])) as { currentStorage?: Record<string, string> }[]
    expect(block.map((t) => t.currentStorage && Object.values(t.currentStorage))).toEqual([
      ['0000000000000000000000000000000000000000000000000000000000000001'],
      ['0000000000000000000000000000000000000000000000000000000000000002'],
      undefined,
    ])
  })
})

describe('trace options are read as RSKj reads them', () => {
  test('values count as text: true and "TRUE" enable, anything else does not', () => {
    const options = parseTraceOptions({
      disableMemory: 'TRUE',
      DisableStack: true,
      disableStorage: 1,
      withLog: 'yes',
    })
    expect(options).toEqual({
      tracer: 'rskTracer',
      disableMemory: true,
      disableStack: true,
      disableStorage: false,
      onlyTopCall: false,
      withLog: false,
    })
  })

  test('tracerConfig members are options too, and the tracer name ignores case', () => {
    const options = parseTraceOptions({
      tracer: 'CallTracer',
      tracerConfig: { onlyTopCall: true, withLog: 'true' },
    })
    expect(options.tracer).toBe('callTracer')
    expect(options.onlyTopCall).toBe(true)
    expect(options.withLog).toBe(true)
  })

  test('an unknown tracer is refused; unknown options are ignored', () => {
    // RSKj's IllegalArgumentException text, answered -32602 here (RSKj: -32603)
    expect(() => parseTraceOptions({ tracer: '4byteTracer' })).toThrow('Invalid tracer type: 4byteTracer')
    expect(parseTraceOptions({ timeout: '10s' }).tracer).toBe('rskTracer')
  })
})
