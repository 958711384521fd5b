/**
 * Everything the server acknowledges survives `kill -9`: the built server (dist/server, as
 * `bin/rsk-devnode.mjs` runs it; `npm test` builds first) runs in a child process, each kind of
 * state of the audit in docs/architecture.md ("What survives a restart") is created and
 * acknowledged, the process is killed with SIGKILL, and a new one on the same data directory
 * must still have it. Metrics and quota usage are flushed every few seconds instead: the test
 * checks that their loss is reported.
 */
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { assertServerBuilt, childServer } from './childServer.js'
import { makeDataDir, send } from './helpers.js'

const SIGNER = COW_ACCOUNTS[1]!.address.toLowerCase()
const REPLACER = COW_ACCOUNTS[2]!.address.toLowerCase()
const HOLDER = '0x00000000000000000000000000000000000d00d3'
const COINBASE = '0x00000000000000000000000000000000000c0b00'
const TO = '0x00000000000000000000000000000000000000c1'

let dataDir: string
let server: ReturnType<typeof childServer>
const startChild = () => server.start()
const killChild = () => server.kill()
function call<T = unknown>(method: string, params: unknown[] = [], network = 'regtest'): Promise<T> {
  return server.call<T>(method, params, network)
}

const before: Record<string, string> = {}

describe('state acknowledged by the server survives kill -9', () => {
  beforeAll(async () => {
    assertServerBuilt()
    dataDir = await makeDataDir()
    server = childServer(dataDir, ['--profile', 'rskj'])
    await startChild()
    before.snapshot = await call<string>('evm_snapshot')
    before.snapshotHead = (await call<{ hash: string }>('eth_getBlockByNumber', ['latest', false])).hash
    await call('evm_setAutomine', [false])
    await call('anvil_setIntervalMining', [3600], 'testnet')
    before.blockFilter = await call<string>('eth_newBlockFilter')
    before.pendingFilter = await call<string>('eth_newPendingTransactionFilter')
    await call('evm_mine')
    expect(await call<string[]>('eth_getFilterChanges', [before.blockFilter])).toHaveLength(1)
    before.signed = await call<string>('eth_sendTransaction', [{ from: SIGNER, to: TO, value: '0x1' }])
    await call('anvil_impersonateAccount', [HOLDER])
    await call('anvil_setBalance', [HOLDER, '0xde0b6b3a7640000'])
    before.impersonated = await call<string>('eth_sendTransaction', [{ from: HOLDER, to: TO, value: '0x2' }])
    before.replacedOld = await call<string>('eth_sendTransaction', [
      { from: REPLACER, to: TO, value: '0x3', nonce: '0x0', gasPrice: '0x10' },
    ])
    before.replacement = await call<string>('eth_sendTransaction', [
      { from: REPLACER, to: TO, value: '0x4', nonce: '0x0', gasPrice: '0x20' },
    ])
    before.timestamp = String(Math.floor(Date.now() / 1000) + 500_000)
    await call('evm_increaseTime', [1_000_000])
    await call('anvil_setNextBlockTimestamp', [Number(before.timestamp)])
    await call('anvil_setCoinbase', [COINBASE])
    before.account = await call<string>('personal_newAccount', ['pw'])
    await killChild()
    await startChild()
  }, 120_000)

  afterAll(async () => {
    await killChild()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('the dev app and its key (apps.json)', async () => {
    expect(await call('eth_chainId')).toBe('0x21')
  })

  test('metrics and quota usage: the stop without close is reported in /admin/metrics', async () => {
    const reply = await send(`${server.base}/admin/metrics`, { method: 'GET' })
    expect(reply.json.server).toMatchObject({ uncleanStops: 1, lastUncleanStop: expect.any(String) })
  })

  test('mining mode: manual on regtest, a one-hour interval on testnet', async () => {
    expect(await call('anvil_getAutomine')).toBe(false)
    expect(await call('anvil_nodeInfo', [], 'testnet')).toMatchObject({
      mining: { mode: 'interval', seconds: 3600 },
    })
  })

  test('impersonation settings: the holder still sends without a key', async () => {
    const hash = await call<string>('eth_sendTransaction', [{ from: HOLDER, to: TO, value: '0x5' }])
    expect(await call('eth_getTransactionByHash', [hash])).toMatchObject({ from: HOLDER, nonce: '0x1' })
  })

  test('node keystore accounts: the created account is still listed, locked (unlocks live in memory, as in RSKj)', async () => {
    expect(await call<string[]>('eth_accounts')).toContain(before.account)
    // The lost unlock is an error, never a hash: nothing is acknowledged for it.
    await expect(call('eth_sendTransaction', [{ from: before.account, to: TO }])).rejects.toThrow(
      `Could not find account for address: ${before.account}`,
    )
    expect(await call('personal_unlockAccount', [before.account, 'pw', '0x3e8'])).toBe(true)
  })

  test('pooled transactions (signed, impersonated, replaced) are mined by the next block, with pinned time and coinbase', async () => {
    // The pending filter reports what is pooled, at least once after a restart.
    expect(await call<string[]>('eth_getFilterChanges', [before.pendingFilter])).toEqual(
      expect.arrayContaining([before.signed, before.impersonated, before.replacement]),
    )
    expect(await call('eth_getTransactionByHash', [before.replacedOld])).toBeNull()
    await call('evm_mine')
    const block = await call<{ hash: string; timestamp: string; miner: string; transactions: string[] }>(
      'eth_getBlockByNumber',
      ['latest', false],
    )
    expect(block.transactions).toEqual(
      expect.arrayContaining([before.signed, before.impersonated, before.replacement]),
    )
    expect(block.transactions).not.toContain(before.replacedOld)
    expect(await call('eth_getTransactionReceipt', [before.impersonated])).toMatchObject({
      from: HOLDER,
      status: '0x1',
    })
    // Time: the pinned next timestamp, then the offset; block overrides: the coinbase.
    expect(BigInt(block.timestamp)).toBe(BigInt(before.timestamp!))
    expect(block.miner).toBe(COINBASE)
    await call('evm_mine')
    const next = await call<{ timestamp: string }>('eth_getBlockByNumber', ['latest', false])
    // A pinned timestamp moves the clock (as in Hardhat): the next block follows it.
    expect(Number(next.timestamp)).toBeGreaterThan(Number(before.timestamp))
    // Filters and their cursors: only the blocks mined since the last poll.
    expect(await call<string[]>('eth_getFilterChanges', [before.blockFilter])).toEqual([
      block.hash,
      expect.any(String),
    ])
  })

  test('snapshots: the one taken first reverts the chain', async () => {
    expect(await call('evm_revert', [before.snapshot])).toBe(true)
    expect((await call<{ hash: string }>('eth_getBlockByNumber', ['latest', false])).hash).toBe(
      before.snapshotHead,
    )
  })
})
