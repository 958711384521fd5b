import { describe, expect, test } from 'vitest'
import { recoveryBackend } from './chain/secp256k1.js'
import { signedCowTransfer } from './chain/testFixtures.js'
import { createNode } from './createNode.js'
import { createMemoryStore } from './storage/memoryStore.js'
import { bytesToHex } from './util/hex.js'

// Its own file: the recovery backend is module state, and another test may have loaded it already.
describe('sender recovery loading after the node opens', () => {
  test('a transaction sent at once waits for libsecp256k1 instead of recovering on pure JS', async () => {
    const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
    expect(recoveryBackend()).toBe('noble')
    const transfer = signedCowTransfer()
    // Awaited without a turn of the event loop in between, as in-process scripts and tests do.
    const answer = await node.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendRawTransaction',
      params: [bytesToHex(transfer.raw)],
    })
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: bytesToHex(transfer.hash) })
    expect(recoveryBackend()).toBe('libsecp256k1-native')
  })
})
