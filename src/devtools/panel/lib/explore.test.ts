import { describe, expect, it } from 'vitest'
import { createStore } from '../store.js'
import { classifySearch, fieldTarget, resolveSearch } from './explore.js'

const TX = `0x${'ab'.repeat(32)}`
const BLOCK = `0x${'cd'.repeat(32)}`
const ADDRESS = `0x${'Ef'.repeat(20)}`

/** A node with blocks 0…5, block BLOCK and transaction TX. */
function fakeRpc(calls: string[] = []) {
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    calls.push(method)
    const answer = (() => {
      switch (method) {
        case 'eth_blockNumber':
          return '0x5'
        case 'eth_getBlockByNumber':
          return Number(params[0]) <= 5 ? { number: params[0] } : null
        case 'eth_getBlockByHash':
          return params[0] === BLOCK ? { hash: BLOCK } : null
        case 'eth_getTransactionByHash':
          return params[0] === TX ? { hash: TX } : null
      }
      throw new Error(`unexpected ${method}`)
    })()
    return answer as T
  }
}

describe('the search box', () => {
  it('reads decimal and hex block numbers, 32-byte hashes and addresses', () => {
    expect(classifySearch(' 12 ')).toEqual({ kind: 'blockNumber', number: 12 })
    expect(classifySearch('0x1f')).toEqual({ kind: 'blockNumber', number: 31 })
    expect(classifySearch(TX.toUpperCase().replace('0X', '0x'))).toEqual({ kind: 'hash', hash: TX })
    expect(classifySearch(ADDRESS)).toEqual({ kind: 'address', address: ADDRESS.toLowerCase() })
    expect(classifySearch('0xabc12')).toEqual({ kind: 'blockNumber', number: 0xabc12 })
    expect(classifySearch(`0x${'a'.repeat(30)}`)).toMatchObject({
      kind: 'invalid',
      reason: /15 bytes of hex/,
    })
    expect(classifySearch('99999999999999999999')).toMatchObject({ kind: 'invalid', reason: /too large/ })
    expect(classifySearch('hello')).toMatchObject({ kind: 'invalid' })
    expect(classifySearch('')).toMatchObject({ kind: 'invalid' })
  })

  it('finds a block by number or hash, a transaction, an address; says why it found nothing', async () => {
    const rpc = fakeRpc()
    expect(await resolveSearch('3', rpc)).toEqual({ kind: 'block', id: 3 })
    expect(await resolveSearch(TX, rpc)).toEqual({ kind: 'tx', hash: TX })
    expect(await resolveSearch(BLOCK, rpc)).toEqual({ kind: 'block', id: BLOCK })
    expect(await resolveSearch(ADDRESS, rpc)).toEqual({ kind: 'address', address: ADDRESS.toLowerCase() })
    expect(await resolveSearch('9', rpc)).toEqual({
      kind: 'notFound',
      query: '9',
      reason: 'no block 9 on this chain (the latest is 5)',
    })
    expect(await resolveSearch(`0x${'00'.repeat(32)}`, rpc)).toMatchObject({
      kind: 'notFound',
      reason: 'no transaction and no block with this hash on this chain',
    })
    expect(await resolveSearch('nope', rpc)).toMatchObject({ kind: 'notFound', query: 'nope' })
  })

  it('asks the node nothing for input that cannot name anything', async () => {
    const calls: string[] = []
    await resolveSearch('0x12345678901234567890', fakeRpc(calls))
    expect(calls).toEqual([])
  })
})

describe('explorer links', () => {
  it('links the fields that name another block, transaction or account', () => {
    expect(fieldTarget('parentHash', BLOCK)).toEqual({ kind: 'block', id: BLOCK })
    expect(fieldTarget('blockNumber', '0x10')).toEqual({ kind: 'block', id: 16 })
    expect(fieldTarget('transactionHash', TX)).toEqual({ kind: 'tx', hash: TX })
    expect(fieldTarget('miner', ADDRESS)).toEqual({ kind: 'address', address: ADDRESS.toLowerCase() })
    expect(fieldTarget('to', null)).toBeNull()
    expect(fieldTarget('hash', TX)).toBeNull()
    expect(fieldTarget('gasUsed', '0x5208')).toBeNull()
  })

  it('goes back through the details opened, then closes', () => {
    const store = createStore((run) => run())
    store.explore({ kind: 'block', id: 1 })
    store.explore({ kind: 'tx', hash: TX })
    store.explore({ kind: 'address', address: ADDRESS })
    store.exploreBack()
    expect(store.get().detail).toEqual({ kind: 'tx', hash: TX })
    store.exploreBack()
    expect(store.get().detail).toEqual({ kind: 'block', id: 1 })
    store.exploreBack()
    expect(store.get().detail).toBeNull()
    store.explore({ kind: 'block', id: 2 })
    store.closeDetail()
    expect(store.get()).toMatchObject({ detail: null, detailTrail: [] })
  })
})
