import { describe, expect, test } from 'vitest'
import { recoveryBackendLoaded } from './chain/secp256k1.js'
import { createManualClock } from './clock/clock.js'
import { createNode } from './createNode.js'
import { createMemoryStore } from './storage/memoryStore.js'

describe('createNode', () => {
  test('switches sender recovery to native libsecp256k1 after it is ready, without waiting for it', async () => {
    const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
    // Answers at once; the backend switch completes in the background.
    expect(await node.request({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x0',
    })
    expect(await recoveryBackendLoaded()).toBe('libsecp256k1-native')
  })

  test('answers eth_chainId 0x1f on the default network (testnet)', async () => {
    const node = await createNode({ storage: createMemoryStore() })
    expect(await node.request({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x1f',
    })
  })

  test('accepts JSON text and answers batches with an array', async () => {
    const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
    const text = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'net_version' },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
    ])
    expect(await node.request(text)).toEqual([
      { jsonrpc: '2.0', id: 1, result: '33' },
      { jsonrpc: '2.0', id: 2, result: '0x21' },
    ])
  })

  test('emits a request record with the duration of each request', async () => {
    const node = await createNode({ storage: createMemoryStore(), clock: createManualClock() })
    const records: unknown[] = []
    node.on('request', (r) => records.push(r))
    await node.request({ jsonrpc: '2.0', id: 7, method: 'net_listening' })
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ id: 7, method: 'net_listening', result: true, notification: false })
    expect((records[0] as { durationMs: number }).durationMs).toBeGreaterThanOrEqual(0)
  })

  test('stops emitting to a listener removed with off', async () => {
    const node = await createNode({ storage: createMemoryStore() })
    let calls = 0
    const listener = () => calls++
    node.on('request', listener)
    await node.request({ jsonrpc: '2.0', id: 1, method: 'net_listening' })
    node.off('request', listener)
    await node.request({ jsonrpc: '2.0', id: 2, method: 'net_listening' })
    expect(calls).toBe(1)
  })

  test('answers 4900 after close and closes its storage', async () => {
    const storage = createMemoryStore()
    const node = await createNode({ storage })
    await node.close()
    expect(await node.request({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: 4900, message: 'The node is closed.' },
    })
    await expect(storage.get('x')).rejects.toThrow('closed')
  })

  test('builds web3_clientVersion from the injected platform', async () => {
    const node = await createNode({
      storage: createMemoryStore(),
      platform: { os: 'linux', runtime: 'node-20.20' },
    })
    expect(await node.request({ jsonrpc: '2.0', id: 1, method: 'web3_clientVersion' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: 'anvil/rsk-devnode/0.1.0/linux/node-20.20/dev',
    })
  })

  test('answers the RSKj-shaped web3_clientVersion with the rskj client-version style', async () => {
    const node = await createNode({
      storage: createMemoryStore(),
      platform: { os: 'linux', runtime: 'node-20.20' },
      clientVersion: 'rskj',
    })
    expect(await node.request({ jsonrpc: '2.0', id: 1, method: 'web3_clientVersion' })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: 'rsk-devnode/0.1.0/linux/node-20.20/dev',
    })
  })

  test('refuses an unknown network or profile', async () => {
    // @ts-expect-error: checked at run time for JavaScript callers
    await expect(createNode({ storage: createMemoryStore(), network: 'devnet' })).rejects.toThrow(
      'unknown network',
    )
    // @ts-expect-error: checked at run time for JavaScript callers
    await expect(createNode({ storage: createMemoryStore(), profile: 'geth' })).rejects.toThrow(
      'unknown profile',
    )
  })
})

describe('internal errors', () => {
  test('are written to the console when nobody subscribes, and handed to subscribers otherwise', async () => {
    const node = await createNode({ storage: createMemoryStore() })
    const seen: unknown[] = []
    const original = console.error
    const logged: unknown[][] = []
    console.error = (...args: unknown[]) => logged.push(args)
    try {
      // `request` never rejects; a listener that throws is an internal error of the host's making.
      node.on('request', () => {
        throw new Error('listener bug')
      })
      await node.request({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' })
      expect(logged).toHaveLength(1)
      expect(String(logged[0]?.[0])).toContain('internal error')
      node.on('internalError', (e) => seen.push(e))
      await node.request({ jsonrpc: '2.0', id: 2, method: 'eth_chainId' })
      expect(logged).toHaveLength(1)
      expect(seen).toHaveLength(1)
    } finally {
      console.error = original
      await node.close()
    }
  })
})
