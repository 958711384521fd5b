/**
 * The real node on LevelDB: a transaction mined through the server is still there after the
 * server restarts on the same data directory, and each network keeps its own chain.
 */
import { JsonRpcProvider, Wallet } from 'ethers'
import { afterEach, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { rpc, startTestServer, type TestServer } from './helpers.js'

let harness: TestServer | undefined

afterEach(async () => {
  await harness?.stop()
  harness = undefined
})

test('a mined transfer survives a restart, and networks keep separate chains', async () => {
  harness = await startTestServer({ nodeFactory: coreNodeFactory() })
  const provider = new JsonRpcProvider(harness.url('regtest'), 33, { staticNetwork: true, cacheTimeout: -1 })
  const wallet = new Wallet(COW_ACCOUNTS[2]!.privateKey, provider)
  const to = '0x00000000000000000000000000000000000000c0'
  const sent = await wallet.sendTransaction({ to, value: 12_345n, type: 0 })
  const receipt = await sent.wait()
  provider.destroy()
  expect(receipt?.status).toBe(1)
  const headBefore = (await rpc(harness.url('regtest'), 'eth_blockNumber')).json.result
  const testnetHead = (await rpc(harness.url('testnet'), 'eth_blockNumber')).json.result

  await harness.restart({ nodeFactory: coreNodeFactory() })

  expect((await rpc(harness.url('regtest'), 'eth_blockNumber')).json.result).toBe(headBefore)
  expect((await rpc(harness.url('regtest'), 'eth_getBalance', [to, 'latest'])).json.result).toBe('0x3039')
  const again = await rpc(harness.url('regtest'), 'eth_getTransactionReceipt', [sent.hash])
  expect(again.json.result).toMatchObject({ transactionHash: sent.hash, status: '0x1' })
  // The transfer went to regtest only.
  expect((await rpc(harness.url('testnet'), 'eth_blockNumber')).json.result).toBe(testnetHead)
  expect((await rpc(harness.url('testnet'), 'eth_getBalance', [to, 'latest'])).json.result).toBe('0x0')
})
