import { describe, expect, test } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import type { NetworkName } from '../../network/networks.js'
import type { ProfileName } from '../../network/profiles.js'
import { createMemoryStore } from '../../storage/memoryStore.js'

async function call(
  method: string,
  params: unknown[] = [],
  network: NetworkName = 'testnet',
  profile?: ProfileName,
) {
  const node = await createNode({
    network,
    storage: createMemoryStore(),
    clock: createManualClock(),
    platform: { os: 'linux', runtime: 'node-20.20' },
    ...(profile ? { profile } : {}),
    accounts: async () => ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'],
  })
  return JSON.stringify(await node.request({ jsonrpc: '2.0', id: 1, method, params }))
}

describe('methods that need no chain, on the wire', () => {
  test('web3_clientVersion', async () => {
    expect(await call('web3_clientVersion')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"anvil/rsk-devnode/0.1.0/linux/node-20.20/dev"}"`,
    )
  })

  test('web3_sha3 hashes with Keccak-256', async () => {
    expect(await call('web3_sha3', ['0x68656c6c6f'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8"}"`,
    )
    expect(await call('web3_sha3', ['0x'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"}"`,
    )
  })

  test("web3_sha3 refuses input without 0x in RSKj's words", async () => {
    expect(await call('web3_sha3', ['68656c6c6f'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Parameter must be hexadecimal encoded with the '0x' prefix."}}"`,
    )
    expect(await call('web3_sha3', ['0xzz'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Parameter must be hexadecimal encoded with the '0x' prefix."}}"`,
    )
    expect(await call('web3_sha3', ['0x123'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string has odd length"}}"`,
    )
  })

  test('net_version and eth_chainId per network', async () => {
    const answers: string[] = []
    for (const network of ['mainnet', 'testnet', 'regtest'] as const) {
      answers.push(await call('net_version', [], network), await call('eth_chainId', [], network))
    }
    expect(answers).toMatchInlineSnapshot(`
      [
        "{"jsonrpc":"2.0","id":1,"result":"30"}",
        "{"jsonrpc":"2.0","id":1,"result":"0x1e"}",
        "{"jsonrpc":"2.0","id":1,"result":"31"}",
        "{"jsonrpc":"2.0","id":1,"result":"0x1f"}",
        "{"jsonrpc":"2.0","id":1,"result":"33"}",
        "{"jsonrpc":"2.0","id":1,"result":"0x21"}",
      ]
    `)
  })

  test('eth_protocolVersion and rsk_protocolVersion', async () => {
    expect(await call('eth_protocolVersion')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x3e"}"`,
    )
    expect(await call('rsk_protocolVersion')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x3e"}"`,
    )
  })

  test('eth_accounts is empty in rpc-api and the node accounts in rskj', async () => {
    expect(await call('eth_accounts')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":[]}"`)
    expect(await call('eth_accounts', [], 'regtest', 'rskj')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":["0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","0x7986b3df570230288501eea3d890bd66948c9b79","0x0a3aa774752ec2042c46548456c094a76c7f3a79","0xcf7cdbbb5f7ba79d3ffe74a0bba13fc0295f6036","0x39b12c05e8503356e3a7df0b7b33efa4c054c409","0xc354d97642faa06781b76ffb6786f72cd7746c97","0xdebe71e1de41fc77c44df4b6db940026e31b0e71","0x7857288e171c6159c5576d1bd9ac40c0c48a771c","0xa4dea4d5c954f5fd9e87f0e9752911e83a3d18b3","0x09a1eda29f664ac8f68106f6567276df0c65d859","0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266","0x70997970c51812dc3a010c7d01b50e0d17dc79c8","0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc","0x90f79bf6eb2c4f870365e785982e1f101e93b906","0x15d34aaf54267db7d7c367839aaf71a00a2c6a65","0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc","0x976ea74026e726554db657fa54763abd0c3a0aa9","0x14dc79964da2c08b23698b3d3cc7ca32193d9955","0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f","0xa0ee7a142d267c1f36714e4a8f75612f20a79720"]}"`,
    )
  })

  test('net_listening, net_peerCount, net_peerList, eth_syncing', async () => {
    expect([
      await call('net_listening'),
      await call('net_peerCount'),
      await call('net_peerList'),
      await call('eth_syncing'),
    ]).toMatchInlineSnapshot(`
      [
        "{"jsonrpc":"2.0","id":1,"result":true}",
        "{"jsonrpc":"2.0","id":1,"result":"0x0"}",
        "{"jsonrpc":"2.0","id":1,"result":[]}",
        "{"jsonrpc":"2.0","id":1,"result":false}",
      ]
    `)
  })

  test('rpc_modules lists the namespaces that have a served method, each at 1.0', async () => {
    const node = await createNode({ storage: createMemoryStore() })
    const response = await node.request({ jsonrpc: '2.0', id: 1, method: 'rpc_modules' })
    const served = new Set(
      node.registry
        .entries()
        .filter((e) => e.status === 'implemented')
        .map((e) => e.namespace),
    )
    expect(response).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: Object.fromEntries([...served].map((ns) => [ns, '1.0'])),
    })
    for (const ns of ['eth', 'net', 'web3', 'rsk', 'rpc']) expect(served.has(ns), ns).toBe(true)
  })

  test('methods without params refuse extra params', async () => {
    expect(await call('eth_chainId', ['0x1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"too many arguments, want at most 0"}}"`,
    )
  })
})
