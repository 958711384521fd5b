/**
 * What an `eth_subscribe` asks for, and how a host that restarted makes a subscription again
 * under the id its client knows, with what the client missed delivered first.
 */
import type { LogCriteria } from '../../filters/logMatch.js'
import type { Engine } from '../../node/engine/engine.js'
import { getLogs } from '../../node/engine/queries.js'
import type { Hex } from '../../util/hex.js'
import { InvalidParamsError, RpcLimitError } from '../errors/rpc.js'
import { parseLogFilter } from '../objectParams.js'
import { ParamError, parseObject, parseString } from '../params.js'
import { toLogsNotification, toNewHeadsNotification } from './notifications.js'
import { SUBSCRIPTION_KINDS, type SubscriptionKind, subscriptionsOf } from './subscriptionHub.js'

/** The most blocks whose notifications a restored subscription is sent again. */
export const MAX_MISSED_BLOCKS = 1000n

export interface SubscriptionRequest {
  kind: SubscriptionKind
  criteria?: LogCriteria
}

export function parseSubscriptionRequest(type: string, options?: object): SubscriptionRequest {
  if (!SUBSCRIPTION_KINDS.includes(type as SubscriptionKind))
    throw new InvalidParamsError(
      `invalid argument 0: unknown subscription type "${type}", expected one of ${SUBSCRIPTION_KINDS.join(', ')}`,
    )
  if (type !== 'logs' || !options)
    return type === 'logs'
      ? { kind: 'logs', criteria: { addresses: [], topics: [] } }
      : { kind: type as SubscriptionKind }
  try {
    const filter = parseLogFilter(options)
    return { kind: 'logs', criteria: { addresses: filter.addresses, topics: filter.topics } }
  } catch (error) {
    if (error instanceof ParamError) throw new InvalidParamsError(`invalid argument 1: ${error.message}`)
    throw error
  }
}

/**
 * The last notification a client received: a head's block number, or a log's block number and
 * log index. Everything up to it was delivered; a subscription made when the head was `number`
 * and notified of nothing since has `{ number }`.
 */
export interface SubscriptionCursor {
  number: bigint
  logIndex?: number
}

/**
 * Makes `eth_subscribe` `params` again under `id`, sending first the notifications of the blocks
 * after `after` (heads, or matching logs), in order, then live ones: no gap and no repeat.
 * Without `after`, or for pending transactions, only live ones. Rejects with -32602 for bad
 * parameters or an id in use, and -32011 when more than MAX_MISSED_BLOCKS blocks were missed.
 */
export async function restoreSubscription(
  engine: Engine,
  id: string,
  params: readonly unknown[],
  after?: SubscriptionCursor,
): Promise<void> {
  const hub = subscriptionsOf(engine)
  let request: SubscriptionRequest
  try {
    const options = params[1] == null ? undefined : parseObject(params[1])
    request = parseSubscriptionRequest(parseString(params[0]), options)
  } catch (error) {
    if (error instanceof ParamError) throw new InvalidParamsError(`invalid subscription: ${error.message}`)
    throw error
  }
  if (!/^0x[0-9a-f]{32}$/.test(id)) throw new InvalidParamsError(`invalid subscription id ${id}`)
  return engine.mutex.run(async () => {
    if (hub.has(id)) throw new InvalidParamsError(`subscription ${id} already exists`)
    const missed = after ? await missedNotifications(engine, request, after) : []
    hub.adopt(id as Hex, request.kind, request.criteria, missed)
  })
}

async function missedNotifications(
  engine: Engine,
  { kind, criteria }: SubscriptionRequest,
  after: SubscriptionCursor,
): Promise<unknown[]> {
  const head = engine.head.header.number
  if (kind !== 'newHeads' && kind !== 'logs') return []
  // A log cursor may stand inside its block: that block's later logs are still owed.
  const from = kind === 'logs' && after.logIndex !== undefined ? after.number : after.number + 1n
  if (from > head) return []
  if (head - from >= MAX_MISSED_BLOCKS)
    throw new RpcLimitError(
      `cannot restore the subscription: ${head - from + 1n} blocks were missed, more than ${MAX_MISSED_BLOCKS}`,
    )
  if (kind === 'newHeads') {
    const out: unknown[] = []
    for (let n = from; n <= head; n++) {
      const block = await engine.reader.blockByNumber(n)
      if (block) out.push(toNewHeadsNotification(block))
    }
    return out
  }
  const logs = await getLogs(
    engine,
    { from, to: head, criteria: criteria ?? { addresses: [], topics: [] } },
    engine.unlimitedLogs,
  )
  return logs
    .filter((log) => log.blockNumber > after.number || log.logIndex > (after.logIndex ?? -1))
    .map((log) => toLogsNotification(log, false))
}
