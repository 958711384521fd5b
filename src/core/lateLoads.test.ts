import { describe, expect, test, vi } from 'vitest'
import { signedCowTransfer } from './chain/testFixtures.js'
import { asm } from './evm/testing/assembler.js'
import { bytesToHex } from './util/hex.js'

// The unit setup file loaded the curves into this file's modules; a fresh module graph has not.
async function freshNodeModules() {
  vi.resetModules()
  const [{ createNode }, { createMemoryStore }, curves, fastSha256, hash] = await Promise.all([
    import('./createNode.js'),
    import('./storage/memoryStore.js'),
    import('./crypto/curves.js'),
    import('./crypto/fastSha256.js'),
    import('./crypto/hash.js'),
  ])
  return { createNode, createMemoryStore, curves, fastSha256, hash }
}

describe('what a node loads after it is ready', () => {
  test('the first reads are answered before the curves load; a call that needs them waits', async () => {
    const { createNode, createMemoryStore, curves, fastSha256 } = await freshNodeModules()
    const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
    const chainId = await node.request({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
    const blockNumber = await node.request({ jsonrpc: '2.0', id: 2, method: 'eth_blockNumber' })
    expect(chainId).toEqual({ jsonrpc: '2.0', id: 1, result: '0x21' })
    expect(blockNumber).toEqual({ jsonrpc: '2.0', id: 2, result: '0x0' })
    expect(curves.curvesLoaded()).toBe(false)
    // An eth_call of ecrecover (0x01) reaches the curve at once, with nothing else to wait for.
    const input = `0x${'00'.repeat(31)}01${'00'.repeat(31)}1b${'00'.repeat(31)}01${'00'.repeat(31)}01`
    const recovered = await node.request({
      jsonrpc: '2.0',
      id: 3,
      method: 'eth_call',
      params: [{ to: '0x0000000000000000000000000000000000000001', data: input }, 'latest'],
    })
    expect(recovered).toMatchObject({ jsonrpc: '2.0', id: 3, result: expect.stringMatching(/^0x/) })
    expect(curves.curvesLoaded()).toBe(true)
    // Signed here, with the curves the setup file loaded into the test's own module graph.
    const transfer = signedCowTransfer()
    // Awaited without a turn of the event loop in between, as in-process scripts do.
    const sent = await node.request({
      jsonrpc: '2.0',
      id: 4,
      method: 'eth_sendRawTransaction',
      params: [bytesToHex(transfer.raw)],
    })
    expect(sent).toEqual({ jsonrpc: '2.0', id: 4, result: bytesToHex(transfer.hash) })
    // The block it mined hashed its merged-mining fields with the WebAssembly SHA-256.
    expect(await fastSha256.loadFastSha256()).toBe(true)
    await node.close()
  })

  test('a chain reopens and answers its first reads before the WebAssembly keccak loads', async () => {
    const first = await freshNodeModules()
    const storage = first.createMemoryStore()
    // Closing the node must not close the store: it stands for the disk the next start reads.
    const disk = Object.assign(Object.create(storage), { close: async () => {} })
    const creating = await first.createNode({ network: 'regtest', storage: disk })
    await creating.close()
    const { createNode, hash } = await freshNodeModules()
    const node = await createNode({ network: 'regtest', storage: disk })
    expect(await node.request({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })).toMatchObject({
      result: '0x0',
    })
    expect(hash.isFastKeccakReady()).toBe(false)
    // A request that may hash waits for it.
    await node.request({
      jsonrpc: '2.0',
      id: 2,
      method: 'eth_getBalance',
      params: [`0x${'00'.repeat(20)}`, 'latest'],
    })
    expect(hash.isFastKeccakReady()).toBe(true)
    await node.close()
  })

  test('using a curve before the load is a CurvesNotLoadedError, not an answer', async () => {
    const { curves } = await freshNodeModules()
    expect(() => curves.curves()).toThrow(curves.CurvesNotLoadedError)
    await curves.loadCurves()
    expect(curves.curves().secp256k1).toBeDefined()
  })

  test('a precompile run before the load fails the transaction loudly instead of returning 0', async () => {
    vi.resetModules()
    const { callContract } = await import('./evm/testing/harness.js')
    // ecrecover (0x01) with v = 27, r = s = 1: a well-formed input that reaches the curve.
    const code = asm(
      'PUSH 27 PUSH 32 MSTORE PUSH 1 PUSH 64 MSTORE PUSH 1 PUSH 96 MSTORE ' +
        'PUSH 32 PUSH 0 PUSH 128 PUSH 0 PUSH 0 PUSH 1 PUSH 100000 CALL',
    )
    expect(() => callContract(code)).toThrow(/loadCurves\(\) resolved/)
  })
})
