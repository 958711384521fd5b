/**
 * The options object of debug_traceTransaction / debug_traceBlockByHash, read the way RSKj's
 * `DebugTracerParam` reads it: every value is taken as text (`true` and `"true"` both enable an
 * option, case-insensitively), `tracerConfig` members count as top-level options, unknown options
 * are ignored and an unknown `tracer` fails.
 */
import type { DebugTraceOptions } from '../node/traces/traceService.js'
import { UncheckedInputError } from './errors/rpc.js'
import { describeJsonType, describeValue, type JsonObject } from './params.js'

/**
 * RSKj throws `IllegalArgumentException("Invalid tracer type: …")` while reading the parameters
 * (answered -32603 there); here it is -32602 with that text.
 */
export class InvalidTracerError extends UncheckedInputError {
  constructor(tracer: string) {
    super(`invalid argument 1: Invalid tracer type: ${tracer}`)
  }
}

/** `tracerConfig` given, but not an object (`null` counts as absent). */
export class InvalidTracerConfigError extends UncheckedInputError {
  constructor(value: unknown) {
    super(`invalid argument 1: tracerConfig must be an object, got ${describeJsonType(value)}`)
  }
}

/** Jackson `JsonNode.asText()` for a parsed JSON value. */
function asText(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'object') return ''
  return String(value)
}

const isTrue = (text: string) => text.toLowerCase() === 'true'

const DISABLE_OPTIONS = {
  disablememory: 'disableMemory',
  disablestack: 'disableStack',
  disablestorage: 'disableStorage',
} as const

export function parseTraceOptions(options: JsonObject | undefined): DebugTraceOptions {
  const parsed: DebugTraceOptions = {
    tracer: 'rskTracer',
    disableMemory: false,
    disableStack: false,
    disableStorage: false,
    onlyTopCall: false,
    withLog: false,
  }
  const addOption = (key: string, value: unknown) => {
    const text = asText(value)
    if (key === 'onlyTopCall') parsed.onlyTopCall = isTrue(text)
    else if (key === 'withLog') parsed.withLog = isTrue(text)
    else {
      const option = DISABLE_OPTIONS[key.toLowerCase() as keyof typeof DISABLE_OPTIONS]
      if (option && isTrue(text)) parsed[option] = true
    }
  }
  for (const [key, value] of Object.entries(options ?? {})) {
    if (key.toLowerCase() === 'tracerconfig') {
      if (value === null) continue
      if (typeof value !== 'object' || Array.isArray(value)) throw new InvalidTracerConfigError(value)
      for (const [k, v] of Object.entries(value)) addOption(k, v)
    } else if (key.toLowerCase() === 'tracer') {
      const name = asText(value).toLowerCase()
      if (name === 'rsktracer') parsed.tracer = 'rskTracer'
      else if (name === 'calltracer') parsed.tracer = 'callTracer'
      else throw new InvalidTracerError(typeof value === 'object' ? describeValue(value) : asText(value))
    } else addOption(key, value)
  }
  return parsed
}
