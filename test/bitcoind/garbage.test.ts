/**
 * No input makes a bitcoind method fail with -32603 (a bug): every method is called with values
 * of every JSON type, in and out of range, and must answer a result or one of Bitcoin Core's codes.
 */
import { expect, test } from 'vitest'
import { BITCOIND_METHODS } from '../../src/core/rpc/bitcoind/methods/index.js'
import { createBitcoindNode } from './bitcoindNode.js'

const VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2 ** 53,
  'x',
  '',
  '00',
  'ff'.repeat(32),
  '0'.repeat(64),
  [],
  ['x'],
  {},
  { a: 1 },
]

const ADDRESS = 'bcrt1qvh6a9sxe2qdspzqnxl4fxumne23fgxcy8h7xj3'
/** Valid-looking first arguments with bad amounts, counts and options after them. */
const MIXED: unknown[][] = [
  [0, ADDRESS],
  [1, ADDRESS, -5],
  [ADDRESS, 1e-9],
  [ADDRESS, '1e3'],
  [ADDRESS, 21e6 + 1],
  [ADDRESS, 0.1, null, null, true, null, null, null, null, 0.0001],
  [ADDRESS, 0.1, null, null, null, null, null, null, null, 'x'],
  [[{ txid: '0'.repeat(64), vout: -1 }], { [ADDRESS]: 1 }],
  [[{ txid: '0'.repeat(64), vout: 0, sequence: 2 ** 40 }], [{ [ADDRESS]: 1, data: '00' }]],
]

test('every method answers garbage with a Bitcoin Core error, never -32603', async () => {
  const { rpc, internalErrors } = await createBitcoindNode()
  const codes = new Set<number>()
  for (const name of BITCOIND_METHODS.keys()) {
    const method = BITCOIND_METHODS.get(name)!
    const calls: unknown[][] = [
      [],
      ...VALUES.map((v) => [v]),
      ...VALUES.map((v) => method.args.map(() => v)),
      ...MIXED,
    ]
    for (const params of calls) {
      const answer = (await rpc.request({ id: 1, method: name, params })) as {
        error: { code: number } | null
      }
      if (answer.error) codes.add(answer.error.code)
      expect(answer.error?.code, `${name} ${JSON.stringify(params)}`).not.toBe(-32603)
    }
  }
  expect(internalErrors).toEqual([])
  expect(codes.has(-32603)).toBe(false)
}, 120_000)
