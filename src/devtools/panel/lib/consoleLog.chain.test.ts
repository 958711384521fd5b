/** console.log lines recovered from a real call trace of the node (debug_traceTransaction, callTracer). */
import { encodeFunctionData, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { createTestChain } from '../../../../test/core/testChain.js'
import { getArtifact } from '../../../../test/fixtures/contracts/index.js'
import { hexToBytes } from '../../../core/util/hex.js'
import { type CallFrame, consoleLines } from './consoleLog.js'

describe('console.log from a traced transaction', () => {
  it('prints the console calls of ConsoleLogger.logValues in order', async () => {
    const { call, send } = await createTestChain()
    const artifact = getArtifact('ConsoleLogger')
    const deployHash = await send({ data: hexToBytes(artifact.bytecode) })
    const { contractAddress } = await call('eth_getTransactionReceipt', [deployHash])
    const hash = await send({
      to: contractAddress,
      data: hexToBytes(encodeFunctionData({ abi: artifact.abi, functionName: 'logValues', args: [42n] })),
    })
    const { from } = await call('eth_getTransactionByHash', [hash])
    const trace: CallFrame = await call('debug_traceTransaction', [hash, { tracer: 'callTracer' }])
    expect(consoleLines(trace)).toEqual(['value 42', `sender ${getAddress(from)}`, 'even true', '42'])
  })
})
