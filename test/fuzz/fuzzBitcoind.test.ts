/**
 * A seeded run of fuzzed bitcoind-dialect requests (FUZZ_BITCOIND, default 10,000) against a node's
 * `bitcoinRequest`: every answer is Bitcoin Core's envelope (`result` and `error`, `error` null or
 * `{ code, message }`), none is -32603 (an internal error), no internal error is reported, and
 * afterwards both chains still mine: a Bitcoin block with a payment and an RSK transfer.
 */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createNode } from '../../src/core/createNode.js'
import { BITCOIND_METHODS } from '../../src/core/rpc/bitcoind/methods/index.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { assertStillMines, type Call } from './stillMines.js'

const TOTAL = Number(process.env.FUZZ_BITCOIND ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? 38)

test(`${TOTAL} fuzzed bitcoind requests: Bitcoin Core's envelope, no -32603, both chains still mine`, async () => {
  const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
  const internalErrors: unknown[] = []
  node.on('internalError', (e) => internalErrors.push(e))
  const bitcoin = (method: string, params: unknown[] = []) =>
    node.bitcoinRequest({ jsonrpc: '1.0', id: 'f', method, params }) as Promise<{
      result: unknown
      error: unknown
    }>

  // Values worth drawing: the chain's own hashes, txids, addresses and raw transaction.
  const info = (await node.request({ jsonrpc: '2.0', id: 1, method: 'btc_getInfo', params: [] })) as {
    result: {
      bestBlockHash: string
      faucet: { address: string }
      federation: { address: string; utxos: { txid: string }[] }
    }
  }
  const address = info.result.federation.address
  const funded = (await bitcoin('sendtoaddress', [address, 1])).result as string
  const [blockHash] = (await bitcoin('generatetoaddress', [1, address])).result as string[]
  const raw = (await bitcoin('getrawtransaction', [funded])).result as string
  const strings = fc.constantFrom(
    info.result.bestBlockHash,
    blockHash,
    funded,
    info.result.federation.utxos[0]!.txid,
    address,
    info.result.faucet.address,
    raw,
    'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    '00',
    'zz',
    '',
    'cVt4o7BGAig1UXywgGSmARhxMdzP5qvQsxKkSsc1XEkw3tDTQFpy',
    '["not json"',
  )
  const numbers = fc.oneof(
    fc.integer({ min: -3, max: 2_000 }),
    fc.constantFrom(0.5, 1e21, -1e21, Number.MAX_SAFE_INTEGER, 2 ** 32, 21_000_001, 1e-9),
  )
  const leaf = fc.oneof(strings, numbers, fc.boolean(), fc.constant(null), fc.string({ maxLength: 12 }))
  const value = fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(leaf, { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('txid', 'vout', 'address', 'amount', 'data', 'conf_target'), leaf, {
      maxKeys: 3,
    }),
  )
  const methods = fc.constantFrom(...BITCOIND_METHODS.keys(), 'stop', 'getwalletinfo', '')
  const requests = fc.record({ method: methods, params: fc.oneof(fc.array(value, { maxLength: 4 }), value) })

  const problems: string[] = []
  const codes = new Map<string, number>()
  const started = Date.now()
  for (const { method, params } of fc.sample(requests, { numRuns: TOTAL, seed: SEED })) {
    const answer = (await node.bitcoinRequest({ jsonrpc: '1.0', id: 'f', method, params })) as Record<
      string,
      unknown
    >
    const error = answer.error as { code?: unknown; message?: unknown } | null
    const wrong =
      !('result' in answer) || !('error' in answer)
        ? 'not { result, error }'
        : error !== null && (!Number.isInteger(error.code) || typeof error.message !== 'string')
          ? 'error is not { code, message }'
          : error?.code === -32603
            ? `-32603 ${String(error.message)}`
            : undefined
    const code = error === null ? 'ok' : String(error.code)
    codes.set(code, (codes.get(code) ?? 0) + 1)
    if (wrong) problems.push(`${JSON.stringify({ method, params }).slice(0, 200)} → ${wrong}`)
  }
  console.log(
    `bitcoind fuzz: ${TOTAL} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${problems.length} problems; answers: ${[...codes].map(([c, n]) => `${c} ${n}`).join(', ')}`,
  )
  expect(problems).toEqual([])
  expect(internalErrors).toEqual([])

  // Both chains still mine: a payment is accepted and mined, and an RSK transfer too.
  const paid = await bitcoin('sendtoaddress', [address, 0.1])
  expect(paid.error).toBeNull()
  const mined = await bitcoin('generatetoaddress', [1, address])
  expect(mined.error).toBeNull()
  const block = await bitcoin('getblock', [(mined.result as string[])[0], 1])
  expect((block.result as { tx: string[] }).tx).toContain(paid.result)
  let id = 0
  const call: Call = async (m, p = []) =>
    (await node.request({ jsonrpc: '2.0', id: ++id, method: m, params: p })) as {
      result?: unknown
      error?: unknown
    }
  await assertStillMines(call)
}, 240_000)
