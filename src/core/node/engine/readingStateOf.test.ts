import { describe, expect, test } from 'vitest'
import { createNode } from '../../createNode.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import { MissingTrieNodeError } from '../../trie/store.js'
import { BlockNoLongerOnChainError } from '../errors.js'
import type { StoredBlock } from './blockRecord.js'
import type { Engine } from './engine.js'
import { readingStateOf } from './queries.js'

const block = (number: bigint, hashByte: number) =>
  ({ header: { number }, hash: new Uint8Array(32).fill(hashByte) }) as unknown as StoredBlock
const engineWhoseChainHas = (onChain: StoredBlock | undefined) =>
  ({ reader: { blockByNumber: async () => onChain } }) as unknown as Engine
const missingNode = () =>
  Promise.reject(new MissingTrieNodeError(new Uint8Array(32), 0, 'not found in storage'))

describe('readingStateOf', () => {
  test('a trie node missing because the block left the chain (reset or revert) is BlockNoLongerOnChainError', async () => {
    const read = block(3n, 1)
    await expect(readingStateOf(engineWhoseChainHas(block(3n, 2)), read, missingNode)).rejects.toBeInstanceOf(
      BlockNoLongerOnChainError,
    )
    await expect(readingStateOf(engineWhoseChainHas(undefined), read, missingNode)).rejects.toThrow(
      'block 3 is no longer on the chain',
    )
  })

  test('a trie node missing from a block still on the chain stays a bug (not hidden)', async () => {
    const read = block(3n, 1)
    await expect(readingStateOf(engineWhoseChainHas(block(3n, 1)), read, missingNode)).rejects.toBeInstanceOf(
      MissingTrieNodeError,
    )
  })

  test('eth_getProof and eth_getBalance at an old block racing evm_reset never answer -32603', async () => {
    const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
    let id = 0
    const call = (method: string, params: unknown[] = []) =>
      node.request({ jsonrpc: '2.0', id: ++id, method, params }) as Promise<{
        result?: unknown
        error?: { code: number; message: string }
      }>
    const account = '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'
    for (let round = 0; round < 40; round++) {
      await call('anvil_mine', ['0x3'])
      const answers = await Promise.all([
        call('eth_getProof', [account, ['0x0'], '0x1']),
        call('eth_getBalance', [account, '0x2']),
        call('evm_reset'),
        call('eth_getProof', [account, [], '0x2']),
      ])
      for (const answer of answers) expect(answer.error?.code, answer.error?.message).not.toBe(-32603)
    }
  })
})
