import { encodeFunctionData } from 'viem'
import { describe, expect, test } from 'vitest'
import { type Address, hexToBytes } from '../../../src/core/util/hex.js'
import { getArtifact } from '../../fixtures/contracts/index.js'
import { createDevChain, json } from './devChain.js'

const emitter = getArtifact('EventEmitter')

async function chainWithEmitter() {
  const chain = await createDevChain()
  const hash = await chain.send({ data: hexToBytes(emitter.bytecode) })
  const { contractAddress } = await chain.call<{ contractAddress: Address }>('eth_getTransactionReceipt', [
    hash,
  ])
  const emit = (id: bigint) =>
    chain.send({
      to: contractAddress,
      data: hexToBytes(encodeFunctionData({ abi: emitter.abi, functionName: 'emitCounted', args: [id] })),
    })
  chain.messages.length = 0
  return { ...chain, address: contractAddress, emit }
}

describe('eth_subscribe', () => {
  test('newHeads sends RSKj header notifications, fields in RSKj order, as EIP-1193 messages', async () => {
    const { call, messages } = await createDevChain()
    const id = await call<string>('eth_subscribe', ['newHeads'])
    expect(id).toMatch(/^0x[0-9a-f]{32}$/)
    await call('evm_mine')
    expect(messages).toHaveLength(1)
    const block = await call<{ hash: string }>('eth_getBlockByNumber', ['latest', false])
    const message = messages[0] as { type: string; data: { subscription: string; result: { hash: string } } }
    expect(message.type).toBe('eth_subscription')
    expect(message.data.subscription).toBe(id)
    expect(message.data.result.hash).toBe(block.hash)
    expect(Object.keys(message.data.result)).toEqual([
      'difficulty',
      'extraData',
      'gasLimit',
      'gasUsed',
      'logsBloom',
      'miner',
      'number',
      'parentHash',
      'receiptsRoot',
      'sha3Uncles',
      'stateRoot',
      'timestamp',
      'transactionsRoot',
      'hash',
      'baseEvent',
    ])
    const { logsBloom, ...rest } = message.data.result as Record<string, string>
    expect(logsBloom).toBe(`0x${'00'.repeat(256)}`)
    expect(json(rest)).toMatchInlineSnapshot(`
      "{
        "difficulty": "0x01",
        "extraData": "0x",
        "gasLimit": "0x98705b",
        "gasUsed": "0x0",
        "miner": "0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d",
        "number": "0x1",
        "parentHash": "0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355",
        "receiptsRoot": "0xac4e381d03eb2dc5f94fef79bb2c8788f5c11ff5f9f946fc4b64bced14666365",
        "sha3Uncles": "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347",
        "stateRoot": "0x23ef6a3aea8a25f59d4d3559f66f758f9426476f7b34d9ad6a1df9b4e3bd26e2",
        "timestamp": "0x6553f100",
        "transactionsRoot": "0x8c9664a30670ddc67aa13992fdd8751b7b797bbe172506ffd5cda10ebbf97952",
        "hash": "0x9bcfa20ffeb3a5c47803fe6086835f59d3bfd6ab831628c7c95df7865e7f2626",
        "baseEvent": "0x00"
      }"
    `)
  })

  test('logs sends each matching log with removed last, and again with removed: true after a revert', async () => {
    const { call, emit, address, messages } = await chainWithEmitter()
    const snapshot = await call('evm_snapshot')
    const id = await call<string>('eth_subscribe', ['logs', { address }])
    const other = await call<string>('eth_subscribe', ['logs', { address: `0x${'11'.repeat(20)}` }])
    await emit(5n)
    expect(messages).toHaveLength(1)
    const first = messages[0] as { data: { subscription: string; result: Record<string, unknown> } }
    expect(first.data.subscription).toBe(id)
    expect(first.data.subscription).not.toBe(other)
    expect(json(first.data.result)).toMatchInlineSnapshot(`
      "{
        "logIndex": "0x0",
        "blockNumber": "0x2",
        "blockHash": "0x0fbad5adae38006c4f9703f282fc77f95c7c9716b1701bcd929b0372b42eaaa5",
        "transactionHash": "0x5994998e790b3b862169f482deec5a14082ca03696524a864f5c0e55812b32a4",
        "transactionIndex": "0x0",
        "address": "0x77045e71a7a2c50903d88e564cd72fab11e82051",
        "data": "0x",
        "topics": [
          "0x15df0a6785153dfd625c8af51397704c7ddaff0690e5076243b5e52f4a0d5409",
          "0x0000000000000000000000000000000000000000000000000000000000000005"
        ],
        "removed": false
      }"
    `)
    await call('evm_revert', [snapshot])
    expect(messages).toHaveLength(2)
    expect((messages[1] as { data: { result: { removed: boolean } } }).data.result).toEqual({
      ...first.data.result,
      removed: true,
    })
  })

  test('logs filtered by topic: only logs whose topic matches are sent', async () => {
    const { call, emit, messages } = await chainWithEmitter()
    const receiptLog = async (hash: string) =>
      (await call<{ logs: Array<{ topics: string[] }> }>('eth_getTransactionReceipt', [hash])).logs[0]!
    const probe = await receiptLog(await emit(1n))
    messages.length = 0
    const wanted = `0x${9n.toString(16).padStart(64, '0')}`
    await call('eth_subscribe', ['logs', { topics: [probe.topics[0], wanted] }])
    await emit(8n)
    await emit(9n)
    expect(messages).toHaveLength(1)
    expect((messages[0] as { data: { result: { topics: string[] } } }).data.result.topics[1]).toBe(wanted)
  })

  test('newPendingTransactions sends the hash of each pooled transaction', async () => {
    const { call, send, messages } = await createDevChain()
    const id = await call<string>('eth_subscribe', ['newPendingTransactions'])
    const hash = await send({ to: `0x${'22'.repeat(20)}`, value: 1n })
    expect(messages).toEqual([{ type: 'eth_subscription', data: { subscription: id, result: hash } }])
  })

  test('eth_unsubscribe answers true once, then false, and stops notifications', async () => {
    const { call, messages } = await createDevChain()
    const id = await call<string>('eth_subscribe', ['newHeads'])
    expect(await call('eth_unsubscribe', [id])).toBe(true)
    expect(await call('eth_unsubscribe', [id])).toBe(false)
    await call('evm_mine')
    expect(messages).toEqual([])
  })

  test('an unknown subscription type and a malformed logs filter are -32602', async () => {
    const { rpc } = await createDevChain()
    expect(json(await rpc('eth_subscribe', ['newBlocks']))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
          "code": -32602,
          "message": "invalid argument 0: unknown subscription type \\"newBlocks\\", expected one of newHeads, logs, newPendingTransactions, syncing"
        }
      }"
    `)
    expect(json(await rpc('eth_subscribe', ['logs', { address: '0x12' }]))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 2,
        "error": {
          "code": -32602,
          "message": "invalid argument 1: address: hex string has length 2, want 40 for RSK address"
        }
      }"
    `)
  })
})
