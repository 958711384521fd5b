/**
 * `eth_getFilterLogs` on a log filter whose bounds are `latest`, as RSKj's `LogFilter` keeps it:
 * `newBlockReceived` clears the events of a `fromBlock: latest` filter and adds the new best
 * block's, so the filter's logs are always those of the block that is the head when it is read.
 * A filter from a number to `latest` accumulates instead.
 */
import { describe, expect, it } from 'vitest'
import { createConformanceNode } from './nodeTestChain.js'

// init code that emits one LOG0 from the new contract and deploys nothing: PUSH0 PUSH0 LOG0 STOP
const EMITTING_CREATION = Uint8Array.of(0x5f, 0x5f, 0xa0, 0x00)

interface LogEntry {
  blockNumber: string
}

describe('eth_getFilterLogs with latest bounds (RSKj LogFilter.newBlockReceived)', () => {
  it('answers the logs of the head when read: the log while its block is the head, [] after an empty block', async () => {
    const { result, sendRaw } = await createConformanceNode('rskj')
    const latest = await result<string>('eth_newFilter', [{ fromBlock: 'latest', toBlock: 'latest' }])
    const fromZero = await result<string>('eth_newFilter', [{ fromBlock: '0x0', toBlock: 'latest' }])

    await sendRaw({ nonce: 0n, data: EMITTING_CREATION })
    const head = await result<string>('eth_blockNumber')
    const whileHead = await result<LogEntry[]>('eth_getFilterLogs', [latest])
    expect(whileHead.map((l) => l.blockNumber)).toEqual([head])

    await result('evm_mine')
    expect(await result<LogEntry[]>('eth_getFilterLogs', [latest])).toEqual([])
    // a filter from a fixed block keeps every log up to the head
    const accumulated = await result<LogEntry[]>('eth_getFilterLogs', [fromZero])
    expect(accumulated.map((l) => l.blockNumber)).toEqual([head])
  })
})
