/**
 * Explorer navigation: what a detail pane shows (a block, a transaction, an address, or a search
 * that found nothing), which fields link where, and how the toolbar's one search box reads a query.
 */

/** What the panel's detail pane shows. A block by number or by hash. */
export type ExploreTarget =
  | { kind: 'block'; id: number | string }
  | { kind: 'tx'; hash: string }
  | { kind: 'address'; address: string }
  | { kind: 'notFound'; query: string; reason: string }

const HASH = /^0x[0-9a-fA-F]{64}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** Fields whose value is a block, a transaction or an account: they open its detail. */
const BLOCK_FIELDS = new Set(['parentHash', 'blockHash'])
const BLOCK_NUMBER_FIELDS = new Set(['blockNumber'])
const TX_FIELDS = new Set(['transactionHash'])
const ADDRESS_FIELDS = new Set(['from', 'to', 'miner', 'contractAddress', 'address', 'coinbase'])

/** Where a field of a block, transaction, receipt or log leads, if anywhere. */
export function fieldTarget(key: string, value: unknown): ExploreTarget | null {
  if (typeof value !== 'string') return null
  if (BLOCK_FIELDS.has(key) && HASH.test(value)) return { kind: 'block', id: value.toLowerCase() }
  if (BLOCK_NUMBER_FIELDS.has(key) && /^0x[0-9a-fA-F]{1,13}$/.test(value))
    return { kind: 'block', id: Number(value) }
  if (TX_FIELDS.has(key) && HASH.test(value)) return { kind: 'tx', hash: value.toLowerCase() }
  if (ADDRESS_FIELDS.has(key) && ADDRESS.test(value)) return { kind: 'address', address: value.toLowerCase() }
  return null
}

/** How a query reads before asking the node: what to look up, or why it cannot be anything. */
export type SearchQuery =
  | { kind: 'blockNumber'; number: number }
  /** 32 bytes: a transaction hash or a block hash; the node decides which. */
  | { kind: 'hash'; hash: string }
  | { kind: 'address'; address: string }
  | { kind: 'invalid'; reason: string }

/** Block numbers the panel can address (JavaScript's safe integers). */
const MAX_BLOCK_NUMBER = Number.MAX_SAFE_INTEGER

export function classifySearch(input: string): SearchQuery {
  const text = input.trim()
  if (text === '')
    return { kind: 'invalid', reason: 'type a block number, a block or transaction hash, or an address' }
  if (/^\d+$/.test(text) || /^0x[0-9a-fA-F]{1,14}$/.test(text)) {
    const number = Number(BigInt(text))
    if (number > MAX_BLOCK_NUMBER) return { kind: 'invalid', reason: 'block number too large' }
    return { kind: 'blockNumber', number }
  }
  if (HASH.test(text)) return { kind: 'hash', hash: text.toLowerCase() }
  if (ADDRESS.test(text)) return { kind: 'address', address: text.toLowerCase() }
  if (/^0x[0-9a-fA-F]*$/.test(text))
    return {
      kind: 'invalid',
      reason: `${(text.length - 2) / 2} bytes of hex: a hash has 32 bytes, an address 20`,
    }
  return { kind: 'invalid', reason: 'not a block number, a block or transaction hash, or an address' }
}

type Rpc = <T>(method: string, params?: unknown[]) => Promise<T>

/**
 * Finds what a query names on the node: a block number or hash, a transaction hash (a transaction
 * is tried before a block, as explorers do), or an address (every address has a view, even one
 * that never appeared on the chain). Anything else is `notFound` with the reason.
 */
export async function resolveSearch(input: string, rpc: Rpc): Promise<ExploreTarget> {
  const query = classifySearch(input)
  const notFound = (reason: string): ExploreTarget => ({ kind: 'notFound', query: input.trim(), reason })
  switch (query.kind) {
    case 'invalid':
      return notFound(query.reason)
    case 'address':
      return { kind: 'address', address: query.address }
    case 'blockNumber': {
      const block = await rpc<unknown>('eth_getBlockByNumber', [`0x${query.number.toString(16)}`, false])
      if (block) return { kind: 'block', id: query.number }
      const head = Number(await rpc<string>('eth_blockNumber'))
      return notFound(`no block ${query.number} on this chain (the latest is ${head})`)
    }
    case 'hash': {
      const tx = await rpc<unknown>('eth_getTransactionByHash', [query.hash])
      if (tx) return { kind: 'tx', hash: query.hash }
      const block = await rpc<unknown>('eth_getBlockByHash', [query.hash, false])
      if (block) return { kind: 'block', id: query.hash }
      return notFound('no transaction and no block with this hash on this chain')
    }
  }
}
