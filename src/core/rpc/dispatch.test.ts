import { describe, expect, test } from 'vitest'
import { NETWORKS } from '../network/networks.js'
import { PROFILES } from '../network/profiles.js'
import type { ChainEngine } from '../node/engineApi.js'
import { blockExt } from './blockParams.js'
import { createClientInfo } from './clientVersion.js'
import type { MethodContext } from './context.js'
import { defineMethod } from './defineMethod.js'
import { createDispatcher, type RequestRecord } from './dispatch.js'
import { ExecutionRevertedError } from './errors/revert.js'
import { InvalidParamsError } from './errors/rpc.js'
import { eth_chainId } from './methods/eth/eth_chainId.js'
import { rows } from './methodTable.js'
import { optional, quantity } from './params.js'
import { createRegistry } from './registry.js'

/** The methods under test never touch the chain, so no engine is opened. */
const noEngine = {} as ChainEngine

/** A small registry with test methods beside a real one, so envelope rules are checked in isolation. */
const echo = defineMethod({
  name: 'test_echo',
  params: [quantity('n'), optional(quantity('m'))],
  handler: (_c, [n]) => `0x${n.toString(16)}`,
})
const boom = defineMethod({
  name: 'test_boom',
  params: [],
  handler: () => {
    throw new TypeError('cannot read properties of undefined')
  },
})
const revert = defineMethod({
  name: 'test_revert',
  params: [],
  handler: () => Promise.reject(new ExecutionRevertedError(new Uint8Array(0))),
})
const nothing = defineMethod({ name: 'test_void', params: [], handler: () => undefined })
/** Answers after a promise: the asynchronous path, next to the synchronous test_echo. */
const later = defineMethod({
  name: 'test_later',
  params: [quantity('n')],
  handler: async (_c, [n]) => {
    await Promise.resolve()
    return `0x${(n + 1n).toString(16)}`
  },
})
const byBlock = defineMethod({ name: 'eth_getCode', params: [blockExt('block')], handler: () => '0x' })

function setup(profile: keyof typeof PROFILES = 'rpc-api') {
  const registry = createRegistry({
    rows: {
      ...rows('dev', {
        test_echo: echo.params,
        test_boom: [],
        test_revert: [],
        test_void: [],
        test_later: later.params,
        test_pending: [],
      }),
      ...rows('spec-core', { eth_chainId: [], eth_getCode: byBlock.params }),
      db_getHex: { group: 'spec-deprecated', params: [], refused: 'deprecated' },
    },
    implemented: [echo, boom, revert, nothing, later, eth_chainId, byBlock],
  })
  const records: RequestRecord[] = []
  const internalErrors: unknown[] = []
  let tick = 0
  const context = {
    network: NETWORKS.testnet,
    profile: PROFILES[profile],
    clock: { now: () => 0 },
    client: createClientInfo(),
    registry,
    accounts: async () => [],
    engine: noEngine,
    yieldToHost: () => Promise.resolve(),
  } satisfies MethodContext
  const dispatcher = createDispatcher({
    registry,
    context,
    onRequest: (r) => records.push(r),
    onInternalError: (e) => internalErrors.push(e),
    now: () => (tick += 5),
  })
  return { dispatch: dispatcher.dispatch, records, internalErrors }
}

const wire = async (input: unknown, profile?: keyof typeof PROFILES) =>
  JSON.stringify(await setup(profile).dispatch(input))

describe('envelopes', () => {
  test('answers with members in the order jsonrpc, id, result', async () => {
    expect(await wire({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x1f"}"`,
    )
  })

  test('echoes string ids and accepts a request without params or jsonrpc', async () => {
    expect(await wire({ id: 'abc', method: 'eth_chainId' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":"abc","result":"0x1f"}"`,
    )
  })

  test('answers malformed JSON with -32700 and id null', async () => {
    expect(await wire('{"jsonrpc":"2.0","id":1,"method":')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"JSON parse error"}}"`,
    )
  })

  test('answers a value that is not a request object with -32600 and id null', async () => {
    for (const input of ['1', '"eth_chainId"', 'null', 'true']) {
      expect(await wire(input), input).toBe(
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}}',
      )
    }
  })

  test('echoes a valid id on an invalid request, and null for an id of the wrong type', async () => {
    expect(await wire({ jsonrpc: '2.0', id: 4, method: 42 })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"invalid request"}}"`,
    )
    expect(await wire({ jsonrpc: '2.0', id: { x: 1 }, method: 'eth_chainId' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}}"`,
    )
    expect(await wire({ jsonrpc: '1.0', id: 5, method: 'eth_chainId' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"invalid request"}}"`,
    )
    expect(await wire({ jsonrpc: '2.0', id: 6, method: 'eth_chainId', params: 'x' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":6,"error":{"code":-32600,"message":"invalid request"}}"`,
    )
  })

  test('answers an invalid request without id too: it is not a valid notification', async () => {
    expect(await wire({ jsonrpc: '2.0', method: 1, params: 'bar' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}}"`,
    )
  })

  test('treats "id": null as a request and answers with id null', async () => {
    expect(await wire({ jsonrpc: '2.0', id: null, method: 'eth_chainId' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":null,"result":"0x1f"}"`,
    )
  })

  test('refuses named params with -32602', async () => {
    expect(
      await wire({ jsonrpc: '2.0', id: 1, method: 'test_echo', params: { n: '0x1' } }),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid params: pass parameters as a positional array"}}"`,
    )
  })

  test('looks the method up before the shape of its params: an unknown one with named params is -32601', async () => {
    const answer = JSON.parse(
      (await wire({
        jsonrpc: '2.0',
        id: 1,
        method: 'wallet_unknownThing',
        params: { type: 'ERC20' },
      })) as string,
    )
    expect(answer.error.code).toBe(-32601)
  })
})

describe('methods', () => {
  test('answers an unknown method with -32601 method not found', async () => {
    expect(await wire({ jsonrpc: '2.0', id: 1, method: 'eth_nope' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found"}}"`,
    )
  })

  test('answers deprecated and pending methods with the not-available text', async () => {
    expect(await wire({ jsonrpc: '2.0', id: 1, method: 'db_getHex' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"the method db_getHex does not exist/is not available"}}"`,
    )
    expect(await wire({ jsonrpc: '2.0', id: 2, method: 'test_pending' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"the method test_pending does not exist/is not available"}}"`,
    )
  })

  test('answers null for a method without a value', async () => {
    expect(await wire({ jsonrpc: '2.0', id: 1, method: 'test_void' })).toBe(
      '{"jsonrpc":"2.0","id":1,"result":null}',
    )
  })

  test('maps a thrown bug to -32603 Internal server error and reports it', async () => {
    const { dispatch, internalErrors } = setup()
    expect(
      JSON.stringify(await dispatch({ jsonrpc: '2.0', id: 1, method: 'test_boom' })),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal server error"}}"`,
    )
    expect(internalErrors).toHaveLength(1)
    expect(internalErrors[0]).toBeInstanceOf(TypeError)
  })

  test('puts data in the error only when there is some', async () => {
    expect(await wire({ jsonrpc: '2.0', id: 1, method: 'test_revert' })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32015,"message":"VM Exception while processing transaction: transaction reverted","data":"0x"}}"`,
    )
  })

  test('reports missing and extra params with -32602', async () => {
    expect(await wire({ jsonrpc: '2.0', id: 1, method: 'test_echo', params: [] })).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"missing value for required argument 0"}}"`,
    )
    expect(
      await wire({ jsonrpc: '2.0', id: 1, method: 'test_echo', params: ['0x1', '0x2', '0x3'] }),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"too many arguments, want at most 2"}}"`,
    )
  })

  test("refuses 'pending' for the spec's five methods in the rpc-api profile only", async () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: ['pending'] }
    expect(await wire(request, 'rpc-api')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: 'pending' is not supported by eth_getCode on this service; use 'latest' or a block number"}}"`,
    )
    expect(await wire(request, 'rskj')).toBe('{"jsonrpc":"2.0","id":1,"result":"0x"}')
    const objectForm = { jsonrpc: '2.0', id: 2, method: 'eth_getCode', params: [{ blockNumber: 'pending' }] }
    expect(JSON.parse(await wire(objectForm, 'rpc-api')).error.code).toBe(-32602)
    expect(await wire({ jsonrpc: '2.0', id: 3, method: 'eth_getCode', params: ['latest'] }, 'rpc-api')).toBe(
      '{"jsonrpc":"2.0","id":3,"result":"0x"}',
    )
  })
})

describe('notifications', () => {
  test('get no response, on success or on error', async () => {
    const { dispatch, records } = setup()
    expect(await dispatch({ jsonrpc: '2.0', method: 'eth_chainId' })).toBeUndefined()
    expect(await dispatch({ jsonrpc: '2.0', method: 'eth_nope' })).toBeUndefined()
    expect(await dispatch({ jsonrpc: '2.0', method: 'test_echo', params: ['zz'] })).toBeUndefined()
    expect(records.map((r) => [r.method, r.notification, r.error?.code ?? r.result])).toEqual([
      ['eth_chainId', true, '0x1f'],
      ['eth_nope', true, -32601],
      ['test_echo', true, -32602],
    ])
  })
})

describe('batches', () => {
  test('answer each request in order and leave out notifications', async () => {
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_nope' },
      7,
    ]
    expect(await wire(batch)).toMatchInlineSnapshot(
      `"[{"jsonrpc":"2.0","id":1,"result":"0x1f"},{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"method not found"}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}}]"`,
    )
  })

  test('of notifications only get no response at all', async () => {
    expect(await setup().dispatch([{ jsonrpc: '2.0', method: 'eth_chainId' }])).toBeUndefined()
  })

  test('that are empty get one -32600', async () => {
    expect(await wire('[]')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}}"`,
    )
  })

  test('of 50 are served and of 51 are refused with the RSKj text', async () => {
    const make = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId' }))
    const fifty = await setup().dispatch(make(50))
    expect(Array.isArray(fifty) && fifty.length).toBe(50)
    expect(await wire(make(51))).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Cannot dispatch batch requests. 50 is the max number of supported batch requests"}}"`,
    )
  })
})

describe('synchronous and asynchronous handlers', () => {
  const isPromise = (value: unknown) => value instanceof Promise

  test('a synchronous handler is answered with a plain value, errors too', () => {
    const { dispatch } = setup()
    const answer = dispatch({ jsonrpc: '2.0', id: 1, method: 'test_echo', params: ['0x1'] })
    expect(isPromise(answer)).toBe(false)
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' })
    const refused = dispatch({ jsonrpc: '2.0', id: 2, method: 'test_echo', params: ['1'] })
    expect(isPromise(refused)).toBe(false)
    expect(refused).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' },
    })
  })

  test('an asynchronous handler is answered with a promise of the same envelope', async () => {
    const answer = setup().dispatch({ jsonrpc: '2.0', id: 1, method: 'test_later', params: ['0x1'] })
    expect(isPromise(answer)).toBe(true)
    expect(await answer).toEqual({ jsonrpc: '2.0', id: 1, result: '0x2' })
  })

  test('a batch mixing both answers in order, one element after another', async () => {
    const { dispatch, records } = setup()
    const answer = dispatch([
      { jsonrpc: '2.0', id: 1, method: 'test_echo', params: ['0x1'] },
      { jsonrpc: '2.0', id: 2, method: 'test_later', params: ['0x1'] },
      { jsonrpc: '2.0', id: 3, method: 'test_echo', params: ['0x3'] },
      { jsonrpc: '2.0', id: 4, method: 'test_revert' },
      { jsonrpc: '2.0', id: 5, method: 'test_later', params: ['0x5'] },
    ])
    expect(isPromise(answer)).toBe(true)
    const responses = (await answer) as Array<{ id: number; result?: string; error?: { code: number } }>
    expect(responses.map((r) => r.id)).toEqual([1, 2, 3, 4, 5])
    expect(responses.map((r) => r.result ?? r.error?.code)).toEqual(['0x1', '0x2', '0x3', -32015, '0x6'])
    expect(records.map((r) => r.id)).toEqual([1, 2, 3, 4, 5])
  })

  test('a batch of synchronous handlers only is answered with a plain array', () => {
    const answer = setup().dispatch([
      { jsonrpc: '2.0', id: 1, method: 'test_echo', params: ['0x1'] },
      { jsonrpc: '2.0', method: 'test_echo', params: ['0x2'] },
    ])
    expect(isPromise(answer)).toBe(false)
    expect(answer).toEqual([{ jsonrpc: '2.0', id: 1, result: '0x1' }])
  })
})

describe('request records', () => {
  test('carry method, params, outcome and duration', async () => {
    const { dispatch, records } = setup()
    await dispatch({ jsonrpc: '2.0', id: 9, method: 'test_echo', params: ['0x10'] })
    await dispatch({ jsonrpc: '2.0', id: 10, method: 'test_echo', params: ['10'] })
    expect(records).toEqual([
      { id: 9, method: 'test_echo', params: ['0x10'], notification: false, result: '0x10', durationMs: 5 },
      {
        id: 10,
        method: 'test_echo',
        params: ['10'],
        notification: false,
        error: { code: -32602, message: 'invalid argument 0: hex string without 0x prefix' },
        durationMs: 5,
      },
    ])
  })

  test('a throwing listener does not change the answer', async () => {
    const registry = createRegistry()
    const internalErrors: unknown[] = []
    const dispatcher = createDispatcher({
      registry,
      context: {
        network: NETWORKS.testnet,
        profile: PROFILES['rpc-api'],
        clock: { now: () => 0 },
        client: createClientInfo(),
        registry,
        accounts: async () => [],
        engine: noEngine,
        yieldToHost: () => Promise.resolve(),
      },
      onRequest: () => {
        throw new InvalidParamsError('listener bug')
      },
      onInternalError: (e) => internalErrors.push(e),
    })
    expect(await dispatcher.dispatch({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x1f',
    })
    expect(internalErrors).toHaveLength(1)
  })
})
