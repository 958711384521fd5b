/**
 * Every bad input to the bitcoind-compatible RPC gets Bitcoin Core's error code and text, and
 * nothing is answered with -32603: envelopes, parameter counts and types, hashes, hex, amounts,
 * addresses, keys, unknown blocks and transactions, rejected transactions, bad proofs.
 */
import { describe, expect, test } from 'vitest'
import { bitcoindHttpStatus } from '../../src/core/rpc/bitcoind/dispatch.js'
import { createBitcoindNode } from './bitcoindNode.js'

const ZERO = '0'.repeat(64)

describe('bitcoind envelopes', () => {
  test('1.0 and 2.0 answers, batches, notifications and parse errors as Bitcoin Core', async () => {
    const { rpc } = await createBitcoindNode()
    expect(await rpc.request({ id: 'a', method: 'getblockcount', params: [] })).toEqual({
      result: 0,
      error: null,
      id: 'a',
    })
    expect(await rpc.request({ jsonrpc: '1.0', id: 1, method: 'getblockcount' })).toEqual({
      result: 0,
      error: null,
      id: 1,
    })
    expect(await rpc.request({ jsonrpc: '2.0', id: 2, method: 'getblockcount' })).toEqual({
      jsonrpc: '2.0',
      result: 0,
      id: 2,
    })
    expect(await rpc.request({ jsonrpc: '2.0', method: 'getblockcount' })).toBeUndefined()
    expect(await rpc.request({ id: 3, method: 'nope' })).toEqual({
      result: null,
      error: { code: -32601, message: 'Method not found' },
      id: 3,
    })
    expect(await rpc.request({ jsonrpc: '2.0', id: 4, method: 'nope' })).toEqual({
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
      id: 4,
    })
    expect(await rpc.request('{"id":')).toEqual({
      result: null,
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
    expect(await rpc.request('[{"id":1,"method":"getblockcount"},5,{"id":2}]')).toEqual([
      { result: 0, error: null, id: 1 },
      { result: null, error: { code: -32600, message: 'Invalid Request object' }, id: null },
      { result: null, error: { code: -32600, message: 'Missing method' }, id: 2 },
    ])
    expect(await rpc.request({ id: 5, method: 7 })).toMatchObject({
      error: { code: -32600, message: 'Method must be a string' },
    })
    expect(await rpc.request({ id: 6, method: 'getblockcount', params: 'x' })).toMatchObject({
      error: { code: -32600, message: 'Params must be an array or object' },
    })
    expect(await rpc.request({ jsonrpc: '3.0', id: 7, method: 'getblockcount' })).toMatchObject({
      error: { code: -32600, message: 'JSON-RPC version not supported' },
    })
    expect(await rpc.request({ id: 8, method: 'getblockhash', params: { height: 0 } })).toMatchObject({
      error: null,
    })
    expect(await rpc.request([])).toEqual([])
  })

  test('HTTP statuses: 1.0 errors 500/404/400, 2.0 and batches 200, notifications 204', () => {
    const legacy = { id: 1, method: 'x' }
    const v2 = { jsonrpc: '2.0', id: 1, method: 'x' }
    expect(bitcoindHttpStatus(legacy, { result: 1, error: null, id: 1 })).toBe(200)
    expect(bitcoindHttpStatus(legacy, { result: null, error: { code: -32601, message: '' }, id: 1 })).toBe(
      404,
    )
    expect(bitcoindHttpStatus(legacy, { result: null, error: { code: -32600, message: '' }, id: 1 })).toBe(
      400,
    )
    expect(bitcoindHttpStatus(legacy, { result: null, error: { code: -8, message: '' }, id: 1 })).toBe(500)
    expect(bitcoindHttpStatus(v2, { jsonrpc: '2.0', error: { code: -8, message: '' }, id: 1 })).toBe(200)
    expect(bitcoindHttpStatus([legacy], [])).toBe(200)
    expect(bitcoindHttpStatus(v2, undefined)).toBe(204)
  })
})

describe('bitcoind parameter and lookup errors', () => {
  test('each bad input answers Bitcoin Core code and message, never -32603', async () => {
    const { fail, call, internalErrors } = await createBitcoindNode()
    const cases: Array<[string, unknown[], number, string | RegExp]> = [
      ['getblockhash', [], -1, 'getblockhash height'],
      ['getblockcount', [1], -1, 'getblockcount'],
      ['getblock', [ZERO, 1, 2], -1, 'getblock "blockhash" ( verbosity )'],
      [
        'getblockhash',
        ['0'],
        -3,
        /Position 1 \(height\)": "JSON value of type string is not of expected type number/,
      ],
      ['getblockhash', [1.5], -3, /not an integer/],
      ['getblockhash', [1], -8, 'Block height out of range'],
      ['getblockhash', [-1], -8, 'Block height out of range'],
      ['getblock', ['xyz'], -8, "blockhash must be hexadecimal string (not 'xyz')"],
      ['getblock', ['abcd'], -8, "blockhash must be of length 64 (not 4, for 'abcd')"],
      ['getblock', [ZERO], -5, 'Block not found'],
      ['getblockheader', [ZERO], -5, 'Block not found'],
      ['getblockheader', [ZERO, 'yes'], -3, /expected type bool/],
      ['getrawtransaction', [ZERO], -5, /^No such mempool or blockchain transaction/],
      ['getrawtransaction', [ZERO, true, ZERO], -5, 'Block hash not found'],
      ['decoderawtransaction', ['00'], -22, 'TX decode failed'],
      ['decoderawtransaction', ['zz'], -22, 'TX decode failed'],
      ['sendrawtransaction', ['0100'], -22, /^TX decode failed/],
      ['gettxout', [ZERO, 'a'], -3, /Position 2 \(n\)/],
      ['gettxoutproof', [[]], -8, 'Parameter txids must not be empty'],
      ['gettxoutproof', [[ZERO, ZERO]], -8, `Invalid parameter, duplicated txid: ${ZERO}`],
      ['gettxoutproof', [[ZERO]], -5, 'Transaction not yet in block'],
      ['gettxoutproof', ['x'], -3, /expected type array/],
      ['verifytxoutproof', ['00'], -1, /end of data/],
      ['verifytxoutproof', ['0g'], -8, /proof must be hexadecimal string/],
      ['generatetoaddress', [1, 'not-an-address'], -5, 'Error: Invalid address'],
      ['generatetoaddress', [-1, 'not-an-address'], -8, /nblocks/],
      ['generate', [1], -32601, /replaced by the -generate cli option/],
      ['getnewaddress', ['', 'p2pk'], -5, "Unknown address type 'p2pk'"],
      ['getnewaddress', ['*'], -11, "Invalid label name '*'"],
      ['importprivkey', ['notakey'], -5, 'Invalid private key encoding'],
      ['dumpprivkey', ['nope'], -5, 'Invalid Bitcoin address'],
      ['dumpprivkey', ['2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p'], -4, /Private key for address .* is not known/],
      ['getbalance', ['x'], -32, /dummy first argument/],
      ['listunspent', [1, 9, ['nope']], -5, 'Invalid Bitcoin address: nope'],
      ['sendtoaddress', ['nope', 1], -5, 'Invalid Bitcoin address: nope'],
      ['sendtoaddress', ['2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p', 0], -3, 'Invalid amount for send'],
      ['sendtoaddress', ['2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p', -1], -3, 'Amount out of range'],
      ['sendtoaddress', ['2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p', '0.123456789'], -3, 'Invalid amount'],
      ['sendtoaddress', ['2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p', true], -3, /expected type number or string/],
      [
        'sendtoaddress',
        ['2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p', 0.000001],
        -4,
        'Transaction amount too small',
      ],
      ['sendtoaddress', ['2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p', 1_000_000], -6, 'Insufficient funds'],
      ['estimatesmartfee', [0], -8, 'Invalid conf_target, must be between 1 and 1008'],
      ['getaddressinfo', ['bc1qnotregtest'], -5, 'Invalid address'],
    ]
    for (const [method, params, code, message] of cases) {
      const error = await fail(method, ...params)
      expect({ method, params, code: error.code }).toEqual({ method, params, code })
      if (typeof message === 'string') expect(error.message, method).toBe(message)
      else expect(error.message, method).toMatch(message)
    }
    expect(await call('gettxout', ZERO, 0)).toBeNull()
    expect(await call('validateaddress', 'nope')).toMatchObject({ isvalid: false })
    expect(internalErrors).toEqual([])
  })

  test('a rejected transaction keeps the chain code: already in a block, missing inputs', async () => {
    const { fail, call, internalErrors } = await createBitcoindNode()
    const address = await call<string>('getnewaddress', '', 'legacy')
    const txid = await call<string>('sendtoaddress', address, 1)
    const raw = await call<string>('getrawtransaction', txid)
    // Already in the mempool: Bitcoin Core answers its txid again.
    expect(await call('sendrawtransaction', raw)).toBe(txid)
    await call('generatetoaddress', 1, address)
    expect(await fail('sendrawtransaction', raw)).toMatchObject({ code: -27 })
    const spendsNothing = `${raw.slice(0, 10)}${'11'.repeat(32)}${raw.slice(74)}`
    expect(await fail('sendrawtransaction', spendsNothing)).toMatchObject({ code: -25 })
    expect(internalErrors).toEqual([])
  })
})
