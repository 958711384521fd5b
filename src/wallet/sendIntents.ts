/**
 * Send intents: what `eth_sendTransaction` signed, under the relay's request id, so that a request
 * replayed after the worker died resends the same bytes instead of signing a second transaction
 * with the next nonce.
 *
 * The intent must be durable no later than the block that includes its transaction. Two ways:
 * - in the network's own chain store (`chainStoreIntents`), staged just before the transaction is
 *   sent: it is written in the same IndexedDB transaction as what the node writes next (the block,
 *   or the pool entry), so it costs no commit of its own. A store that cannot stage commits
 *   batches in the order they were issued (IndexedDB runs transactions on one object store in
 *   order), so once the block is durable the intent is too;
 * - anywhere else (`walletStoreIntents`, for nodes that expose no store): written and awaited
 *   before sending.
 */
import { HOST_KEY_PREFIX, type KeyValueStore, type KvOperation } from '../core/storage/types.js'
import type { Hex } from '../core/util/hex.js'
import type { NetworkId } from '../shared/protocol.js'
import type { WalletStore } from './store.js'

export interface SendIntent {
  id: string
  raw: Hex
  hash: Hex
}

export interface SendIntents {
  /**
   * Resolves once the write of `intent` has been issued, with `durable`. When `orderedWithChain`,
   * anything the chain writes from then on commits after it: the transaction may be sent at once,
   * and `durable` awaited before answering. Otherwise `durable` must be awaited before sending.
   */
  record(
    network: NetworkId,
    intent: SendIntent,
  ): Promise<{ durable: Promise<void>; orderedWithChain: boolean }>
  find(network: NetworkId, id: string): Promise<SendIntent | undefined>
}

/** Only requests in flight when a worker died are replayed: a short history is enough. */
export const MAX_INTENTS = 64

const PREFIX = `${HOST_KEY_PREFIX}wallet-intent:`
const END = `${HOST_KEY_PREFIX}wallet-intent;`
/**
 * Intent `seq` lies in slot `seq % MAX_INTENTS` and overwrites the one 64 sends before it: a send
 * costs the chain store one record, not a put and a delete. (Earlier versions keyed each intent
 * by its number, 12 digits, and deleted the 64th before; those records are read, and deleted with
 * the first intent written after them.)
 */
const slotKey = (seq: number) => `${PREFIX}s${(seq % MAX_INTENTS).toString().padStart(2, '0')}`
const isSlotKey = (key: string) => key.charAt(PREFIX.length) === 's'
const encoder = new TextEncoder()
const decoder = new TextDecoder()

interface StoredIntent extends SendIntent {
  seq: number
}

function parseIntent(key: string, bytes: Uint8Array): StoredIntent | undefined {
  try {
    const value = JSON.parse(decoder.decode(bytes)) as Partial<StoredIntent>
    const seq = isSlotKey(key) ? value.seq : Number(key.slice(PREFIX.length))
    if (
      typeof value.id === 'string' &&
      typeof value.raw === 'string' &&
      typeof value.hash === 'string' &&
      typeof seq === 'number' &&
      Number.isSafeInteger(seq)
    )
      return { id: value.id, raw: value.raw, hash: value.hash, seq }
  } catch {
    // A damaged record is no intent: the replay signs anew, as if it had never been written.
  }
  return undefined
}

/**
 * Intents in the chain store of each network, as `host:wallet-intent:s<slot>` records, the newest
 * `MAX_INTENTS` in a ring. A network whose node exposes no store (`storeOf` gives undefined) uses
 * `fallback`.
 */
export function chainStoreIntents(
  storeOf: (network: NetworkId) => Promise<KeyValueStore | undefined>,
  fallback: SendIntents,
): SendIntents {
  const nextSeq = new WeakMap<KeyValueStore, Promise<number>>()
  /** Records of the numbered layout, deleted with the next intent a store takes. */
  const numbered = new WeakMap<KeyValueStore, string[]>()
  /** The next sequence number of `store`: one past its newest intent, read once per store. */
  function allocate(store: KeyValueStore): Promise<number> {
    const seq =
      nextSeq.get(store) ??
      store.range({ gte: PREFIX, lt: END }).then((rows) => {
        let newest = 0
        for (const [key, value] of rows) newest = Math.max(newest, parseIntent(key, value)?.seq ?? 0)
        numbered.set(
          store,
          rows.map(([key]) => key).filter((key) => !isSlotKey(key)),
        )
        return newest + 1
      })
    const following = seq.then((n) => n + 1)
    // A failed read is asked again next time.
    following.catch(() => nextSeq.delete(store))
    nextSeq.set(store, following)
    return seq
  }
  return {
    async record(network, intent) {
      const store = await storeOf(network)
      if (!store) return fallback.record(network, intent)
      const seq = await allocate(store)
      const operations: KvOperation[] = [
        { type: 'put', key: slotKey(seq), value: encoder.encode(JSON.stringify({ ...intent, seq })) },
      ]
      const old = numbered.get(store)
      if (old && old.length > 0) {
        for (const key of old) operations.push({ type: 'delete', key })
        numbered.set(store, [])
      }
      // Staged: it rides in the journal record of the block (or pool entry) the send writes next.
      const durable = store.stage ? store.stage(operations) : store.batch(operations)
      return { durable, orderedWithChain: true }
    },
    async find(network, id) {
      const store = await storeOf(network)
      if (!store) return fallback.find(network, id)
      let found: StoredIntent | undefined
      for (const [key, value] of await store.range({ gte: PREFIX, lt: END })) {
        const intent = parseIntent(key, value)
        if (intent?.id === id && (!found || intent.seq > found.seq)) found = intent
      }
      return found && { id: found.id, raw: found.raw, hash: found.hash }
    },
  }
}

const INTENTS_KEY = 'sendIntents'

/** Intents in the wallet's own store, one list for all networks (ids are unique anyway). */
export function walletStoreIntents(store: WalletStore): SendIntents {
  return {
    async record(_network, intent) {
      const intents = (await store.get<SendIntent[]>(INTENTS_KEY)) ?? []
      return {
        durable: store.put(INTENTS_KEY, [...intents, intent].slice(-MAX_INTENTS)),
        orderedWithChain: false,
      }
    },
    async find(_network, id) {
      return ((await store.get<SendIntent[]>(INTENTS_KEY)) ?? []).find((i) => i.id === id)
    },
  }
}
