/**
 * fast-check generators of JSON-RPC requests for every method of the registry, built from each
 * method's parameter specs: mostly values of the right wire type (small, boundary and oversized
 * numbers, hashes the chain knows), mixed with adversarial ones (wrong types, negative and huge
 * numbers, odd hex, objects with their own `toString` or `__proto__`, deep nesting).
 */
import fc from 'fast-check'
import { MAX_MINE_BLOCKS } from '../../src/core/rpc/limits.js'
import type { ParamType } from '../../src/core/rpc/params.js'
import type { MethodEntry } from '../../src/core/rpc/registry.js'

/** Values of the chain under test the generators draw from, so requests reach past "not found". */
export interface KnownValues {
  addresses: string[]
  hashes: string[]
}

const hex = (n: bigint) => `0x${n.toString(16)}`

export const hexDigits = (constraints: { minLength?: number; maxLength: number }) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), ...constraints })

const BOUNDARIES = [
  0n,
  1n,
  2n ** 31n - 1n,
  2n ** 32n - 1n,
  2n ** 32n,
  2n ** 53n - 1n,
  2n ** 53n,
  2n ** 63n - 1n,
  2n ** 63n,
  2n ** 64n - 1n,
  2n ** 64n,
  2n ** 160n - 1n,
  2n ** 256n - 1n,
  2n ** 256n,
  2n ** 300n,
]

const smallQuantity = fc.bigInt({ min: 0n, max: 64n }).map(hex)
const boundaryQuantity = fc.constantFrom(...BOUNDARIES).map(hex)
const anyQuantity = fc.bigInt({ min: 0n, max: 2n ** 260n }).map(hex)

const oddHex = fc.oneof(
  fc.constantFrom('0x', '0X1', '0x-1', '-0x1', '0xg', '0x 1', ' 0x1', '0x1 ', '0x０', '1e3', '0b101', '0o17'),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxX-+ g'), maxLength: 70 }),
  hexDigits({ maxLength: 80 }).map((h) => `0x${h}`),
)

/** Adversarial values of any type: every parameter gets some of these. */
const hostileObject = fc.constantFrom<unknown>(
  { toString: 1 },
  { valueOf: 2, toString: 'x' },
  { toJSON: 3 },
  JSON.parse('{"__proto__": {"polluted": true, "toString": 1}}'),
  JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
  { length: 2 ** 32 },
  { 0: 'a', length: 1 },
  Object.create(null),
)

function nested(depth: number): unknown {
  let value: unknown = '0x1'
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value }
  return value
}

export const adversarial: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    -0,
    2 ** 53,
    2 ** 64,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    '',
    ' ',
    'latest',
    'pending',
    'earliest',
    'safe',
    '-1',
    '18446744073709551616',
    '9'.repeat(100),
    '\u0000',
    '💥',
    [],
    {},
  ),
  hostileObject,
  oddHex,
  fc.integer({ min: 1, max: 200 }).map(nested),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
)

function quantityArbitrary(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: smallQuantity },
    { weight: 3, arbitrary: boundaryQuantity },
    { weight: 1, arbitrary: anyQuantity },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 100 }) },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String) },
  )
}

function typed(type: ParamType, known: KnownValues): fc.Arbitrary<unknown> {
  const address = fc.oneof(
    fc.constantFrom(...known.addresses),
    hexDigits({ minLength: 40, maxLength: 40 }).map((h) => `0x${h}`),
  )
  const hash32 = fc.oneof(
    fc.constantFrom(...known.hashes),
    hexDigits({ minLength: 64, maxLength: 64 }).map((h) => `0x${h}`),
  )
  const data = fc.oneof(
    fc.uint8Array({ maxLength: 200 }).map((b) => `0x${Buffer.from(b).toString('hex')}`),
    fc.constantFrom('0x', '0x00', '0x60006000f3', '0xfe'),
  )
  const tag = fc.constantFrom('latest', 'earliest', 'pending')
  const blockRef = fc.oneof(tag, quantityArbitrary())
  const quantity = quantityArbitrary()
  switch (type) {
    case 'QUANTITY':
      return quantity
    case 'DATA':
      return data
    case 'DATA20':
      return address
    case 'DATA32':
      return hash32
    case 'TAG':
      return tag
    case 'BLOCK':
      return blockRef
    case 'BLOCK_EXT':
      return fc.oneof(
        blockRef,
        hash32,
        fc.record(
          { blockHash: hash32, requireCanonical: fc.oneof(fc.boolean(), adversarial) },
          { requiredKeys: [] },
        ),
        fc.record({ blockNumber: blockRef }),
      )
    case 'BOOLEAN':
      return fc.boolean()
    case 'STRING':
      return fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('10.0.0.1', '192.168.0.0/16', '::1', 'passphrase'),
      )
    case 'CALL':
      return fc.record(
        {
          from: address,
          to: fc.oneof(address, fc.constant(null)),
          gas: quantity,
          gasLimit: quantity,
          gasPrice: quantity,
          value: quantity,
          nonce: quantity,
          data,
          input: data,
          chainId: quantity,
          type: quantity,
        },
        { requiredKeys: [] },
      )
    case 'FILTER':
      return fc.record(
        {
          fromBlock: blockRef,
          toBlock: blockRef,
          blockHash: hash32,
          address: fc.oneof(address, fc.array(address, { maxLength: 3 })),
          topics: fc.array(fc.oneof(fc.constant(null), hash32, fc.array(hash32, { maxLength: 2 })), {
            maxLength: 5,
          }),
          after: quantity,
          count: quantity,
        },
        { requiredKeys: [] },
      )
    case 'OBJECT':
      return fc.record(
        {
          tracer: fc.oneof(
            fc.constantFrom('callTracer', 'rskTracer', 'prestateTracer', 'CALLTRACER'),
            adversarial,
          ),
          tracerConfig: fc.oneof(
            fc.record(
              { onlyTopCall: fc.boolean(), withLog: fc.oneof(fc.boolean(), adversarial) },
              { requiredKeys: [] },
            ),
            adversarial,
          ),
          disableStorage: fc.oneof(fc.boolean(), adversarial),
          disableMemory: fc.oneof(fc.boolean(), adversarial),
          blocks: quantity,
          timestamp: quantity,
        },
        { requiredKeys: [] },
      )
    case 'DATA32_ARRAY':
      return fc.array(hash32, { maxLength: 4 })
    case 'ANY':
      return fc.oneof(quantity, data, address, fc.anything({ maxDepth: 2, maxKeys: 3 }))
  }
}

/** One parameter: its own type most of the time, anything hostile otherwise. */
function parameter(type: ParamType, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: typed(type, known) }, { weight: 1, arbitrary: adversarial })
}

/**
 * The block count of `anvil_mine` / `hardhat_mine` is drawn without the accepted counts above
 * 10,000: a run of up to 1,000,000 blocks is allowed and takes minutes (test/server/longMine.test.ts
 * covers long runs), and one drawn here would be most of a run's time. Counts above the cap stay.
 */
const LONG_RUN_METHODS = new Set(['anvil_mine', 'hardhat_mine'])

function notALongRun(value: unknown): boolean {
  if (typeof value !== 'number' && typeof value !== 'string') return true
  let n: bigint
  try {
    n = BigInt(value)
  } catch {
    return true
  }
  return n <= 10_000n || n > MAX_MINE_BLOCKS
}

/** A request for `entry`: its parameters (trailing optional ones sometimes left out), sometimes one too many. */
export function requestFor(entry: MethodEntry, known: KnownValues): fc.Arbitrary<unknown> {
  const specs = entry.params
  const required = specs.filter((p) => !p.optional).length
  const values = specs.map((p, i) =>
    i === 0 && LONG_RUN_METHODS.has(entry.name)
      ? parameter(p.type, known).filter(notALongRun)
      : parameter(p.type, known),
  )
  return fc
    .tuple(
      fc.tuple(...values),
      fc.integer({ min: Math.max(0, required - 1), max: specs.length + 1 }),
      fc.oneof({ weight: 9, arbitrary: fc.constant('array') }, fc.constantFrom('object', 'absent', 'scalar')),
      adversarial,
    )
    .map(([all, count, shape, extra]) => {
      const params = count <= specs.length ? all.slice(0, count) : [...all, extra]
      const request: Record<string, unknown> = { jsonrpc: '2.0', method: entry.name }
      if (shape === 'array') request.params = params
      else if (shape === 'object') request.params = { ...params }
      else if (shape === 'scalar') request.params = extra
      return request
    })
}

/**
 * Methods that derive a key with a deliberately slow KDF (~0.2 s a call): drawn 1/40 as often
 * as the others, or they would take most of a run's time.
 */
const SLOW_METHODS = new Set(['personal_newAccount', 'personal_newAccountWithSeed', 'personal_importRawKey'])

/** Requests across every method of the registry (served or not), each method about as likely. */
export function requestArbitrary(entries: readonly MethodEntry[], known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof(
    ...entries.map((entry) => ({
      weight: SLOW_METHODS.has(entry.name) ? 1 : 40,
      arbitrary: requestFor(entry, known),
    })),
  )
}

/** The checks every answer must pass. Returns a description of what is wrong, or undefined. */
export function answerProblem(request: { id?: unknown }, response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) return 'not an object'
  const r = response as Record<string, unknown>
  if (r.jsonrpc !== '2.0') return 'jsonrpc is not "2.0"'
  if (r.id !== request.id)
    return `id ${JSON.stringify(r.id)} is not the request's ${JSON.stringify(request.id)}`
  const hasResult = 'result' in r
  const hasError = 'error' in r
  if (hasResult === hasError) return 'not exactly one of result and error'
  if (hasError) {
    const error = r.error as Record<string, unknown> | null
    if (typeof error !== 'object' || error === null) return 'error is not an object'
    if (!Number.isInteger(error.code)) return 'error.code is not an integer'
    if (typeof error.message !== 'string') return 'error.message is not a string'
    if (error.code === -32603) return `-32603 ${error.message}`
  } else if (r.result === undefined) return 'result is undefined'
  return undefined
}
