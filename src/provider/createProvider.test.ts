import { BrowserProvider } from 'ethers'
import { createPublicClient, custom, http } from 'viem'
import { describe, expect, test } from 'vitest'
import { Web3 } from 'web3'
import { createNode } from '../core/createNode.js'
import { createMemoryStore } from '../core/storage/memoryStore.js'
import { createProvider } from './createProvider.js'
import { ProviderRpcError } from './providerRpcError.js'

async function setup() {
  const node = await createNode({
    storage: createMemoryStore(),
    platform: { os: 'linux', runtime: 'node-20.20' },
  })
  return { node, provider: createProvider(node) }
}

describe('createProvider', () => {
  test('resolves with the result, not the envelope', async () => {
    const { provider } = await setup()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1f')
    expect(await provider.request({ method: 'web3_sha3', params: ['0x'] })).toBe(
      '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    )
  })

  test('rejects with an Error carrying code and message as own enumerable properties', async () => {
    const { provider } = await setup()
    const error = await provider
      .request({ method: 'eth_compileSolidity', params: [] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(ProviderRpcError)
    expect({ ...(error as object) }).toEqual({
      code: -32601,
      message: 'the method eth_compileSolidity does not exist/is not available',
    })
  })

  test('passes error data through', async () => {
    const error = new ProviderRpcError(
      -32015,
      'VM Exception while processing transaction: transaction reverted',
      '0x',
    )
    expect(Object.keys(error).sort()).toEqual(['code', 'data', 'message'])
  })

  test('rejects malformed arguments with -32600', async () => {
    const { provider } = await setup()
    // @ts-expect-error: JavaScript callers can pass anything
    await expect(provider.request('eth_chainId')).rejects.toMatchObject({ code: -32600 })
    await expect(provider.request({ method: '' })).rejects.toMatchObject({ code: -32600 })
    // @ts-expect-error: params must be an array or object
    await expect(provider.request({ method: 'eth_chainId', params: 5 })).rejects.toMatchObject({
      code: -32600,
    })
  })

  test('declares request as a native async function (web3.js checks this)', async () => {
    const { provider } = await setup()
    expect(provider.request.constructor.name).toBe('AsyncFunction')
  })

  test('emits connect with the chain id, and disconnect 4900 when the node closes', async () => {
    const { node, provider } = await setup()
    const events: unknown[] = []
    provider.on('connect', (info) => events.push(['connect', info]))
    provider.on('disconnect', (e) => events.push(['disconnect', e.code]))
    await Promise.resolve()
    await node.close()
    expect(events).toEqual([
      ['connect', { chainId: '0x1f' }],
      ['disconnect', 4900],
    ])
    expect(provider.isConnected()).toBe(false)
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 })
  })

  test('stops calling a listener after removeListener', async () => {
    const { node, provider } = await setup()
    let calls = 0
    const listener = () => calls++
    provider.on('disconnect', listener).removeListener('disconnect', listener)
    await node.close()
    expect(calls).toBe(0)
  })
})

describe('libraries over createProvider', () => {
  test('ethers BrowserProvider detects the network', async () => {
    const { provider } = await setup()
    const network = await new BrowserProvider(provider).getNetwork()
    expect(network.chainId).toBe(31n)
  })

  test('viem with a custom transport reads the chain id and the client version', async () => {
    const { provider } = await setup()
    const client = createPublicClient({ transport: custom(provider) })
    expect(await client.getChainId()).toBe(31)
    expect(await client.request({ method: 'web3_clientVersion' })).toBe(
      'anvil/rsk-devnode/0.1.0/linux/node-20.20/dev',
    )
    // `http` is imported only to make sure the custom transport is what is used here.
    expect(typeof http).toBe('function')
  })

  test('web3.js v4 takes it as an EIP-1193 provider', async () => {
    const { provider } = await setup()
    const web3 = new Web3(provider)
    expect(await web3.eth.getChainId()).toBe(31n)
    expect(await web3.eth.net.getId()).toBe(31n)
  })
})
