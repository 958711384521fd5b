/**
 * Issue 8 "Profiles": what differs between `rpc-api` (the hosted service of the specification)
 * and `rskj` (a self-run RSKj node), one test per row and profile.
 */
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { createDevChain, json } from './devChain.js'

/** Runtime code that emits `count` empty LOG0 logs per call (a countdown loop). */
function logSpammer(count: number): string {
  const n = count.toString(16).padStart(4, '0')
  // PUSH2 n; JUMPDEST; PUSH1 0 PUSH1 0 LOG0; PUSH1 1 SWAP1 SUB; DUP1 PUSH1 3 JUMPI; STOP
  return `0x61${n}5b60006000a0600190038060035700`
}

const spammer = `0x${'5a'.repeat(20)}` as const

async function chainWithLogs(profile: 'rpc-api' | 'rskj', calls: number, perCall: number) {
  const chain = await createDevChain({ profile })
  await chain.call('anvil_setCode', [spammer, logSpammer(perCall)])
  for (let i = 0; i < calls; i++) await chain.send({ to: spammer, gasLimit: 9_000_000n })
  return chain
}

describe('eth_accounts', () => {
  test('rpc-api answers [] (the service holds no keys)', async () => {
    const { call } = await createDevChain({ profile: 'rpc-api' })
    expect(await call('eth_accounts')).toEqual([])
  })

  test('rskj answers the node accounts, cow accounts first', async () => {
    const { call } = await createDevChain({ profile: 'rskj' })
    const accounts = await call<string[]>('eth_accounts')
    expect(accounts.length).toBeGreaterThanOrEqual(COW_ACCOUNTS.length)
    expect(accounts.slice(0, COW_ACCOUNTS.length)).toEqual(COW_ACCOUNTS.map((a) => a.address.toLowerCase()))
  })
})

describe('eth_getLogs / log filter limits', () => {
  test('rpc-api: a range of at most 2,000 blocks returns every log, even more than 10,000', async () => {
    const { call } = await chainWithLogs('rpc-api', 1, 10_001)
    const logs = await call<unknown[]>('eth_getLogs', [
      { fromBlock: '0x0', toBlock: 'latest', address: spammer },
    ])
    expect(logs).toHaveLength(10_001)
  })

  test('rpc-api: a wider range with more than 10,000 logs fails, saying so and suggesting a range', async () => {
    const { call, rpc } = await chainWithLogs('rpc-api', 1, 10_001)
    await call('anvil_mine', ['0x7d0'])
    const filter = { fromBlock: '0x0', toBlock: 'latest', address: spammer }
    const refused = await rpc('eth_getLogs', [filter])
    expect(json(refused.error)).toMatchInlineSnapshot(`
      "{
        "code": -32012,
        "message": "Query returned more than 10000 logs over a range wider than 2000 blocks. Narrow it: a range of at most 2000 blocks returns every log, e.g. fromBlock 0x0 toBlock 0x7cf."
      }"
    `)
    // The same limit holds for a filter's logs.
    const id = await call<string>('eth_newFilter', [filter])
    expect((await rpc('eth_getFilterLogs', [id])).error).toEqual(refused.error)
    // The suggested range works.
    expect(await call<unknown[]>('eth_getLogs', [{ ...filter, toBlock: '0x7cf' }])).toHaveLength(10_001)
  }, 60_000)

  test('rskj: more than 20,000 logs is -32012 with RSKj text', async () => {
    const { call, rpc } = await chainWithLogs('rskj', 2, 10_001)
    const filter = { fromBlock: '0x0', toBlock: 'latest', address: spammer }
    expect(json(await rpc('eth_getLogs', [filter]))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 4,
        "error": {
          "code": -32012,
          "message": "Filter returned more than 20000 logs."
        }
      }"
    `)
    const id = await call<string>('eth_newFilter', [filter])
    expect((await rpc('eth_getFilterLogs', [id])).error?.code).toBe(-32012)
  }, 60_000)

  test('rskj: a range wider than 5,000 blocks is -32012 with RSKj text; 5,000 is fine', async () => {
    const { call, rpc } = await createDevChain({ profile: 'rskj' })
    await call('anvil_mine', ['0x1389'])
    expect(json(await rpc('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x1389' }]))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 2,
        "error": {
          "code": -32012,
          "message": "Cannot query more than 5000 blocks at once"
        }
      }"
    `)
    expect(await call('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x1389' }])).toEqual([])
  }, 60_000)
})

const PENDING_CALLS: Array<[string, unknown[]]> = [
  ['eth_getUncleCountByBlockNumber', ['pending']],
  ['eth_getCode', [COW_ACCOUNTS[0]!.address, 'pending']],
  ['eth_getBlockByNumber', ['pending', false]],
  ['eth_getTransactionByBlockNumberAndIndex', ['pending', '0x0']],
  ['eth_getUncleByBlockNumberAndIndex', ['pending', '0x0']],
]

describe('the pending block tag', () => {
  test('rpc-api refuses it on the five methods the specification names', async () => {
    const { rpc } = await createDevChain({ profile: 'rpc-api' })
    const answers = []
    for (const [method, params] of PENDING_CALLS)
      answers.push({ method, error: (await rpc(method, params)).error })
    expect(json(answers)).toMatchInlineSnapshot(`
      "[
        {
          "method": "eth_getUncleCountByBlockNumber",
          "error": {
            "code": -32602,
            "message": "invalid argument 0: 'pending' is not supported by eth_getUncleCountByBlockNumber on this service; use 'latest' or a block number"
          }
        },
        {
          "method": "eth_getCode",
          "error": {
            "code": -32602,
            "message": "invalid argument 1: 'pending' is not supported by eth_getCode on this service; use 'latest' or a block number"
          }
        },
        {
          "method": "eth_getBlockByNumber",
          "error": {
            "code": -32602,
            "message": "invalid argument 0: 'pending' is not supported by eth_getBlockByNumber on this service; use 'latest' or a block number"
          }
        },
        {
          "method": "eth_getTransactionByBlockNumberAndIndex",
          "error": {
            "code": -32602,
            "message": "invalid argument 0: 'pending' is not supported by eth_getTransactionByBlockNumberAndIndex on this service; use 'latest' or a block number"
          }
        },
        {
          "method": "eth_getUncleByBlockNumberAndIndex",
          "error": {
            "code": -32602,
            "message": "invalid argument 0: 'pending' is not supported by eth_getUncleByBlockNumberAndIndex on this service; use 'latest' or a block number"
          }
        }
      ]"
    `)
  })

  test('rskj accepts it on the same five methods', async () => {
    const { rpc } = await createDevChain({ profile: 'rskj' })
    for (const [method, params] of PENDING_CALLS) {
      const response = await rpc(method, params)
      expect(response.error, method).toBeUndefined()
      expect('result' in response, method).toBe(true)
    }
  })
})

describe('blockHash with fromBlock / toBlock', () => {
  test.each(['rpc-api', 'rskj'] as const)('is -32602 in %s', async (profile) => {
    const { rpc } = await createDevChain({ profile })
    const filter = { blockHash: `0x${'11'.repeat(32)}`, fromBlock: '0x0' }
    const answers = [await rpc('eth_getLogs', [filter]), await rpc('eth_newFilter', [filter])]
    expect(json(answers.map((a) => a.error))).toMatchInlineSnapshot(`
      "[
        {
          "code": -32602,
          "message": "Cannot specify both blockHash and fromBlock/toBlock"
        },
        {
          "code": -32602,
          "message": "Cannot specify both blockHash and fromBlock/toBlock"
        }
      ]"
    `)
  })
})
