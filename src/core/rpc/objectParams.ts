/**
 * The two object parameters of the spec: the call object (`eth_call`, `eth_estimateGas`,
 * `eth_sendTransaction`) and the log filter object (`eth_getLogs`, `eth_newFilter`). Each field
 * is parsed strictly; an error names the field (`invalid argument 0: to: …`). Fields RSKj ignores
 * (`type`, `maxFeePerGas`, `accessList`…) are ignored here too, so viem and ethers requests pass.
 */
import type { CallRequest } from '../node/engine/requests.js'
import type { Address } from '../util/hex.js'
import { type BlockSpecifier, parseBlock } from './blockParams.js'
import { InvalidParamsError } from './errors/rpc.js'
import {
  describeJsonType,
  type JsonObject,
  ParamError,
  type ParamSpec,
  parseAddress,
  parseData,
  parseData32,
  parseObject,
  parseQuantity,
} from './params.js'

export type { CallRequest }

export interface LogFilterRequest {
  fromBlock?: BlockSpecifier
  toBlock?: BlockSpecifier
  /** Empty: any address. */
  addresses: Address[]
  /** Per position: `null` = any topic, otherwise any of the listed topics. */
  topics: Array<Uint8Array[] | null>
  blockHash?: Uint8Array
}

function field<T>(obj: JsonObject, key: string, parse: (v: unknown) => T): T | undefined {
  const value = obj[key]
  if (value === undefined || value === null) return undefined
  return labelled(key, value, parse)
}

/** Parses `value`, prefixing a failure with the field's name so the user sees where it was. */
function labelled<T>(key: string, value: unknown, parse: (v: unknown) => T): T {
  try {
    return parse(value)
  } catch (e) {
    if (e instanceof ParamError) throw new ParamError(`${key}: ${e.message}`)
    throw e
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

export function parseCallRequest(value: unknown): CallRequest {
  const obj = parseObject(value)
  const request: CallRequest = {}
  const from = field(obj, 'from', parseAddress)
  if (from !== undefined) request.from = from
  if (obj.to === null) request.to = null
  else {
    const to = field(obj, 'to', parseAddress)
    if (to !== undefined) request.to = to
  }
  // RSKj reads `gasLimit` when `gas` is absent.
  const gas = field(obj, 'gas', parseQuantity) ?? field(obj, 'gasLimit', parseQuantity)
  if (gas !== undefined) request.gas = gas
  const gasPrice = field(obj, 'gasPrice', parseQuantity)
  if (gasPrice !== undefined) request.gasPrice = gasPrice
  const val = field(obj, 'value', parseQuantity)
  if (val !== undefined) request.value = val
  const nonce = field(obj, 'nonce', parseQuantity)
  if (nonce !== undefined) request.nonce = nonce
  const chainId = field(obj, 'chainId', parseQuantity)
  if (chainId !== undefined) request.chainId = chainId
  const data = field(obj, 'data', parseData)
  const input = field(obj, 'input', parseData)
  if (data !== undefined && input !== undefined && !equalBytes(data, input)) {
    throw new ParamError('both "data" and "input" are set and not equal; pass the call data once')
  }
  const callData = input ?? data
  if (callData !== undefined) request.data = callData
  return request
}

function parseTopicPosition(value: unknown): Uint8Array[] | null {
  if (value === null) return null
  if (Array.isArray(value)) {
    // An array of alternatives; a null inside it means "anything" (as geth reads it).
    if (value.some((v) => v === null)) return null
    return value.map((v) => parseData32(v, 'topic'))
  }
  return [parseData32(value, 'topic')]
}

export function parseLogFilter(value: unknown): LogFilterRequest {
  const obj = parseObject(value)
  const filter: LogFilterRequest = { addresses: [], topics: [] }
  const fromBlock = field(obj, 'fromBlock', parseBlock)
  const toBlock = field(obj, 'toBlock', parseBlock)
  const blockHash = field(obj, 'blockHash', (v) => parseData32(v, 'block hash'))
  if (blockHash !== undefined && (fromBlock !== undefined || toBlock !== undefined)) {
    // RSKj's text, without an argument prefix (reference §5.3).
    throw new InvalidParamsError('Cannot specify both blockHash and fromBlock/toBlock')
  }
  if (fromBlock !== undefined) filter.fromBlock = fromBlock
  if (toBlock !== undefined) filter.toBlock = toBlock
  if (blockHash !== undefined) filter.blockHash = blockHash
  const addr = obj.address
  if (Array.isArray(addr)) filter.addresses = addr.map((a, i) => labelled(`address[${i}]`, a, parseAddress))
  else {
    const single = field(obj, 'address', parseAddress)
    if (single !== undefined) filter.addresses = [single]
  }
  const topics = obj.topics
  if (topics !== undefined && topics !== null) {
    if (!Array.isArray(topics))
      throw new ParamError(`topics: expected an array, got ${describeJsonType(topics)}`)
    if (topics.length > 4) throw new ParamError(`topics: at most 4 positions, got ${topics.length}`)
    filter.topics = topics.map((t, i) => labelled(`topics[${i}]`, t, parseTopicPosition))
  }
  return filter
}

export const callRequest = (name: string): ParamSpec<CallRequest> => ({
  type: 'CALL',
  name,
  optional: false,
  parse: parseCallRequest,
})

export const logFilter = (name: string): ParamSpec<LogFilterRequest> => ({
  type: 'FILTER',
  name,
  optional: false,
  parse: parseLogFilter,
})
